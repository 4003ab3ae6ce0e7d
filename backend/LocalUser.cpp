#include "LocalUser.h"

#include <pwd.h>
#include <unistd.h>

namespace LocalUser {

QString name()
{
    for (const char* variable : {"USER", "LOGNAME"}) {
        const QString value = qEnvironmentVariable(variable).trimmed();
        if (!value.isEmpty())
            return value;
    }
    // getpwuid_r: getpwuid's static buffer is shared by every thread of the process.
    passwd entry{};
    passwd* found = nullptr;
    char buffer[1024];
    if (getpwuid_r(geteuid(), &entry, buffer, sizeof buffer, &found) == 0 && found && found->pw_name)
        return QString::fromLocal8Bit(found->pw_name);
    return {};
}

} // namespace LocalUser
