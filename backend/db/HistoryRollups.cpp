#include "db/HistoryRollups.h"

namespace {

const char* kOpsColumns = "day, status, currency, attempts, operations, amount_cents, with_refund_id, calls, "
                          "joined_calls, lost_races, answered_from_refunded, provider_replays";
const char* kOpsKey = "day, status, attempts, currency";
const char* kOpsCounters[] = {"operations",   "amount_cents", "with_refund_id",         "calls",
                              "joined_calls", "lost_races",   "answered_from_refunded", "provider_replays"};

QString opsConflict()
{
    QStringList set;
    for (const char* c : kOpsCounters)
        set << QStringLiteral("%1 = history_day_ops.%1 + excluded.%1").arg(QLatin1String(c));
    return QStringLiteral(" ON CONFLICT (%1) DO UPDATE SET ").arg(QLatin1String(kOpsKey)) +
           set.join(QStringLiteral(", "));
}

QString resolvesConflict()
{
    return QStringLiteral(" ON CONFLICT (day, status, duration_ms) DO UPDATE SET "
                          "operations = history_day_resolves.operations + excluded.operations");
}

QString flag(const QString& condition)
{
    return QStringLiteral("(CASE WHEN %1 THEN 1 ELSE 0 END)").arg(condition);
}

// One operation row's whole contribution to history_day_ops, times sign (+1 / -1). row is NEW or
// OLD. withChildren: count its tool calls and replayed attempts (an UPDATE or DELETE moves them
// with the row; an INSERT has none yet, because both child tables reference refund_ops).
QString opUpsert(const QString& row, int sign, bool withChildren, const QString& condition = {})
{
    const QString s = QString::number(sign);
    auto child = [&](const QString& table, const QString& extra) {
        if (!withChildren)
            return QStringLiteral("0");
        return QStringLiteral("%1 * (SELECT count(*) FROM %2 c WHERE c.operation_id = %3.operation_id%4)")
            .arg(s, table, row, extra);
    };
    const QString values =
        QStringList{HistoryRollups::dayExpression(row + QStringLiteral(".created_at")),
                    row + QStringLiteral(".status"),
                    row + QStringLiteral(".currency"),
                    row + QStringLiteral(".attempts"),
                    s,
                    s + QStringLiteral(" * ") + row + QStringLiteral(".amount_cents"),
                    s + QStringLiteral(" * ") + flag(row + QStringLiteral(".provider_refund_id IS NOT NULL")),
                    child(QStringLiteral("tool_calls"), {}),
                    child(QStringLiteral("tool_calls"), QStringLiteral(" AND c.created_operation = 0")),
                    child(QStringLiteral("tool_calls"), QStringLiteral(" AND c.lost_insert_race = 1")),
                    child(QStringLiteral("tool_calls"), QStringLiteral(" AND c.answered_from_refunded = 1")),
                    child(QStringLiteral("refund_attempts"), QStringLiteral(" AND c.replayed = 1"))}
            .join(QStringLiteral(", "));
    return QStringLiteral("INSERT INTO history_day_ops (%1) SELECT %2 WHERE %3")
               .arg(QLatin1String(kOpsColumns), values,
                    condition.isEmpty() ? QStringLiteral("1 = 1") : condition) +
           opsConflict();
}

// A resolved operation's contribution to history_day_resolves (nothing when resolved_at is NULL).
QString resolveUpsert(const QString& row, int sign)
{
    return QStringLiteral(
               "INSERT INTO history_day_resolves (day, status, duration_ms, operations) "
               "SELECT %1, %2.status, %2.resolved_at - %2.created_at, %3 WHERE %2.resolved_at IS NOT NULL")
               .arg(HistoryRollups::dayExpression(row + QStringLiteral(".created_at")), row,
                    QString::number(sign)) +
           resolvesConflict();
}

// A child row's (tool call's or attempt's) contribution to its operation's rollup row: the
// operation's key columns, no operation or money, then the child's five counters (calls,
// joined, lost races, answered from refunded, provider replays), when `condition` holds.
QString childUpsert(const QString& row, const QStringList& counters, const QString& condition = {})
{
    const QString values = (QStringList{HistoryRollups::dayExpression(QStringLiteral("o.created_at")),
                                        QStringLiteral("o.status"), QStringLiteral("o.currency"),
                                        QStringLiteral("o.attempts"), QStringLiteral("0"), QStringLiteral("0"),
                                        QStringLiteral("0")} +
                            counters)
                               .join(QStringLiteral(", "));
    return QStringLiteral("INSERT INTO history_day_ops (%1) SELECT %2 FROM refund_ops o WHERE o.operation_id = "
                          "%3.operation_id")
               .arg(QLatin1String(kOpsColumns), values, row) +
           condition + opsConflict();
}

// One tool call's contribution to its operation's rollup row.
QString callUpsert(const QString& row, int sign)
{
    const QString s = QString::number(sign);
    return childUpsert(row, {s, s + QStringLiteral(" * ") + flag(row + QStringLiteral(".created_operation = 0")),
                             s + QStringLiteral(" * ") + flag(row + QStringLiteral(".lost_insert_race = 1")),
                             s + QStringLiteral(" * ") + flag(row + QStringLiteral(".answered_from_refunded = 1")),
                             QStringLiteral("0")});
}

// One attempt's contribution (replayed = 1 counts one provider replay).
QString attemptUpsert(const QString& row, int sign)
{
    const QString s = QString::number(sign);
    return childUpsert(row,
                       {QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0"),
                        s + QStringLiteral(" * ") + flag(row + QStringLiteral(".replayed = 1"))},
                       QStringLiteral(" AND %1.replayed = 1").arg(row));
}

// What moves an operation between rollup rows (or changes what it adds there).
const char* kOpChanged =
    "OLD.operation_id IS DISTINCT FROM NEW.operation_id OR OLD.created_at IS DISTINCT FROM NEW.created_at "
    "OR OLD.status IS DISTINCT FROM NEW.status OR OLD.currency IS DISTINCT FROM NEW.currency "
    "OR OLD.attempts IS DISTINCT FROM NEW.attempts OR OLD.amount_cents IS DISTINCT FROM NEW.amount_cents "
    "OR (OLD.provider_refund_id IS NULL) <> (NEW.provider_refund_id IS NULL) "
    "OR OLD.resolved_at IS DISTINCT FROM NEW.resolved_at";
const char* kCallChanged = "OLD.operation_id IS DISTINCT FROM NEW.operation_id OR OLD.created_operation IS "
                           "DISTINCT FROM NEW.created_operation "
                           "OR OLD.lost_insert_race IS DISTINCT FROM NEW.lost_insert_race "
                           "OR OLD.answered_from_refunded IS DISTINCT FROM NEW.answered_from_refunded";
const char* kAttemptChanged =
    "OLD.operation_id IS DISTINCT FROM NEW.operation_id OR OLD.replayed IS DISTINCT FROM NEW.replayed";

QString sqliteCondition(const char* pg)
{
    // SQLite spells IS DISTINCT FROM as IS NOT.
    return QString::fromLatin1(pg).replace(QLatin1String("IS DISTINCT FROM"), QLatin1String("IS NOT"));
}

QStringList tablesSql()
{
    return {
        QStringLiteral(R"(CREATE TABLE history_day_ops (
            day BIGINT NOT NULL,
            status TEXT NOT NULL,
            currency TEXT NOT NULL,
            attempts INTEGER NOT NULL,
            operations BIGINT NOT NULL DEFAULT 0,
            amount_cents BIGINT NOT NULL DEFAULT 0,
            with_refund_id BIGINT NOT NULL DEFAULT 0,
            calls BIGINT NOT NULL DEFAULT 0,
            joined_calls BIGINT NOT NULL DEFAULT 0,
            lost_races BIGINT NOT NULL DEFAULT 0,
            answered_from_refunded BIGINT NOT NULL DEFAULT 0,
            provider_replays BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (day, status, attempts, currency)))"),
        // "Unknown now" (every day's unknown rows) without a scan of every rollup row.
        QStringLiteral("CREATE INDEX history_day_ops_by_status ON history_day_ops (status, day)"),
        QStringLiteral(R"(CREATE TABLE history_day_resolves (
            day BIGINT NOT NULL,
            status TEXT NOT NULL,
            duration_ms BIGINT NOT NULL,
            operations BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (day, status, duration_ms)))"),
    };
}

