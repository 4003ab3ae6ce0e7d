#include "cli/CliCommands.h"

#include "db/OperationStore.h"
#include "db/RoleManager.h"
#include "review/OperationLookup.h"
#include "review/ResolutionPolicy.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

// refund-tool review lookup, review resolve: a person settles an unknown operation on the provider's evidence (R15-R17).
namespace Cli {

QList<Command> reviewCommands()
{
    QList<Command> list;

    // R15-R17 from the command line: the same lookup as the console, and the same door
    // (resolve_operation() on PostgreSQL, the same checks in one transaction on SQLite).
    list << Command{{QStringLiteral("review"), QStringLiteral("lookup")},
                    QStringLiteral("Look an operation up at the provider with the read-only key from PROVIDER_API_KEY; "
                                   "prints the lookup as one JSON object, with started_at (R15)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."), QStringLiteral("id")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const QUrl providerUrl = parseProviderUrl(p);
                        const QString key = readKeyFromEnvironment();
                        auto db = openDatabase(p);
                        OperationStore store(*db);
                        auto op = store.operation(operationId);
                        if (!op)
                            fail(op.error());
                        auto order = store.order(op.value().orderId);
                        if (!order)
                            fail(order.error());
                        OperationLookup lookup(providerConfig(*db, providerUrl, key));
                        const LookupResult result = lookup.run(OperationLookup::Target::from(op.value(), order.value()));
                        const auto proposal = ResolutionPolicy::propose(op.value(), result, Clock::system().nowMs());
                        out << QJsonDocument(lookupJson(op.value(), result, proposal)).toJson(QJsonDocument::Compact) << Qt::endl;
                        // A lookup that did not finish is printed (what was found is real) but is no evidence of absence.
                        return result.ok() ? 0 : 1;
                    }};

    list << Command{{QStringLiteral("review"), QStringLiteral("resolve")},
                    QStringLiteral("Resolve an unknown operation as refunded or failed on the evidence `review lookup` "
                                   "printed (R16, R17). Exit 0 resolved, 3 someone else resolved it first, 2 refused."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("as"), QStringLiteral("refunded or failed."), QStringLiteral("status")});
                        p.addOption({QStringLiteral("evidence"), QStringLiteral("The JSON file `review lookup` printed."),
                                     QStringLiteral("file")});
                        p.addOption({QStringLiteral("note"), QStringLiteral("What was checked (audited)."), QStringLiteral("text")});
                        p.addOption({QStringLiteral("actor"),
                                     QStringLiteral("SQLite only: who resolves (default: $USER). On PostgreSQL the "
                                                    "database login is the actor."),
                                     QStringLiteral("name")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const QString as = requireValue(p, QStringLiteral("as")).trimmed().toLower();
                        if (as != QLatin1String("refunded") && as != QLatin1String("failed"))
                            throw CliError{2, QStringLiteral("--as: must be refunded or failed, got \"%1\"").arg(p.value(QStringLiteral("as")))};
                        const QString note = requireValue(p, QStringLiteral("note")).trimmed();
                        const QString path = requireValue(p, QStringLiteral("evidence"));
                        QFile file(path);
                        if (!file.open(QIODevice::ReadOnly))
                            throw CliError{2, QStringLiteral("--evidence: cannot read %1: %2").arg(path, file.errorString())};
                        QJsonParseError parseError;
                        const QJsonDocument doc = QJsonDocument::fromJson(file.read(4 * 1024 * 1024), &parseError);
                        if (!doc.isObject())
                            throw CliError{2, QStringLiteral("--evidence: %1 is not the JSON object `review lookup` prints (%2)")
                                                  .arg(path, parseError.errorString())};
                        const QJsonObject lookup = doc.object();
                        if (lookup.value(QStringLiteral("operation_id")).toString() != operationId)
                            throw CliError{2, QStringLiteral("--evidence: the lookup in %1 is of operation \"%2\", not %3")
                                                  .arg(path, lookup.value(QStringLiteral("operation_id")).toString(), operationId)};
                        const QJsonValue started = lookup.value(QStringLiteral("started_at"));
                        if (!started.isDouble() || started.toDouble() <= 0)
                            throw CliError{2, QStringLiteral("--evidence: started_at is missing; run `refund-tool review lookup` again")};

                        QJsonArray raws;
                        for (const QJsonValue& v : lookup.value(QStringLiteral("refunds")).toArray())
                            raws.append(v.toObject().value(QStringLiteral("refund")));
                        OperationStore::Resolution res;
                        res.status = as == QLatin1String("refunded") ? OperationStatus::Refunded : OperationStatus::Failed;
                        res.note = note;
                        res.lookupStartedAt = qint64(started.toDouble());
                        res.evidence = QJsonObject{{QStringLiteral("lookup"), lookup.value(QStringLiteral("summary"))},
                                                   {QStringLiteral("refunds"), raws},
                                                   {QStringLiteral("source"), QStringLiteral("refund-tool review lookup")}};
                        auto db = openDatabase(p);
                        // SQLite is single-user: the desktop user; on PostgreSQL the function records session_user.
                        res.actor = actorName(p);
                        auto role = RoleManager::currentRole(*db);
                        res.role = role ? role.value() : QStringLiteral("single-user");
                        auto resolved = OperationStore(*db).resolve(operationId, res);
                        if (!resolved) {
                            using C = StoreError::Code;
                            const StoreError& e = resolved.error();
                            if (e.code == C::AlreadyResolved)
                                throw CliError{3, e.message};
                            const bool refused = e.code == C::NotAllowed || e.code == C::InvalidArgument || e.code == C::NotFound
                                || e.message.contains(QLatin1String("permission denied"));
                            throw CliError{refused ? 2 : 1, e.message};
                        }
                        const Operation& op = resolved.value();
                        out << op.operationId << " resolved as " << statusName(op.status)
                            << (op.providerRefundId.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(op.providerRefundId))
                            << (op.failureCode.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(op.failureCode)) << " by "
                            << op.resolvedBy << Qt::endl;
                        return 0;
                    }};
    return list;
}

} // namespace Cli
