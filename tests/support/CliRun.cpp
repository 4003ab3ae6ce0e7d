#include "CliRun.h"

#include "cli/RefundToolCli.h"

#include <QTextStream>
#include <QUrl>

CliRun CliRun::run(const QStringList& args)
{
    CliRun r;
    QTextStream out(&r.out), err(&r.err);
    r.code = RefundToolCli(out, err).run(QStringList{QStringLiteral("refund-tool")} + args);
    return r;
}

QString urlAs(const QString& url, const QString& user, const QString& password)
{
    QUrl u(url);
    u.setUserName(user);
    u.setPassword(password);
    return u.toString();
}