// Backfill from what is already there, in the migration's transaction (the same grouped queries
// HistoryStats uses for partial days).
QStringList backfillSql()
{
    QStringList counters;
    for (const char* c : kOpsCounters)
        counters << QLatin1String(c);
    return {
        QStringLiteral(
            "INSERT INTO history_day_ops (day, status, currency, attempts, operations, amount_cents, "
            "with_refund_id) ") +
            HistoryRollups::operationsSql(QStringLiteral("1 = 1")),
        QStringLiteral(
            "INSERT INTO history_day_ops (day, status, currency, attempts, calls, joined_calls, lost_races, "
            "answered_from_refunded) ") +
            HistoryRollups::callsSql(QStringLiteral("1 = 1")) + opsConflict(),
        QStringLiteral("INSERT INTO history_day_ops (day, status, currency, attempts, provider_replays) ") +
            HistoryRollups::replaysSql(QStringLiteral("1 = 1")) + opsConflict(),
        QStringLiteral("INSERT INTO history_day_resolves (day, status, duration_ms, operations) ") +
            HistoryRollups::resolvesSql(QStringLiteral("1 = 1")),
    };
}

QStringList sqliteTriggers()
{
    auto body = [](const QStringList& statements) {
        return QStringLiteral(" BEGIN ") + statements.join(QStringLiteral("; ")) + QStringLiteral("; END");
    };
    return {
        QStringLiteral("CREATE TRIGGER history_ops_insert AFTER INSERT ON refund_ops") +
            body({opUpsert(QStringLiteral("NEW"), 1, false), resolveUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral("CREATE TRIGGER history_ops_update AFTER UPDATE ON refund_ops WHEN ") +
            sqliteCondition(kOpChanged) +
            body({opUpsert(QStringLiteral("OLD"), -1, true), opUpsert(QStringLiteral("NEW"), 1, true),
                  resolveUpsert(QStringLiteral("OLD"), -1), resolveUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral("CREATE TRIGGER history_ops_delete AFTER DELETE ON refund_ops") +
            body({opUpsert(QStringLiteral("OLD"), -1, true), resolveUpsert(QStringLiteral("OLD"), -1)}),
        QStringLiteral("CREATE TRIGGER history_calls_insert AFTER INSERT ON tool_calls WHEN NEW.operation_id "
                       "IS NOT NULL") +
            body({callUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral("CREATE TRIGGER history_calls_update AFTER UPDATE ON tool_calls WHEN ") +
            sqliteCondition(kCallChanged) +
            body({callUpsert(QStringLiteral("OLD"), -1), callUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral("CREATE TRIGGER history_calls_delete AFTER DELETE ON tool_calls WHEN OLD.operation_id "
                       "IS NOT NULL") +
            body({callUpsert(QStringLiteral("OLD"), -1)}),
        QStringLiteral(
            "CREATE TRIGGER history_attempts_insert AFTER INSERT ON refund_attempts WHEN NEW.replayed = 1") +
            body({attemptUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral("CREATE TRIGGER history_attempts_update AFTER UPDATE ON refund_attempts WHEN ") +
            sqliteCondition(kAttemptChanged) +
            body({attemptUpsert(QStringLiteral("OLD"), -1), attemptUpsert(QStringLiteral("NEW"), 1)}),
        QStringLiteral(
            "CREATE TRIGGER history_attempts_delete AFTER DELETE ON refund_attempts WHEN OLD.replayed = 1") +
            body({attemptUpsert(QStringLiteral("OLD"), -1)}),
    };
}

QStringList postgresFunctions()
{
    const QString day = [] {
        return QStringLiteral(
                   "ROW(%1, OLD.status, OLD.attempts, OLD.currency) <= ROW(%2, NEW.status, NEW.attempts, "
                   "NEW.currency)")
            .arg(HistoryRollups::dayExpression(QStringLiteral("OLD.created_at")),
                 HistoryRollups::dayExpression(QStringLiteral("NEW.created_at")));
    }();
    const QString resolveOrder =
        QStringLiteral("ROW(%1, OLD.status, OLD.resolved_at - OLD.created_at) <= ROW(%2, NEW.status, "
                       "NEW.resolved_at - NEW.created_at)")
            .arg(HistoryRollups::dayExpression(QStringLiteral("OLD.created_at")),
                 HistoryRollups::dayExpression(QStringLiteral("NEW.created_at")));
    const QString opsFn =
        QStringLiteral(R"(CREATE FUNCTION history_rollup_operation() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                %1;
                %2;
                RETURN NULL;
            END IF;
            IF TG_OP = 'DELETE' THEN
                %3;
                %4;
                RETURN NULL;
            END IF;
            -- Rollup rows are locked in ascending key order (the operation row is already ours).
            IF COALESCE(%5, true) THEN
                %3;
                %6;
            ELSE
                %6;
                %3;
            END IF;
            IF OLD.resolved_at IS NULL OR NEW.resolved_at IS NULL OR COALESCE(%7, true) THEN
                %4;
                %2;
            ELSE
                %2;
                %4;
            END IF;
            RETURN NULL;
        END $$)")
            .arg(opUpsert(QStringLiteral("NEW"), 1, false), resolveUpsert(QStringLiteral("NEW"), 1),
                 opUpsert(QStringLiteral("OLD"), -1, true), resolveUpsert(QStringLiteral("OLD"), -1), day,
                 opUpsert(QStringLiteral("NEW"), 1, true), resolveOrder);
    // Child rows: lock the operation first, so a concurrent status change cannot move it between
    // reading its key and adding to that row; then the rollup row.
    const QString callsFn =
        QStringLiteral(R"(CREATE FUNCTION history_rollup_tool_call() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                IF OLD.operation_id IS NOT NULL THEN
                    PERFORM 1 FROM refund_ops WHERE operation_id = OLD.operation_id FOR NO KEY UPDATE;
                    %1;
                END IF;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                IF NEW.operation_id IS NOT NULL THEN
                    PERFORM 1 FROM refund_ops WHERE operation_id = NEW.operation_id FOR NO KEY UPDATE;
                    %2;
                END IF;
            END IF;
            RETURN NULL;
        END $$)")
            .arg(callUpsert(QStringLiteral("OLD"), -1), callUpsert(QStringLiteral("NEW"), 1));
    const QString attemptsFn =
        QStringLiteral(R"(CREATE FUNCTION history_rollup_attempt() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                IF OLD.replayed = 1 THEN
                    PERFORM 1 FROM refund_ops WHERE operation_id = OLD.operation_id FOR NO KEY UPDATE;
                    %1;
                END IF;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                IF NEW.replayed = 1 THEN
                    PERFORM 1 FROM refund_ops WHERE operation_id = NEW.operation_id FOR NO KEY UPDATE;
                    %2;
                END IF;
            END IF;
            RETURN NULL;
        END $$)")
            .arg(attemptUpsert(QStringLiteral("OLD"), -1), attemptUpsert(QStringLiteral("NEW"), 1));
    // TRUNCATE has no rows to subtract: the counters of the emptied table are zero.
    const QString truncateFn = QStringLiteral(R"(CREATE FUNCTION history_rollup_truncate() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
            IF TG_TABLE_NAME = 'tool_calls' THEN
                UPDATE history_day_ops SET calls = 0, joined_calls = 0, lost_races = 0, answered_from_refunded = 0
                 WHERE calls <> 0 OR joined_calls <> 0 OR lost_races <> 0 OR answered_from_refunded <> 0;
            ELSIF TG_TABLE_NAME = 'refund_attempts' THEN
                UPDATE history_day_ops SET provider_replays = 0 WHERE provider_replays <> 0;
            ELSE
                DELETE FROM history_day_ops;
                DELETE FROM history_day_resolves;
            END IF;
            RETURN NULL;
        END $$)");
    return {opsFn, callsFn, attemptsFn, truncateFn};
}

QStringList postgresTriggers()
{
    return {
        QStringLiteral("CREATE TRIGGER history_rollup_insert_delete AFTER INSERT OR DELETE ON refund_ops "
                       "FOR EACH ROW EXECUTE FUNCTION history_rollup_operation()"),
        QStringLiteral(
            "CREATE TRIGGER history_rollup_update AFTER UPDATE ON refund_ops FOR EACH ROW WHEN (") +
            QLatin1String(kOpChanged) + QStringLiteral(") EXECUTE FUNCTION history_rollup_operation()"),
        QStringLiteral("CREATE TRIGGER history_rollup_insert_delete AFTER INSERT OR DELETE ON tool_calls "
                       "FOR EACH ROW EXECUTE FUNCTION history_rollup_tool_call()"),
        QStringLiteral(
            "CREATE TRIGGER history_rollup_update AFTER UPDATE ON tool_calls FOR EACH ROW WHEN (") +
            QLatin1String(kCallChanged) + QStringLiteral(") EXECUTE FUNCTION history_rollup_tool_call()"),
        QStringLiteral(
            "CREATE TRIGGER history_rollup_insert_delete AFTER INSERT OR DELETE ON refund_attempts "
            "FOR EACH ROW EXECUTE FUNCTION history_rollup_attempt()"),
        QStringLiteral(
            "CREATE TRIGGER history_rollup_update AFTER UPDATE ON refund_attempts FOR EACH ROW WHEN (") +
            QLatin1String(kAttemptChanged) + QStringLiteral(") EXECUTE FUNCTION history_rollup_attempt()"),
        QStringLiteral("CREATE TRIGGER history_rollup_truncate AFTER TRUNCATE ON refund_ops "
                       "FOR EACH STATEMENT EXECUTE FUNCTION history_rollup_truncate()"),
        QStringLiteral("CREATE TRIGGER history_rollup_truncate AFTER TRUNCATE ON tool_calls "
                       "FOR EACH STATEMENT EXECUTE FUNCTION history_rollup_truncate()"),
        QStringLiteral("CREATE TRIGGER history_rollup_truncate AFTER TRUNCATE ON refund_attempts "
                       "FOR EACH STATEMENT EXECUTE FUNCTION history_rollup_truncate()"),
        // Pinned search_path (as v4's functions): a login's temporary table never stands in.
        QStringLiteral(R"(DO $$ DECLARE f text; BEGIN
            FOREACH f IN ARRAY ARRAY['history_rollup_operation()', 'history_rollup_tool_call()',
                                     'history_rollup_attempt()', 'history_rollup_truncate()'] LOOP
                EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
            END LOOP;
        END $$)"),
        // Installations that ran `db roles` before v6: their logins read the new tables at once
        // (`db roles` again also hands the functions to the guard role).
        QStringLiteral(R"(DO $$ DECLARE r record; BEGIN
            FOR r IN SELECT role_name FROM refund_roles WHERE role_name IN (SELECT rolname FROM pg_roles) LOOP
                EXECUTE format('GRANT SELECT ON TABLE history_day_ops, history_day_resolves TO %I', r.role_name);
            END LOOP;
        END $$)"),
    };
}

} // namespace

namespace HistoryRollups {

QString dayExpression(const QString& column)
{
    return QStringLiteral("(CASE WHEN %1 >= 0 THEN %1 / 86400000 ELSE -((-%1 + 86399999) / 86400000) END)")
        .arg(column);
}

QString operationsSql(const QString& where)
{
    return QStringLiteral(
               "SELECT %1, o.status, o.currency, o.attempts, count(*), sum(o.amount_cents), "
               "sum(CASE WHEN o.provider_refund_id IS NULL THEN 0 ELSE 1 END) FROM refund_ops o WHERE %2 "
               "GROUP BY 1, 2, 3, 4")
        .arg(dayExpression(QStringLiteral("o.created_at")), where);
}

QString callsSql(const QString& where)
{
    return QStringLiteral("SELECT %1, o.status, o.currency, o.attempts, count(*), "
                          "sum(CASE WHEN t.created_operation = 0 THEN 1 ELSE 0 END), "
                          "sum(CASE WHEN t.lost_insert_race = 1 THEN 1 ELSE 0 END), "
                          "sum(CASE WHEN t.answered_from_refunded = 1 THEN 1 ELSE 0 END) "
                          "FROM refund_ops o JOIN tool_calls t ON t.operation_id = o.operation_id WHERE %2 "
                          "GROUP BY 1, 2, 3, 4")
        .arg(dayExpression(QStringLiteral("o.created_at")), where);
}

QString replaysSql(const QString& where)
{
    return QStringLiteral("SELECT %1, o.status, o.currency, o.attempts, count(*) "
                          "FROM refund_ops o JOIN refund_attempts a ON a.operation_id = o.operation_id "
                          "WHERE a.replayed = 1 AND %2 GROUP BY 1, 2, 3, 4")
        .arg(dayExpression(QStringLiteral("o.created_at")), where);
}

QString resolvesSql(const QString& where)
{
    return QStringLiteral("SELECT %1, o.status, o.resolved_at - o.created_at, count(*) FROM refund_ops o "
                          "WHERE o.resolved_at IS NOT NULL AND %2 GROUP BY 1, 2, 3")
        .arg(dayExpression(QStringLiteral("o.created_at")), where);
}

QStringList createStatements(bool sqlite)
{
    QStringList out = tablesSql() + backfillSql();
    if (sqlite)
        out += sqliteTriggers();
    else
        out += postgresFunctions() + postgresTriggers();
    return out;
}

QStringList suspendInsertTriggers(bool sqlite)
{
    if (sqlite)
        return {QStringLiteral("DROP TRIGGER history_ops_insert"),
                QStringLiteral("DROP TRIGGER history_calls_insert"),
                QStringLiteral("DROP TRIGGER history_attempts_insert")};
    return {QStringLiteral("ALTER TABLE refund_ops DISABLE TRIGGER history_rollup_insert_delete"),
            QStringLiteral("ALTER TABLE tool_calls DISABLE TRIGGER history_rollup_insert_delete"),
            QStringLiteral("ALTER TABLE refund_attempts DISABLE TRIGGER history_rollup_insert_delete")};
}

QStringList restoreInsertTriggers(bool sqlite)
{
    if (!sqlite)
        return QStringList(suspendInsertTriggers(false))
            .replaceInStrings(QStringLiteral(" DISABLE "), QStringLiteral(" ENABLE "));
    QStringList out;
    for (const QString& sql : sqliteTriggers()) {
        for (const char* name :
             {"history_ops_insert ", "history_calls_insert ", "history_attempts_insert "}) {
            if (sql.startsWith(QStringLiteral("CREATE TRIGGER ") + QLatin1String(name)))
                out << sql;
        }
    }
    return out;
}

QString opsUpsertSql()
{
    return QStringLiteral(
               "INSERT INTO history_day_ops (day, status, attempts, currency, operations, amount_cents, "
               "with_refund_id, calls, joined_calls, lost_races, answered_from_refunded, provider_replays) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") +
           opsConflict();
}

QString resolvesUpsertSql()
{
    return QStringLiteral("INSERT INTO history_day_resolves (day, status, duration_ms, operations) VALUES "
                          "(?, ?, ?, ?)") +
           resolvesConflict();
}

QStringList postgresFunctionSignatures()
{
    return {QStringLiteral("history_rollup_operation()"), QStringLiteral("history_rollup_tool_call()"),
            QStringLiteral("history_rollup_attempt()"), QStringLiteral("history_rollup_truncate()")};
}

QStringList tables()
{
    return {QStringLiteral("history_day_ops"), QStringLiteral("history_day_resolves")};
}

} // namespace HistoryRollups
