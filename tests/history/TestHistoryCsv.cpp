// CSV export of the per-operation history (R12): RFC 4180 round trip with commas, quotes and
// newlines in notes, major units per currency, UTC ISO-8601 times, paging, progress, cancel.
#include "CsvReader.h"
#include "HandBuiltHistory.h"
#include "TestDatabase.h"

#include "history/HistoryCsvExporter.h"
#include "history/HistoryRows.h"

#include <QBuffer>
#include <QtTest>

namespace {
using H = HandBuiltHistory;

QMap<QString, QString> rowByHeader(const QStringList& header, const QStringList& row)
{
    QMap<QString, QString> m;
    for (int i = 0; i < header.size() && i < row.size(); ++i)
        m.insert(header[i], row[i]);
    return m;
}
} // namespace

class TestHistoryCsv : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void escapeFollowsRfc4180();
    void roundTrip();
    void pagesProgressAndCancel();
    void keysetPagesCoverEveryRowOnce();
    void writeFailureIsReported();

private:
    QByteArray exportAll(int pageSize, HistoryCsvExporter::Summary* summary = nullptr);

    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    HandBuiltHistory m_history;
    const HistoryFilter m_range{H::kDay0, H::kDay0 + 3 * H::kDayMs, std::nullopt};
};

void TestHistoryCsv::initTestCase()
{
    m_testDb = std::make_unique<TestDatabase>();
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    const QString error = m_history.build(m_testDb->url(), *m_db);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHistoryCsv::cleanupTestCase()
{
    m_db.reset();
    m_testDb.reset();
}

QByteArray TestHistoryCsv::exportAll(int pageSize, HistoryCsvExporter::Summary* summary)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    HistoryCsvExporter::Options options;
    options.pageSize = pageSize;
    auto r = HistoryCsvExporter(*m_db).write(buffer, m_range, options);
    if (!r) {
        qWarning("%s", qPrintable(r.error().message));
        return {};
    }
    if (summary)
        *summary = r.value();
    return buffer.data();
}

