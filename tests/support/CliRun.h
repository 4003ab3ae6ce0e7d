#pragma once

#include <QString>
#include <QStringList>

/** What one in-process `refund-tool` run returned: its exit code, stdout and stderr. */
struct CliRun
{
    int code = 0;
    QString out, err;

    /** Runs `refund-tool <args>` in this process (RefundToolCli), as the binary would. */
    static CliRun run(const QStringList& args);
};

/** Shorthand for CliRun::run(args). */
inline CliRun runCli(const QStringList& args)
{
    return CliRun::run(args);
}

/** A database URL with another user and password (a role's real login, R21). */
QString urlAs(const QString& url, const QString& user, const QString& password);
