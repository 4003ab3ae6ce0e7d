#include "cli/CliCommands.h"

#include "db/OperationStore.h"
#include "review/ClaimChecker.h"
#include "review/CustomerMessage.h"

#include <QCommandLineParser>
#include <QFile>

#include <cstdio>

// refund-tool message draft, message check: the honest customer message and the claim checker (R19).
namespace Cli {

QList<Command> messageCommands()
{
    QList<Command> list;

    // ---- customer messages (R19) ------------------------------------------------------------
    list << Command{{QStringLiteral("message"), QStringLiteral("draft")},
                    QStringLiteral("Print the customer message draft for an operation's status (R19)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."),
                                     QStringLiteral("id")});
                        p.addOption({QStringLiteral("lang"), QStringLiteral("Language: en, ru or tr (default en)."),
                                     QStringLiteral("code"), QStringLiteral("en")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const auto language = MessageLanguages::fromCode(p.value(QStringLiteral("lang")));
                        if (!language)
                            throw CliError{2, QStringLiteral("--lang: must be en, ru or tr, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("lang")))};
                        auto db = openDatabase(p);
                        OperationStore store(*db);
                        auto op = store.operation(operationId);
                        if (!op)
                            fail(op.error());
                        out << CustomerMessage::draft(CustomerMessage::Facts::from(op.value()), *language) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("message"), QStringLiteral("check")},
                    QStringLiteral("Read a customer message on stdin; print each phrase that claims an outcome the "
                                   "status does not allow, exit 1 if any (R19)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption({QStringLiteral("status"),
                                     QStringLiteral("The operation's status: open, unknown, refunded or failed."),
                                     QStringLiteral("status")});
                        p.addOption({QStringLiteral("lang"), QStringLiteral("The message's language: en, ru or tr."),
                                     QStringLiteral("code")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const auto status = operationStatusFromString(requireValue(p, QStringLiteral("status")).trimmed().toLower());
                        if (!status)
                            throw CliError{2, QStringLiteral("--status: must be open, unknown, refunded or failed, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("status")))};
                        const auto language = MessageLanguages::fromCode(requireValue(p, QStringLiteral("lang")));
                        if (!language)
                            throw CliError{2, QStringLiteral("--lang: must be en, ru or tr, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("lang")))};
                        QFile in;
                        if (!in.open(stdin, QIODevice::ReadOnly))
                            throw CliError{2, QStringLiteral("cannot read the message from stdin")};
                        const QString text = QString::fromUtf8(in.readAll());
                        const QList<ClaimChecker::Claim> claims = ClaimChecker::check(text, *language, *status);
                        for (const ClaimChecker::Claim& c : claims)
                            out << c.phrase << Qt::endl;
                        return claims.isEmpty() ? 0 : 1;
                    }};
    return list;
}

} // namespace Cli