void TestHistoryCsv::escapeFollowsRfc4180()
{
    QCOMPARE(HistoryCsvExporter::escape(QStringLiteral("plain")), QStringLiteral("plain"));
    QCOMPARE(HistoryCsvExporter::escape(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    QCOMPARE(HistoryCsvExporter::escape(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
    QCOMPARE(HistoryCsvExporter::escape(QStringLiteral("x\ny")), QStringLiteral("\"x\ny\""));
    QCOMPARE(HistoryCsvExporter::escape(QStringLiteral("x\ry")), QStringLiteral("\"x\ry\""));
    QCOMPARE(HistoryCsvExporter::escape(QString()), QString());
    QCOMPARE(HistoryCsvExporter::isoUtc(H::kDay0 + 2 * H::kHour + 20 * 60 * 1000 + 29 * 1000 + 999),
             QStringLiteral("2026-11-24T02:20:29Z"));
    QCOMPARE(HistoryCsvExporter::isoUtc(std::nullopt), QString());
}

void TestHistoryCsv::roundTrip()
{
    HistoryCsvExporter::Summary summary;
    const QByteArray csv = exportAll(2000, &summary);
    QVERIFY(!csv.isEmpty());
    QCOMPARE(summary.rows, qint64(7));
    QCOMPARE(summary.total, qint64(7));
    QVERIFY(!summary.cancelled);
    QVERIFY(csv.endsWith("\r\n"));

    QList<QStringList> records;
    QString error;
    QVERIFY2(CsvReader::parse(csv, &records, &error), qPrintable(error));
    QCOMPARE(records.size(), 1 + 7);
    const QStringList header = records.first();
    QCOMPARE(header, HistoryCsvExporter::header());
    for (const QStringList& r : records)
        QCOMPARE(r.size(), header.size());

    // Ordered by created_at: A, B, C, D, E, F, G.
    const QStringList expectedIds = {m_history.operationA, m_history.operationB, m_history.operationC,
                                     m_history.operationD, m_history.operationE, m_history.operationF,
                                     m_history.operationG};
    for (int i = 0; i < expectedIds.size(); ++i)
        QCOMPARE(records[i + 1].first(), expectedIds[i]);

    const auto a = rowByHeader(header, records[1]);
    QCOMPARE(a.value(QStringLiteral("order_id")), QStringLiteral("oA"));
    QCOMPARE(a.value(QStringLiteral("amount")), QStringLiteral("38.00"));
    QCOMPARE(a.value(QStringLiteral("currency")), QStringLiteral("usd"));
    QCOMPARE(a.value(QStringLiteral("status")), QStringLiteral("refunded"));
    QCOMPARE(a.value(QStringLiteral("attempts")), QStringLiteral("2"));
    QCOMPARE(a.value(QStringLiteral("tool_calls")), QStringLiteral("2"));
    QCOMPARE(a.value(QStringLiteral("created_at")), QStringLiteral("2026-11-24T01:00:00Z"));
    QCOMPARE(a.value(QStringLiteral("first_attempt_at")), QStringLiteral("2026-11-24T01:00:00Z"));
    QCOMPARE(a.value(QStringLiteral("key_expires_at")), QStringLiteral("2026-11-25T01:00:00Z"));
    QCOMPARE(a.value(QStringLiteral("closed_at")), QStringLiteral("2026-11-24T01:00:00Z"));
    QCOMPARE(a.value(QStringLiteral("resolved_at")), QString());
    QCOMPARE(a.value(QStringLiteral("provider_refund_id")), QStringLiteral("re_A"));

    const auto b = rowByHeader(header, records[2]);
    QCOMPARE(b.value(QStringLiteral("status")), QStringLiteral("unknown"));
    QCOMPARE(b.value(QStringLiteral("amount")), QStringLiteral("50.00"));
    QCOMPARE(b.value(QStringLiteral("tool_calls")), QStringLiteral("3"));
    QCOMPARE(b.value(QStringLiteral("unknown_reason")), QStringLiteral("attempt_budget_exhausted"));
    QCOMPARE(b.value(QStringLiteral("closed_at")), QString());

    const auto c = rowByHeader(header, records[3]);
    QCOMPARE(c.value(QStringLiteral("amount")), QStringLiteral("500")); // jpy: no minor unit
    QCOMPARE(c.value(QStringLiteral("currency")), QStringLiteral("jpy"));
    QCOMPARE(c.value(QStringLiteral("failure_code")), QStringLiteral("charge_already_refunded"));

    // D's note holds a comma, quotes and a newline: it must come back byte for byte.
    const auto d = rowByHeader(header, records[4]);
    QCOMPARE(d.value(QStringLiteral("resolution_note")), H::noteD());
    QCOMPARE(d.value(QStringLiteral("resolved_by")), QStringLiteral("alice"));
    QCOMPARE(d.value(QStringLiteral("resolved_at")), QStringLiteral("2026-11-25T05:00:00Z"));
    QCOMPARE(d.value(QStringLiteral("amount")), QStringLiteral("20.00"));
    QCOMPARE(d.value(QStringLiteral("provider_refund_id")), QStringLiteral("re_D"));

    const auto e = rowByHeader(header, records[5]);
    QCOMPARE(e.value(QStringLiteral("amount")), QStringLiteral("1.234")); // kwd: three decimals
    QCOMPARE(e.value(QStringLiteral("resolution_note")), H::noteE());
    QCOMPARE(e.value(QStringLiteral("failure_code")), QStringLiteral("no_refund_found"));
    QCOMPARE(e.value(QStringLiteral("resolved_at")), QStringLiteral("2026-11-27T06:30:00Z"));

    const auto f = rowByHeader(header, records[6]);
    QCOMPARE(f.value(QStringLiteral("tool_calls")), QString::number(H::kRacers));
    QCOMPARE(f.value(QStringLiteral("first_attempt_at")), QString());

    // The raw bytes: the header line ends with CRLF and D's note keeps its bare LF inside quotes.
    QVERIFY(csv.startsWith("operation_id,order_id,amount,currency,status,attempts,tool_calls,created_at,"));
    QVERIFY(csv.contains("\"Found re_D, \"\"succeeded\"\"; checked by alice,\nsecond line\""));
}

void TestHistoryCsv::pagesProgressAndCancel()
{
    // Pages of 2 give the same bytes as one big page.
    QCOMPARE(exportAll(2), exportAll(5000));

    QList<QPair<qint64, qint64>> calls;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    HistoryCsvExporter::Options options;
    options.pageSize = 3;
    options.progress = [&](qint64 done, qint64 total) { calls << qMakePair(done, total); };
    auto r = HistoryCsvExporter(*m_db).write(buffer, m_range, options);
    QVERIFY(r);
    QCOMPARE(calls, (QList<QPair<qint64, qint64>>{{3, 7}, {6, 7}, {7, 7}}));

    // Cancel after the first page: the export stops there and says so.
    std::atomic_bool cancel{false};
    QBuffer partial;
    partial.open(QIODevice::WriteOnly);
    options.progress = [&](qint64, qint64) { cancel = true; };
    options.cancel = &cancel;
    auto c = HistoryCsvExporter(*m_db).write(partial, m_range, options);
    QVERIFY(c);
    QVERIFY(c.value().cancelled);
    QCOMPARE(c.value().rows, qint64(3));
    QCOMPARE(partial.data().count("\r\n"), 1 + 3);
}

void TestHistoryCsv::keysetPagesCoverEveryRowOnce()
{
    // Pages of one row, over the wide range with Z and H: every row exactly once, in order.
    const HistoryFilter wide{H::kDay0 - H::kDayMs, H::kDay0 + 4 * H::kDayMs, std::nullopt};
    QStringList seen;
    std::optional<HistoryRows::Cursor> cursor;
    for (int guard = 0; guard < 100; ++guard) {
        auto page = HistoryRows::page(*m_db, wide, cursor, 1);
        QVERIFY(page);
        if (page.value().isEmpty())
            break;
        seen << page.value().first().operationId;
        cursor = HistoryRows::cursorAfter(page.value().first());
    }
    QCOMPARE(seen.size(), 9);
    QCOMPARE(QSet<QString>(seen.begin(), seen.end()).size(), 9);
    QCOMPARE(HistoryRows::count(*m_db, wide).value(), qint64(9));
}

void TestHistoryCsv::writeFailureIsReported()
{
    QBuffer readOnly;
    readOnly.open(QIODevice::ReadOnly);
    HistoryCsvExporter::Options options;
    auto r = HistoryCsvExporter(*m_db).write(readOnly, m_range, options);
    QVERIFY(!r);
    QCOMPARE(r.error().field, QStringLiteral("file"));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestHistoryCsv)
#include "TestHistoryCsv.moc"
