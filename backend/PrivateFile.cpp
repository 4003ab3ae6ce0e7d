#include "PrivateFile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

bool PrivateFile::create(const QString& path, QString* error)
{
    const QByteArray native = QFile::encodeName(path);
    // O_EXCL: never touch a file that exists (another process may be writing it); the mode is
    // given at creation, so there is no moment at which the file is readable by others.
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kMode);
    if (fd >= 0) {
        ::close(fd);
        return true;
    }
    if (errno == EEXIST)
        return true;
    if (error)
        *error =
            QStringLiteral("cannot create %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    return false;
}
