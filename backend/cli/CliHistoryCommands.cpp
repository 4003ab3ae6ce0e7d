#include "cli/CliCommands.h"

#include "history/HistoryCsvExporter.h"
#include "history/HistoryFilter.h"
#include "history/HistoryStats.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QTimeZone>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <optional>

// refund-tool history stats, history export: finance figures and CSV (R12).
namespace Cli {

QList<Command> historyCommands()
{
    QList<Command> list;

    // R12: the finance history from the command line (scripts, scheduled exports).
    auto historyOptions = [](QCommandLineParser& p) {
        p.addOption(dbOption());
        p.addOption({QStringLiteral("from"), QStringLiteral("Start of the range, UTC date (2026-11-24) or epoch ms, inclusive."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("to"), QStringLiteral("End of the range, UTC date or epoch ms, exclusive."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("state"), QStringLiteral("Only operations now in this state: open, unknown, refunded, failed."),
                     QStringLiteral("state")});
    };
    auto historyFilter = [](const QCommandLineParser& p) {
        auto instant = [&](const QString& name) -> qint64 {
            const QString text = requireValue(p, name).trimmed();
            bool ok = false;
            const qint64 ms = text.toLongLong(&ok);
            if (ok && ms >= 0)
                return ms;
            const QDate date = QDate::fromString(text, Qt::ISODate);
            if (!date.isValid())
                throw CliError{2, QStringLiteral("--%1: must be a UTC date (YYYY-MM-DD) or epoch ms, got \"%2\"").arg(name, text)};
            return QDateTime(date, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        };
        HistoryFilter f{instant(QStringLiteral("from")), instant(QStringLiteral("to")), std::nullopt};
        if (p.isSet(QStringLiteral("state"))) {
            f.status = operationStatusFromString(p.value(QStringLiteral("state")).trimmed());
            if (!f.status)
                throw CliError{2, QStringLiteral("--state: must be open, unknown, refunded or failed")};
        }
        if (auto r = f.validate(); !r)
            throw CliError{2, QStringLiteral("--") + r.error().message};
        return f;
    };
    list << Command{{QStringLiteral("history"), QStringLiteral("stats")},
                    QStringLiteral("Print the duplicate-prevention figures of a UTC date range as one JSON object (R12)."),
                    {},
                    historyOptions,
                    [historyFilter](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const HistoryFilter filter = historyFilter(p);
                        auto db = openDatabase(p);
                        auto r = HistoryStats::compute(*db, filter);
                        if (!r)
                            fail(r.error());
                        const HistoryStats::Snapshot& s = r.value();
                        QJsonObject money;
                        for (const auto& m : s.unknownMoney)
                            money.insert(m.currency, m.minorUnits);
                        QJsonObject moneyNow;
                        for (const auto& m : s.unknownNowMoney)
                            moneyNow.insert(m.currency, m.minorUnits);
                        QJsonObject reversedMoney;
                        for (const auto& m : s.reversedMoney)
                            reversedMoney.insert(m.currency, m.minorUnits);
                        QJsonArray overRefunded;
                        for (const auto& l : s.overRefunded)
                            overRefunded.append(QJsonObject{
                                {QStringLiteral("order_id"), l.orderId},
                                {QStringLiteral("amount_cents"), l.amountCents},
                                {QStringLiteral("currency"), l.currency},
                                {QStringLiteral("request_ref"), l.requestRef},
                                {QStringLiteral("operation_ids"), QJsonArray::fromStringList(l.operationIds)},
                                {QStringLiteral("refund_ids"), QJsonArray::fromStringList(l.refundIds)}});
                        QJsonArray histogram;
                        for (qint64 n : s.attemptsHistogram)
                            histogram.append(n);
                        auto ms = [](const std::optional<qint64>& v) { return v ? QJsonValue(*v) : QJsonValue(); };
                        const QJsonObject o{
                            {QStringLiteral("operations"), s.operations},
                            {QStringLiteral("tool_calls"), s.toolCalls},
                            {QStringLiteral("joined_tool_calls"), s.joinedToolCalls},
                            {QStringLiteral("lost_insert_races"), s.lostInsertRaces},
                            {QStringLiteral("answered_from_refunded"), s.answeredFromRefunded},
                            {QStringLiteral("provider_replays"), s.providerReplays},
                            {QStringLiteral("attempts_beyond_first"), s.attemptsBeyondFirst},
                            {QStringLiteral("max_refunds_per_logical_refund"), s.maxRefundsPerLogicalRefund},
                            {QStringLiteral("over_refunded"), overRefunded},
                            {QStringLiteral("duplicates_prevented"), s.duplicatesPrevented},
                            {QStringLiteral("unknown_operations"), s.unknownOperations},
                            {QStringLiteral("unknown_rate"), s.unknownRate()},
                            {QStringLiteral("unknown_minor_units"), money},
                            {QStringLiteral("unknown_now_operations"), s.unknownNowOperations},
                            {QStringLiteral("unknown_now_minor_units"), moneyNow},
                            {QStringLiteral("resolved_operations"), s.resolvedOperations},
                            {QStringLiteral("median_resolve_ms"), s.medianResolveMs ? QJsonValue(*s.medianResolveMs) : QJsonValue()},
                            {QStringLiteral("p90_resolve_ms"), s.p90ResolveMs ? QJsonValue(*s.p90ResolveMs) : QJsonValue()},
                            {QStringLiteral("auto_resolved_operations"), s.autoResolvedOperations},
                            {QStringLiteral("median_settle_by_reconciler_ms"), ms(s.medianSettleByReconcilerMs)},
                            {QStringLiteral("median_settle_by_people_ms"), ms(s.medianSettleByPeopleMs)},
                            {QStringLiteral("reversed_operations"), s.reversedOperations},
                            {QStringLiteral("reversed_minor_units"), reversedMoney},
                            {QStringLiteral("unmatched_events"), s.unmatchedEvents},
                            {QStringLiteral("attempts_histogram"), histogram},
                            {QStringLiteral("elapsed_ms"), s.elapsedMs}};
                        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("history"), QStringLiteral("export")},
                    QStringLiteral("Write the per-operation history of a UTC date range as CSV (RFC 4180)."),
                    {},
                    [historyOptions](QCommandLineParser& p) {
                        historyOptions(p);
                        p.addOption({QStringLiteral("out"), QStringLiteral("The CSV file to write (replaced atomically)."),
                                     QStringLiteral("file")});
                    },
                    [historyFilter](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const HistoryFilter filter = historyFilter(p);
                        const QString path = requireValue(p, QStringLiteral("out"));
                        auto db = openDatabase(p);
                        QSaveFile file(path);
                        if (!file.open(QIODevice::WriteOnly))
                            throw CliError{2, QStringLiteral("--out: cannot write %1: %2").arg(path, file.errorString())};
                        auto r = HistoryCsvExporter(*db).write(file, filter, HistoryCsvExporter::Options{});
                        if (!r)
                            fail(r.error());
                        if (!file.commit())
                            throw CliError{1, QStringLiteral("--out: cannot write %1: %2").arg(path, file.errorString())};
                        out << "wrote " << r.value().rows << " operations to " << path << Qt::endl;
                        return 0;
                    }};
    return list;
}

} // namespace Cli
