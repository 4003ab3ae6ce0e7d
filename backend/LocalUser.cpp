#include "LocalUser.h"

#include <cerrno>
#include <vector>

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
    // The buffer holds the whole entry (gecos, home, shell): start at the system's suggestion
    // and grow on ERANGE, which directory services (LDAP, SSSD) with long entries return.
    const long suggested = sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(suggested > 0 ? size_t(suggested) : 1024);
    passwd entry{};
    passwd* found = nullptr;
    int rc = 0;
    while ((rc = getpwuid_r(geteuid(), &entry, buffer.data(), buffer.size(), &found)) == ERANGE && buffer.size() < (1u << 20))
        buffer.resize(buffer.size() * 2);
    if (rc == 0 && found && found->pw_name)
        return QString::fromLocal8Bit(found->pw_name);
    return {};
}

} // namespace LocalUser
