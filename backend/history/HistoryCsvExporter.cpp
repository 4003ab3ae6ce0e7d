#include "history/HistoryCsvExporter.h"

#include "Money.h"
#include "history/HistoryRows.h"

#include <QDateTime>
#include <QIODevice>
#include <QTimeZone>

namespace {
StoreError writeFailed(const QIODevice& out)
{
    return StoreError::make(StoreError::Code::QueryFailed,
                            QStringLiteral("file: cannot write the CSV file: %1").arg(out.errorString()),
                            QStringLiteral("file"));
}

bool writeLine(QIODevice& out, const QStringList& fields)
{
    QString line;
    for (int i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += QLatin1Char(',');
        line += HistoryCsvExporter::escape(fields[i]);
    }
    line += QLatin1String("\r\n");
    const QByteArray bytes = line.toUtf8();
    return out.write(bytes) == bytes.size();
}
} // namespace

QStringList HistoryCsvExporter::header()
{
    return {QStringLiteral("operation_id"),
            QStringLiteral("order_id"),
            QStringLiteral("amount"),
            QStringLiteral("currency"),
            QStringLiteral("status"),
            QStringLiteral("attempts"),
            QStringLiteral("tool_calls"),
            QStringLiteral("created_at"),
            QStringLiteral("first_attempt_at"),
            QStringLiteral("key_expires_at"),
            QStringLiteral("closed_at"),
            QStringLiteral("resolved_at"),
            QStringLiteral("provider_refund_id"),
            QStringLiteral("unknown_reason"),
            QStringLiteral("failure_code"),
            QStringLiteral("resolved_by"),
            QStringLiteral("resolution_note")};
}

QStringList HistoryCsvExporter::fields(const Operation& op)
{
    return {op.operationId,
            op.orderId,
            Money::toMajor(op.amountCents, op.currency),
            op.currency,
            statusName(op.status),
            QString::number(op.attempts),
            QString::number(op.toolCallCount),
            isoUtc(op.createdAt),
            isoUtc(op.firstAttemptAt),
            isoUtc(op.keyExpiresAt),
            isoUtc(op.closedAt),
            isoUtc(op.resolvedAt),
            op.providerRefundId,
            op.unknownReason,
            op.failureCode,
            op.resolvedBy,
            op.resolutionNote};
}

QString HistoryCsvExporter::escape(const QString& field)
{
    const bool quote = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"')) ||
                       field.contains(QLatin1Char('\r')) || field.contains(QLatin1Char('\n'));
    if (!quote)
        return field;
    QString inner = field;
    inner.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + inner + QLatin1Char('"');
}

QString HistoryCsvExporter::isoUtc(std::optional<qint64> ms)
{
    if (!ms)
        return {};
    // Explicit format: Qt::ISODate writes "+00:00" for a QTimeZone UTC, and finance tools expect "Z".
    return QDateTime::fromMSecsSinceEpoch(*ms, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss'Z'"));
}

StoreResult<HistoryCsvExporter::Summary>
HistoryCsvExporter::write(QIODevice& out, const HistoryFilter& filter, const Options& options)
{
    auto total = HistoryRows::count(m_db, filter);
    if (!total)
        return total.error();
    Summary summary;
    summary.total = total.value();
    if (!writeLine(out, header()))
        return writeFailed(out);
    std::optional<HistoryRows::Cursor> cursor;
    const int pageSize = qBound(1, options.pageSize, 10000);
    for (;;) {
        if (options.cancel && options.cancel->load()) {
            summary.cancelled = true;
            return summary;
        }
        auto page = HistoryRows::page(m_db, filter, cursor, pageSize);
        if (!page)
            return page.error();
        for (const Operation& op : page.value()) {
            if (!writeLine(out, fields(op)))
                return writeFailed(out);
        }
        summary.rows += page.value().size();
        if (options.progress)
            options.progress(summary.rows, qMax(summary.total, summary.rows));
        if (page.value().size() < pageSize)
            break;
        cursor = HistoryRows::cursorAfter(page.value().constLast());
    }
    return summary;
}
