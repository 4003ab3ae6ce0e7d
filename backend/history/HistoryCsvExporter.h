#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "history/HistoryFilter.h"

#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

class QIODevice;

/**
 * Writes the per-operation history of a HistoryFilter as CSV (RFC 4180): a header line, one
 * line per operation ordered by created_at then operation_id, CRLF line ends, UTF-8, fields
 * holding a comma, a double quote, CR or LF quoted with inner quotes doubled.
 *
 * Columns (header()): operation_id, order_id, amount (major units, e.g. 38.00; 500 for jpy;
 * 1.234 for kwd, see Money::toMajor), currency, status, attempts, tool_calls, created_at,
 * first_attempt_at, key_expires_at, closed_at, resolved_at (UTC ISO-8601,
 * "2026-11-30T02:20:29Z"; empty when not set), provider_refund_id, unknown_reason,
 * failure_code, resolved_by, resolution_note.
 *
 * Rows are streamed page by page (HistoryRows keyset pages), never all in memory. Runs on the
 * thread that owns db; a GUI runs it in a worker thread with its own connection.
 */
class HistoryCsvExporter
{
public:
    struct Options
    {
        int pageSize = 2000; ///< rows per query, 1..10000
        /** After each page: (rows written, total rows). */
        std::function<void(qint64 done, qint64 total)> progress;
        /** Checked before each page; when it becomes true the export stops (cancelled = true). */
        const std::atomic_bool* cancel = nullptr;
    };

    struct Summary
    {
        qint64 rows = 0;        ///< data rows written (without the header)
        qint64 total = 0;       ///< rows the filter covered when the export started
        bool cancelled = false; ///< the output holds a partial file then: discard it
    };

    explicit HistoryCsvExporter(Database& db)
        : m_db(db)
    {
    }

    /**
     * Writes to out (open for writing). Errors: InvalidArgument (bad range), QueryFailed /
     * ConnectionFailed from the engine, QueryFailed with field "file" when out refuses a write.
     */
    StoreResult<Summary> write(QIODevice& out, const HistoryFilter& filter, const Options& options);

    static QStringList header();
    /** The fields of one operation, in header() order, unescaped. */
    static QStringList fields(const Operation& op);
    /** One CSV field, quoted only when it must be (RFC 4180 section 2). */
    static QString escape(const QString& field);
    /** "2026-11-30T02:20:29Z" (seconds precision, UTC); empty for nullopt. */
    static QString isoUtc(std::optional<qint64> ms);

private:
    Database& m_db;
};
