#include "cli/CliCommands.h"

#include "provider/ProviderIds.h"
#include "db/OperationStore.h"

#include <QCommandLineParser>

// refund-tool order add: registers a paid order that refunds are issued against.
namespace Cli {

QList<Command> orderCommands()
{
    QList<Command> list;

    list << Command{{QStringLiteral("order"), QStringLiteral("add")},
                    QStringLiteral("Register a paid order that refunds may be issued against."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("order"), QStringLiteral("Order id."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("amount-cents"), QStringLiteral("Order total in minor units (cents)."),
                                     QStringLiteral("n")});
                        p.addOption({QStringLiteral("currency"), QStringLiteral("ISO 4217 code, e.g. usd."),
                                     QStringLiteral("code")});
                        p.addOption({QStringLiteral("payment-intent"), QStringLiteral("Provider payment intent id (pi_...)."),
                                     QStringLiteral("id")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        // Validate every argument before touching the database: nothing half-written.
                        Order o;
                        o.orderId = checkId(p.value(QStringLiteral("order")), QStringLiteral("order"));
                        o.amountCents = parseAmountCents(p.value(QStringLiteral("amount-cents")));
                        o.currency = requireValue(p, QStringLiteral("currency")).trimmed().toLower();
                        o.paymentIntent = checkId(p.value(QStringLiteral("payment-intent")), QStringLiteral("payment-intent"));
                        if (!ProviderIds::isCurrencyCode(o.currency))
                            throw CliError{2, QStringLiteral("--currency: must be a three-letter ISO 4217 code such as usd, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("currency")))};
                        if (!ProviderIds::isPaymentIntentId(o.paymentIntent))
                            throw CliError{2, QStringLiteral("--payment-intent: must start with pi_, got \"%1\"").arg(o.paymentIntent)};
                        auto db = openDatabase(p, true, Database::SqliteCheck::Full);
                        OperationStore store(*db);
                        auto r = store.addOrder(o);
                        if (!r)
                            fail(r.error());
                        out << "order " << r.value().orderId << ": " << r.value().amountCents << " " << r.value().currency
                            << " (" << r.value().paymentIntent << ")" << Qt::endl;
                        return 0;
                    }};
    return list;
}

} // namespace Cli
