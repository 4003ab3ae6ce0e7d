// The console's data path on a large operation database, beside a naive QSqlTableModel that
// fetches everything. Run by tests/benchmark-console.sh on 1,000,000 generated operations;
// not a ctest (timings belong in a report, not in assertions).
//
//   bench_console --db URL              paged model and naive model figures (markdown rows)
//   bench_console --db URL --naive-rss  load everything naively, print this process's peak RSS
#include "Logging.h"
#include "db/Database.h"
#include "db/OperationStore.h"
#include "db/SchemaMigrator.h"
#include "OperationTableModel.h"
#include "StateCountsModel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSqlRecord>
#include <QSqlTableModel>
#include <QTableView>
#include <QTextStream>

#include <sys/resource.h>

#include <algorithm>
#include <functional>

namespace {

double medianMs(int runs, const std::function<void()>& body)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        body();
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

long peakRssKiB(int who = RUSAGE_SELF)
{
    rusage u{};
    getrusage(who, &u);
    return u.ru_maxrss;
}

QString fmt(double ms)
{
    return ms >= 100 ? QString::number(ms, 'f', 0) : QString::number(ms, 'f', 2);
}

QStringList sampleOrderIds(Database& db)
{
    QStringList ids;
    auto q = db.run(QStringLiteral("SELECT order_id FROM refund_ops ORDER BY operation_id LIMIT 5"));
    while (q && q.value().next())
        ids << q.value().value(0).toString();
    return ids;
}

void fetchAll(QSqlTableModel& m)
{
    while (m.canFetchMore())
        m.fetchMore();
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    Logging::init(QStringLiteral("warn"));
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("db"), QStringLiteral("Database URL."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("naive-rss"), QStringLiteral("Only load everything naively and print peak RSS (KiB).")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs per figure (median)."), QStringLiteral("n"), QStringLiteral("5")});
    parser.process(app);
    QTextStream out(stdout);

    auto opened = Database::open(parser.value(QStringLiteral("db")));
    if (!opened) {
        QTextStream(stderr) << opened.error().message << Qt::endl;
        return 2;
    }
    Database& db = *opened.value();
    if (auto r = SchemaMigrator::check(db); !r) {
        QTextStream(stderr) << r.error().message << Qt::endl;
        return 2;
    }
    const int runs = qMax(1, parser.value(QStringLiteral("runs")).toInt());

    if (parser.isSet(QStringLiteral("naive-rss"))) {
        QSqlTableModel naive(nullptr, db.connection());
        naive.setTable(QStringLiteral("refund_ops"));
        naive.select();
        fetchAll(naive);
        out << naive.rowCount() << " rows, peak RSS " << peakRssKiB() << " KiB" << Qt::endl;
        return 0;
    }

    OperationStore store(db);
    const QStringList orders = sampleOrderIds(db);
    const QString engine = db.url().engineName();

    // ---- the console's paged model, with a view as in the window ----
    OperationTableModel model(Clock::system());
    model.setStore(&store);
    QTableView view;
    view.resize(1280, 600);
    view.setModel(&model);
    // As in the window: the navigation's counts give the table its totals (their cost is the "refresh counts" column).
    StateCountsModel counts(Clock::system());
    counts.refresh(store);
    model.setStateCounts(counts.counts());
    const double firstPage = medianMs(runs, [&] { model.setFilter(OperationStore::StateFilter::All); model.reload(); });
    const QList<OperationStore::StateFilter> filters{OperationStore::StateFilter::Unknown, OperationStore::StateFilter::Open,
                                                     OperationStore::StateFilter::Refunded, OperationStore::StateFilter::Failed,
                                                     OperationStore::StateFilter::KeyExpiringSoon};
    int fi = 0;
    const double filterSwitch = medianMs(runs, [&] { model.setFilter(filters[fi++ % filters.size()]); model.reload(); });
    model.setFilter(OperationStore::StateFilter::All);
    int si = 0;
    const double search = medianMs(runs, [&] { model.setSearch(orders.value(si++ % qMax<qsizetype>(1, orders.size()))); model.reload(); });
    model.setSearch({});
    model.reload();
    const double countsMs = medianMs(runs, [&] { counts.refresh(store); });
    model.setVisibleRows(0, 39);
    view.show();
    const double tick = medianMs(runs, [&] {
        for (int i = 0; i < 1000; ++i)
            model.tick();
    }) / 1000.0;

    out << QStringLiteral("| console (paged model) | %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
               .arg(engine, fmt(firstPage), fmt(filterSwitch), fmt(search), fmt(countsMs))
               .arg(tick, 0, 'f', 4)
               .arg(model.rowCount());

    // ---- a naive QSqlTableModel that fetches everything ----
    QSqlTableModel naive(nullptr, db.connection());
    QTableView naiveView;
    naiveView.resize(1280, 600);
    naiveView.setModel(&naive);
    naive.setTable(QStringLiteral("refund_ops"));
    const int naiveRuns = qMin(runs, 3);
    const double naiveFirst = medianMs(naiveRuns, [&] { naive.setFilter({}); naive.select(); fetchAll(naive); });
    const QStringList statuses{QStringLiteral("unknown"), QStringLiteral("open"), QStringLiteral("refunded")};
    int ni = 0;
    const double naiveFilter = medianMs(naiveRuns, [&] {
        naive.setFilter(QStringLiteral("status = '%1'").arg(statuses[ni++ % statuses.size()]));
        naive.select();
        fetchAll(naive);
    });
    naive.setFilter({});
    naive.select();
    fetchAll(naive);
    // A naive search and count run over the rows the model holds.
    const int orderCol = naive.record().indexOf(QStringLiteral("order_id"));
    const int statusCol = naive.record().indexOf(QStringLiteral("status"));
    const int expiresCol = naive.record().indexOf(QStringLiteral("key_expires_at"));
    int hits = 0;
    const double naiveSearch = medianMs(naiveRuns, [&] {
        const QString wanted = orders.value(0);
        for (int r = 0; r < naive.rowCount(); ++r)
            hits += naive.index(r, orderCol).data().toString() == wanted;
    });
    QMap<QString, qint64> byStatus;
    const double naiveCounts = medianMs(naiveRuns, [&] {
        byStatus.clear();
        for (int r = 0; r < naive.rowCount(); ++r)
            byStatus[naive.index(r, statusCol).data().toString()]++;
    });
    naiveView.show();
    const double naiveTick = medianMs(naiveRuns, [&] {
        for (int i = 0; i < 10; ++i)
            emit naive.dataChanged(naive.index(0, expiresCol), naive.index(naive.rowCount() - 1, expiresCol));
    }) / 10.0;
    out << QStringLiteral("| naive QSqlTableModel (fetch all) | %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
               .arg(engine, fmt(naiveFirst), fmt(naiveFilter), fmt(naiveSearch), fmt(naiveCounts))
               .arg(naiveTick, 0, 'f', 4)
               .arg(naive.rowCount());
    Q_UNUSED(hits);
    return 0;
}
