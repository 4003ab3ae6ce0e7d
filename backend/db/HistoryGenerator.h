#pragma once

#include <QStringList>

#include "db/Database.h"

#include <QString>

#include <functional>

/**
 * Bulk, realistic operation history for benchmarks and console load tests
 * (`refund-tool db generate`). Not part of the write path: it inserts rows directly, with
 * multi-row INSERTs in large transactions, but every row is one the system could have
 * written: closed rows are inserted in their final state (R4), at most one open/unknown
 * row per (order, amount) (R3), attempts 1..6 with the key of their row (R2, R6), outcomes
 * that match the final state (R7, R9, R10), refunded rows with a refund id.
 *
 * Mix (by weight): ~70% refunded, ~10% failed, ~8% unknown (Options::unknownShare), ~12% open; a quarter of open
 * and a tenth of unknown rows have their key expiring within the hour of nowMs. Timestamps
 * are UTC epoch ms over the 90 days before nowMs. Currencies usd, eur, gbp, try, rub. 1-3
 * tool calls per operation (some joined, ~1% lost the insert race, R12). A few unknown rows
 * were resolved by a reviewer (audit entry `resolve`).
 *
 * Rows in their final states are exactly what the schema v4 guard refuses (rows are inserted
 * `open`), so each bulk transaction lifts the guard triggers and restores them before it commits
 * (DatabaseGuard::suspendStatements): no other connection sees the tables unguarded. The rollup and
 * v8 logical-refund-repeat insert triggers are off the same way, their rows written once per
 * transaction instead (a per-row trigger probe without the deferred indexes was quadratic). It must run
 * as the schema owner (on PostgreSQL, ALTER TABLE ... DISABLE TRIGGER), who could drop them anyway.
 *
 * Deterministic: the same seed, count and nowMs give the same rows. Ids carry the seed
 * (orders `h<seed>-<8 digits>`, ascending operation ids), so runs with different seeds can share a database; the same seed
 * twice fails with AlreadyExists and writes nothing more.
 */
class HistoryGenerator
{
public:
    struct Options
    {
        qint64 operations = 10000;     ///< how many refund_ops rows, >= 1
        quint32 seed = 1;
        qint64 nowMs = 0;              ///< the "present", UTC epoch ms; 0 = the system clock
        qint64 operationsPerTransaction = 50000;
        /** Share of rows left unknown, 0..0.20 (default 0.08); more unknown means fewer open. */
        double unknownShare = 0.08;
        /** Called after each committed transaction with (operations written, total). */
        std::function<void(qint64 done, qint64 total)> progress;
    };

    struct Summary
    {
        qint64 operations = 0, orders = 0, attempts = 0, toolCalls = 0, auditEntries = 0;
        qint64 open = 0, unknown = 0, refunded = 0, failed = 0;
        qint64 keyExpiringSoon = 0;    ///< open/unknown rows whose key expires within the hour of nowMs
        qint64 elapsedMs = 0;
    };

    explicit HistoryGenerator(Database& db) : m_db(db) {}

    /**
     * Writes the history. Errors: InvalidArgument (operations < 1), SchemaOutdated /
     * SchemaTooNew (run `refund-tool db migrate`), AlreadyExists (this seed was generated
     * here before), QueryFailed / ConnectionFailed from the engine. A failure rolls back the
     * transaction in progress; earlier transactions stay.
     */
    StoreResult<Summary> generate(const Options& options);

private:
    /** On an empty database, drops the secondary indexes and returns the statements that rebuild them. */
    StoreResult<QStringList> deferSecondaryIndexes();

    Database& m_db;
};
