#include "db/LogicalRefundRepeats.h"

namespace LogicalRefundRepeats {

namespace {
const char* kTable = "CREATE TABLE logical_refund_repeats (order_id TEXT NOT NULL, amount_cents BIGINT NOT NULL, "
                     "request_ref TEXT NOT NULL, PRIMARY KEY (order_id, amount_cents, request_ref))";
// Every logical refund with more than one operation among the operations `where` selects (all
// when empty); one already listed is left as it is.
QString backfill(bool sqlite, const QString& where)
{
    return QStringLiteral("INSERT %1INTO logical_refund_repeats (order_id, amount_cents, request_ref) "
                          "SELECT order_id, amount_cents, request_ref FROM refund_ops %2"
                          "GROUP BY order_id, amount_cents, request_ref HAVING count(*) > 1%3")
        .arg(sqlite ? QStringLiteral("OR IGNORE ") : QString(),
             where.isEmpty() ? QString() : QStringLiteral("WHERE ") + where + QLatin1Char(' '),
             sqlite ? QString() : QStringLiteral(" ON CONFLICT DO NOTHING"));
}
// Another operation of the new row's identity (refund_ops_by_identity).
const char* kOther = "EXISTS (SELECT 1 FROM refund_ops r WHERE r.order_id = NEW.order_id AND "
                     "r.amount_cents = NEW.amount_cents AND r.request_ref = NEW.request_ref AND "
                     "r.operation_id <> NEW.operation_id)";
} // namespace

QStringList createStatements(bool sqlite)
{
    if (sqlite) {
        return {QLatin1String(kTable), backfill(true, {}),
                QStringLiteral("CREATE TRIGGER logical_refund_repeats_insert AFTER INSERT ON refund_ops WHEN %1 "
                               "BEGIN INSERT OR IGNORE INTO logical_refund_repeats (order_id, amount_cents, "
                               "request_ref) VALUES (NEW.order_id, NEW.amount_cents, NEW.request_ref); END")
                    .arg(QLatin1String(kOther))};
    }
    return {
        QLatin1String(kTable),
        backfill(false, {}),
        QStringLiteral(R"(CREATE FUNCTION logical_refund_repeat() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN
                IF %1 THEN
                    INSERT INTO logical_refund_repeats (order_id, amount_cents, request_ref)
                        VALUES (NEW.order_id, NEW.amount_cents, NEW.request_ref) ON CONFLICT DO NOTHING;
                END IF;
                RETURN NULL;
            END $$)")
            .arg(QLatin1String(kOther)),
        QStringLiteral("DO $$ BEGIN EXECUTE format('ALTER FUNCTION logical_refund_repeat() SET search_path = %I, "
                       "pg_temp', current_schema()); END $$"),
        QStringLiteral("CREATE TRIGGER logical_refund_repeats_insert AFTER INSERT ON refund_ops "
                       "FOR EACH ROW EXECUTE FUNCTION logical_refund_repeat()"),
    };
}

QStringList suspendStatements(bool sqlite)
{
    if (sqlite)
        return {QStringLiteral("DROP TRIGGER logical_refund_repeats_insert")};
    return {QStringLiteral("ALTER TABLE refund_ops DISABLE TRIGGER logical_refund_repeats_insert")};
}

QStringList restoreStatements(bool sqlite)
{
    if (sqlite)
        return {createStatements(true).constLast()};
    return {QStringLiteral("ALTER TABLE refund_ops ENABLE TRIGGER logical_refund_repeats_insert")};
}

QString backfillOrdersSql(bool sqlite)
{
    return backfill(sqlite, QStringLiteral("order_id BETWEEN ? AND ?"));
}

QStringList postgresFunctionSignatures()
{
    return {QStringLiteral("logical_refund_repeat()")};
}

QStringList tables()
{
    return {QStringLiteral("logical_refund_repeats")};
}

} // namespace LogicalRefundRepeats
