// The console's GUI-thread stalls on a large database (issue 12 item 6). Not a ctest: timings
// belong in a report (tests/benchmark-console.sh prints the table), not in assertions.
//
//   bench_console_stall --db URL --engine LABEL [--check N] [--notifications N] [--results FILE]
//
// The REAL console window (MainWindow from ui/, offscreen QPA) is driven through its public
// surface only: QActions by objectName, the navigation view, the table view (Ctrl+End), the
// search field (typed keys), the Check-all dialog and the History tab found by objectName. Every
// wait is a loop on visible state (rows in the model, the status bar's "Rows a–b of N", the
// navigation's counts, the dialog's progress bar, History's statsUpdated), never a fixed sleep,
// so the harness keeps working when the window's reads move to another thread.
//
// The stall monitor is a 5 ms precise QTimer on the GUI thread: a step's stall is the worst
// lateness of a firing against the one before it (gap - 5 ms), including the gap still open when
// the step ends. A step that blocks the GUI thread for 300 ms shows as about 300 ms.
//
// Set-up (not measured): the oldest N unknown operations (the order Check all sweeps them in)
// get, at a sandbox-provider started here, their order's payment intent (the order's own pi_ id)
// and a refund created with the operation's idempotency key and metadata operation_id/order_id,
// as the refund tool sends it; so OperationLookup finds each by its events and its payment's
// refund list. Created over keep-alive HTTP with 8 requests in flight. The round trip is the
// median of 200 bare GETs of one payment's refunds (read key, keep-alive), before the window.
//
// Steps: open (construct, show, connectDatabase, first rows), views (every navigation row),
// end (Ctrl+End), search (typing an order id), notifications (another connection in another
// thread commits N new operations, one commit each; until the navigation counts show them),
// checkall (Review › Check all unknown, Start, until N lookups are done; then Cancel when more
// unknown operations remain), history (History tab, all time, Refresh, until statsUpdated).
// Prints one line per figure, `key value`, on stdout and into --results.
#include "CheckUnknownDialog.h"
#include "HistoryTab.h"
#include "Logging.h"
#include "MainWindow.h"
#include "OperationTableModel.h"
#include "OperationTableView.h"
#include "SandboxProcess.h"
#include "StateCountsModel.h"
#include "db/Database.h"
#include "db/OperationStore.h"
#include "provider/ProviderClient.h"
#include "review/UnknownSweep.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <functional>
#include <memory>
#include <mutex>

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

QStringList g_results;

void result(const QString& key, const QString& value)
{
    const QString line = key + QLatin1Char(' ') + value;
    g_results << line;
    out() << line << Qt::endl;
}

void note(const QString& text)
{
    std::fprintf(stderr, "bench_console_stall: %s\n", qPrintable(text));
    std::fflush(stderr);
}

/** Event-loop latency of the GUI thread: a 5 ms timer's worst lateness during a step. */
class StallMonitor : public QObject
{
public:
    static constexpr qint64 kIntervalNs = 5'000'000;

    StallMonitor()
    {
        m_clock.start();
        m_last = m_clock.nsecsElapsed();
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] { sample(); });
        m_timer.start();
    }

    void begin()
    {
        m_last = m_clock.nsecsElapsed();
        m_worstNs = 0;
        m_partWorstNs = 0;
        m_over50 = 0;
        m_active = true;
    }

    /** The step's worst stall in ms (the gap still open now included). */
    double end()
    {
        sample();
        m_active = false;
        return m_worstNs / 1e6;
    }

    int stallsOver50() const { return m_over50; }
    /** The worst stall since the last call (or begin()), in ms; the step goes on. */
    double takePart()
    {
        sample();
        const double ms = m_partWorstNs / 1e6;
        m_partWorstNs = 0;
        return ms;
    }
    qint64 nowNs() const { return m_clock.nsecsElapsed(); }

    std::atomic<qint64> heartbeatNs{0};   ///< the last firing, for the stall tracer

private:
    void sample()
    {
        const qint64 now = m_clock.nsecsElapsed();
        heartbeatNs.store(now);
        const qint64 late = now - m_last - kIntervalNs;
        m_last = now;
        if (!m_active)
            return;
        m_worstNs = std::max(m_worstNs, late);
        m_partWorstNs = std::max(m_partWorstNs, late);
        if (late > 50'000'000)
            ++m_over50;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_worstNs = 0;
    qint64 m_partWorstNs = 0;
    int m_over50 = 0;
    bool m_active = false;
};

/**
 * --trace-stalls FILE: a watchdog thread that, while the GUI thread's timer is over 40 ms late,
 * interrupts it every 20 ms (SIGPROF) and writes its stack (backtrace_symbols_fd) into FILE
 * under the current step's name. Demangle with c++filt. Off by default: sampling costs time.
 */
int g_traceFd = -1;
pthread_t g_guiThread;

void onTraceSignal(int)
{
    void* frames[48];
    const int n = backtrace(frames, 48);
    static const char sep[] = "--- stack\n";
    (void)!write(g_traceFd, sep, sizeof sep - 1);
    backtrace_symbols_fd(frames, n, g_traceFd);
}

class StallTracer
{
public:
    StallTracer(const QString& path, StallMonitor& monitor) : m_monitor(monitor)
    {
        g_traceFd = ::open(path.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        g_guiThread = pthread_self();
        void* warm[2];
        backtrace(warm, 2); // loads libgcc before any signal
        struct sigaction sa = {};
        sa.sa_handler = onTraceSignal;
        sa.sa_flags = SA_RESTART;
        sigaction(SIGPROF, &sa, nullptr);
        m_thread = std::thread([this] {
            qint64 lastSample = 0;
            while (!m_stop.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                const qint64 now = m_monitor.nowNs();
                const qint64 late = now - m_monitor.heartbeatNs.load();
                if (late > 40'000'000 && now - lastSample > 20'000'000) {
                    lastSample = now;
                    const QByteArray head = QStringLiteral("=== step %1, %2 ms late\n").arg(step()).arg(late / 1'000'000).toUtf8();
                    (void)!write(g_traceFd, head.constData(), size_t(head.size()));
                    pthread_kill(g_guiThread, SIGPROF);
                }
            }
        });
    }
    ~StallTracer()
    {
        m_stop = true;
        m_thread.join();
        signal(SIGPROF, SIG_IGN);
        ::close(g_traceFd);
    }
    void setStep(const QString& step)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_step = step;
    }

private:
    QString step()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_step;
    }
    StallMonitor& m_monitor;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::mutex m_mutex;
    QString m_step = QStringLiteral("setup");
};

/** QTRY-style: processes events until cond() or timeout; false on timeout. */
bool waitFor(const std::function<bool()>& cond, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!cond()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QTest::qWait(5);
    }
    return true;
}

/** The numbers in the status bar's rows line ("Rows 1–200 of 1,000,000 loaded"), separators dropped. */
QList<qint64> numbersIn(const QString& text)
{
    QList<qint64> n;
    static const QRegularExpression re(QStringLiteral("[0-9][0-9,.\\x{a0}\\x{202f} ]*[0-9]|[0-9]"));
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        QString digits = it.next().captured(0);
        digits.remove(QRegularExpression(QStringLiteral("[^0-9]")));
        n << digits.toLongLong();
    }
    return n;
}

struct SeedOp
{
    QString operationId, orderId, key, paymentIntent, currency;
    qint64 amount = 0, orderTotal = 0;
};

/** Runs requests with up to inFlight at once over one keep-alive manager; false if any failed. */
bool runAll(int count, int inFlight,
            const std::function<QNetworkReply*(int)>& send, QString* error)
{
    int next = 0, running = 0, failed = 0;
    QEventLoop loop;
    std::function<void()> pump = [&] {
        while (running < inFlight && next < count) {
            QNetworkReply* reply = send(next++);
            ++running;
            QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply] {
                const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (status != 200) {
                    if (failed++ == 0 && error)
                        *error = QStringLiteral("HTTP %1: %2").arg(status).arg(QString::fromUtf8(reply->readAll().left(300)));
                }
                reply->deleteLater();
                --running;
                if (next >= count && running == 0)
                    loop.quit();
                else
                    pump();
            });
        }
    };
    if (count == 0)
        return true;
    pump();
    loop.exec();
    return failed == 0;
}

bool seedSandbox(const SandboxProcess& sandbox, const QList<SeedOp>& ops, QString* error)
{
    QNetworkAccessManager net;
    QList<const SeedOp*> orders;
    QSet<QString> seen;
    for (const SeedOp& op : ops)
        if (!seen.contains(op.paymentIntent)) {
            seen.insert(op.paymentIntent);
            orders << &op;
        }
    QElapsedTimer t;
    t.start();
    const bool pis = runAll(int(orders.size()), 8, [&](int i) {
        const SeedOp& o = *orders.at(i);
        QNetworkRequest r(sandbox.url(QStringLiteral("/_sandbox/payment_intents")));
        r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        const QJsonObject body{{QStringLiteral("amount"), double(o.orderTotal)},
                               {QStringLiteral("currency"), o.currency},
                               {QStringLiteral("id"), o.paymentIntent},
                               {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("order_id"), o.orderId}}}};
        return net.post(r, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }, error);
    if (!pis)
        return false;
    const qint64 piMs = t.restart();
    const bool refunds = runAll(int(ops.size()), 8, [&](int i) {
        const SeedOp& o = ops.at(i);
        RefundCreateParams p;
        p.paymentIntent = o.paymentIntent;
        p.amountCents = o.amount;
        p.currency = o.currency;
        p.metadata.insert(QStringLiteral("operation_id"), o.operationId); // as RefundTool sends them
        p.metadata.insert(QStringLiteral("order_id"), o.orderId);
        QNetworkRequest r(sandbox.url(QStringLiteral("/v1/refunds")));
        r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
        r.setRawHeader("Authorization", "Bearer " + sandbox.secretKey().toUtf8());
        r.setRawHeader("Idempotency-Key", o.key.toLatin1());
        return net.post(r, ProviderClient::refundFormBody(p));
    }, error);
    note(QStringLiteral("sandbox seeded: %1 payment intents in %2 ms, %3 refunds in %4 ms")
             .arg(orders.size()).arg(piMs).arg(ops.size()).arg(t.elapsed()));
    return refunds;
}

/** Median of bare GETs (read key, keep-alive) of one payment's refunds, in ms. */
double medianRoundTripMs(const SandboxProcess& sandbox, const QString& paymentIntent, int n)
{
    QNetworkAccessManager net;
    QList<double> ms;
    for (int i = 0; i < n; ++i) {
        QUrl url = sandbox.url(QStringLiteral("/v1/refunds"));
        url.setQuery(QStringLiteral("payment_intent=%1&limit=100").arg(paymentIntent));
        QNetworkRequest r(url);
        r.setRawHeader("Authorization", "Bearer " + sandbox.readKey().toUtf8());
        QElapsedTimer t;
        t.start();
        QNetworkReply* reply = net.get(r);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        ms << t.nsecsElapsed() / 1e6;
        reply->deleteLater();
    }
    std::sort(ms.begin(), ms.end());
    return ms.isEmpty() ? 0 : ms.at(ms.size() / 2);
}

/**
 * The side-by-side baseline for Check all: one bare keep-alive GET of each payment's refund
 * list, inFlight at a time, with nothing else around them (no database, no console). Wall ms.
 * The sandbox serves one request at a time, so this, not round trip ÷ concurrency, is the
 * provider's own floor for the sweep's reads.
 */
double bareConcurrentGetsMs(const SandboxProcess& sandbox, const QStringList& paymentIntents, int inFlight)
{
    QNetworkAccessManager net;
    QEventLoop loop;
    int next = 0, running = 0;
    QElapsedTimer t;
    t.start();
    std::function<void()> issue = [&] {
        while (running < inFlight && next < paymentIntents.size()) {
            QUrl url = sandbox.url(QStringLiteral("/v1/refunds"));
            url.setQuery(QStringLiteral("payment_intent=%1&limit=100").arg(paymentIntents.at(next++)));
            QNetworkRequest r(url);
            r.setRawHeader("Authorization", "Bearer " + sandbox.readKey().toUtf8());
            QNetworkReply* reply = net.get(r);
            ++running;
            QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply] {
                reply->deleteLater();
                --running;
                issue();
                if (running == 0 && next >= paymentIntents.size())
                    loop.quit();
            });
        }
    };
    issue();
    if (running > 0)
        loop.exec();
    return t.nsecsElapsed() / 1e6;
}

int providerRequests(SandboxProcess& sandbox)
{
    int n = 0;
    const QJsonObject byPath = sandbox.stats().value(QStringLiteral("requests_by_path")).toObject();
    for (auto it = byPath.begin(); it != byPath.end(); ++it)
        if (!it.key().contains(QStringLiteral("/_sandbox")))
            n += it.value().toInt();
    return n;
}

QString fmt(double v, int decimals = 0)
{
    return QString::number(v, 'f', decimals);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    Logging::init(QStringLiteral("error"));
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("db"), QStringLiteral("Operation database URL (generated)."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("engine"), QStringLiteral("Label for the results."), QStringLiteral("label"),
                      QStringLiteral("engine")});
    parser.addOption({QStringLiteral("check"), QStringLiteral("Unknown operations given refunds and checked (default 10000)."),
                      QStringLiteral("n"), QStringLiteral("10000")});
    parser.addOption({QStringLiteral("notifications"), QStringLiteral("Operations committed by another connection (default 1000)."),
                      QStringLiteral("n"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("provider-latency-ms"),
                      QStringLiteral("Run Check all again with every provider GET held this long (default 0: not)."),
                      QStringLiteral("ms"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("trace-stalls"), QStringLiteral("Write the GUI thread's stacks during stalls here."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("results"), QStringLiteral("Also write the figures here."), QStringLiteral("file")});
    parser.process(app);
    const QString url = parser.value(QStringLiteral("db"));
    const QString engine = parser.value(QStringLiteral("engine"));
    const int checkN = parser.value(QStringLiteral("check")).toInt();
    const int notifyN = parser.value(QStringLiteral("notifications")).toInt();
    const int latencyMs = parser.value(QStringLiteral("provider-latency-ms")).toInt();
    if (url.isEmpty()) {
        note(QStringLiteral("--db is required"));
        return 2;
    }
    int exitCode = 0;
    auto fail = [&](const QString& why) {
        note(QStringLiteral("FAILED: ") + why);
        exitCode = 1;
    };

    // --- Set-up (not measured): the operations to seed, the sandbox, the round trip.
    auto setupDb = Database::open(url);
    if (!setupDb) {
        note(QStringLiteral("cannot open %1: %2").arg(url, setupDb.error().message));
        return 1;
    }
    Database& db = *setupDb.value();
    QList<SeedOp> seeds;
    {
        // The oldest unknown operations in the order Check all sweeps them (UnknownSweep's query).
        OperationStore store(db);
        OperationStore::Query query;
        query.filter = OperationStore::StateFilter::Unknown;
        query.sort = OperationStore::SortKey::CreatedAt;
        query.descending = false;
        query.limit = 1000;
        while (seeds.size() < checkN) {
            auto page = store.operations(query);
            if (!page) {
                note(page.error().message);
                return 1;
            }
            for (const Operation& op : page.value()) {
                if (seeds.size() >= checkN)
                    break;
                auto order = store.order(op.orderId);
                if (!order) {
                    note(order.error().message);
                    return 1;
                }
                SeedOp s;
                s.operationId = op.operationId;
                s.orderId = op.orderId;
                s.key = op.idempotencyKey;
                s.paymentIntent = order.value().paymentIntent;
                s.currency = op.currency;
                s.amount = op.amountCents;
                s.orderTotal = order.value().amountCents;
                seeds << s;
            }
            if (page.value().size() < query.limit)
                break;
            query.after = OperationStore::cursorOf(page.value().constLast(), query.sort);
        }
    }
    qint64 unknownTotal = 0;
    QString searchOrder;
    {
        auto q = db.run(QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'unknown'"), {}, QStringLiteral("count"));
        if (q && q.value().next())
            unknownTotal = q.value().value(0).toLongLong();
        auto s = db.run(QStringLiteral("SELECT order_id FROM refund_ops ORDER BY created_at DESC, operation_id DESC LIMIT 1 OFFSET 777"),
                        {}, QStringLiteral("sample"));
        if (s && s.value().next())
            searchOrder = s.value().value(0).toString();
    }
    result(QStringLiteral("unknown_in_db"), QString::number(unknownTotal));

    SandboxProcess::Options sandboxOptions;
    if (QFileInfo(QStringLiteral("/dev/shm")).isWritable()) // its store's fsyncs are not what is measured
        sandboxOptions.dbPath = QStringLiteral("/dev/shm/bench_console_stall_%1.db").arg(QCoreApplication::applicationPid());
    SandboxProcess sandbox(sandboxOptions);
    if (!sandbox.start()) {
        note(QStringLiteral("sandbox: %1").arg(sandbox.errorString()));
        return 1;
    }
    QElapsedTimer seedClock;
    seedClock.start();
    QString seedError;
    if (!seedSandbox(sandbox, seeds, &seedError)) {
        note(QStringLiteral("seeding the sandbox failed: %1").arg(seedError));
        return 1;
    }
    result(QStringLiteral("seed_ms"), QString::number(seedClock.elapsed()));
    result(QStringLiteral("seeded_refunds"), QString::number(seeds.size()));
    const double rttMs = seeds.isEmpty() ? 0 : medianRoundTripMs(sandbox, seeds.first().paymentIntent, 200);
    result(QStringLiteral("round_trip_ms"), fmt(rttMs, 2));
    QStringList intents;   // the seeded payments, for the bare GETs beside each Check all
    for (const SeedOp& seed : std::as_const(seeds))
        intents << seed.paymentIntent;
    // lookup_concurrency's default; the Check all row says what the sweep used.
    result(QStringLiteral("bare_gets_4_ms"), fmt(bareConcurrentGetsMs(sandbox, intents, 4), 0));

    // Orders for the notification step's operations, written before it (one commit each).
    QStringList notifyOrders;
    {
        OperationStore store(db);
        const QString tag = QString::number(QDateTime::currentMSecsSinceEpoch());
        for (int i = 0; i < notifyN; ++i) {
            Order o;
            o.orderId = QStringLiteral("stall-%1-%2").arg(tag).arg(i);
            o.amountCents = 5000;
            o.currency = QStringLiteral("usd");
            o.paymentIntent = QStringLiteral("pi_stall%1x%2").arg(tag).arg(i);
            o.createdAt = QDateTime::currentMSecsSinceEpoch();
            if (!store.addOrder(o)) {
                note(QStringLiteral("cannot add order %1").arg(o.orderId));
                return 1;
            }
            notifyOrders << o.orderId;
        }
    }

    StallMonitor monitor;
    std::unique_ptr<StallTracer> tracer;
    if (parser.isSet(QStringLiteral("trace-stalls")))
        tracer = std::make_unique<StallTracer>(parser.value(QStringLiteral("trace-stalls")), monitor);
    double worstAll = 0;
    auto stepDone = [&](const QString& step, bool ok) {
        if (tracer)
            tracer->setStep(QStringLiteral("after ") + step);
        const double ms = monitor.end();
        worstAll = std::max(worstAll, ms);
        result(QStringLiteral("stall_%1_ms").arg(step), fmt(ms, 0));
        result(QStringLiteral("stalls_over_50ms_%1").arg(step), QString::number(monitor.stallsOver50()));
        if (!ok)
            fail(QStringLiteral("step %1 did not reach its end state").arg(step));
    };

    const auto beginStep = [&](const QString& step) {
        if (tracer)
            tracer->setStep(step);
        monitor.begin();
    };
    // --- open
    beginStep(QStringLiteral("open"));
    MainWindow::Options options;
    options.role = QStringLiteral("admin"); // SQLite: shapes the interface; PostgreSQL: the login's role
    auto window = std::make_unique<MainWindow>(Clock::system(), options);
    window->setProvider(sandbox.baseUrl(), sandbox.readKey(), QStringLiteral("benchmark"));
    window->show();
    bool ok = QTest::qWaitForWindowExposed(window.get());
    window->connectDatabase(url);
    auto* table = window->findChild<OperationTableView*>(QStringLiteral("operationsTable"));
    auto* rowsStatus = window->findChild<QLabel*>(QStringLiteral("rowsStatus"));
    auto* navigation = window->findChild<QListView*>(QStringLiteral("stateNavigation"));
    auto* search = window->findChild<QLineEdit*>(QStringLiteral("searchEdit"));
    ok = ok && table && rowsStatus && navigation && search
        && waitFor([&] { return table->model() && table->model()->rowCount() > 0; }, 120000);
    stepDone(QStringLiteral("open"), ok);
    if (!ok)
        return 1;
    QAbstractItemModel* rows = table->model();
    QAbstractItemModel* nav = navigation->model();
    const auto shownTotal = [&] {
        const QList<qint64> n = numbersIn(rowsStatus->text());
        return n.isEmpty() ? qint64(-1) : n.last();
    };

    // --- views: every state filter in the navigation, then back to All.
    beginStep(QStringLiteral("views"));
    ok = true;
    QList<int> order;
    for (int r = 1; r < nav->rowCount(); ++r)
        order << r;
    order << 0;
    for (int r : order) {
        // Any change of the table's rows counts as the answer (a reset now; inserted rows or a
        // layout change if the reads become incremental).
        int changes = 0;
        QObject guard;
        QObject::connect(rows, &QAbstractItemModel::modelReset, &guard, [&] { ++changes; });
        QObject::connect(rows, &QAbstractItemModel::layoutChanged, &guard, [&] { ++changes; });
        QObject::connect(rows, &QAbstractItemModel::rowsInserted, &guard, [&] { ++changes; });
        const QModelIndex index = nav->index(r, 0);
        navigation->setCurrentIndex(index);
        // "Key expires within 1 h" moves with the clock: the navigation's count (the 15 s counts
        // timer) and the table's total may be read a moment apart.
        const bool moving = nav->data(index, StateCountsModel::FilterRole).toInt()
            == int(OperationStore::StateFilter::KeyExpiringSoon);
        const qint64 expected = nav->data(index, StateCountsModel::CountRole).toLongLong();
        ok = waitFor([&] {
            const qint64 shown = shownTotal();
            const bool total = moving ? shown >= 0 && std::abs(shown - expected) <= std::max<qint64>(100, expected / 50)
                                      : shown == expected;
            return changes > 0 && total && (expected == 0 || rows->rowCount() > 0);
        }, 120000) && ok;
        const QString title = nav->data(index).toString().section(QLatin1Char(' '), 0, 0).toLower();
        result(QStringLiteral("stall_view_%1_%2_ms").arg(r).arg(title), fmt(monitor.takePart(), 0));
        if (!ok)
            note(QStringLiteral("view %1: status says '%2', count %3").arg(nav->data(index).toString(), rowsStatus->text()).arg(expected));
    }
    stepDone(QStringLiteral("views"), ok);

    // --- end: Ctrl+End on the table reaches the last row of the whole result.
    beginStep(QStringLiteral("end"));
    table->setFocus();
    QTest::keyClick(table, Qt::Key_End, Qt::ControlModifier);
    ok = waitFor([&] {
        const QList<qint64> n = numbersIn(rowsStatus->text());
        return n.size() >= 3 && n.at(1) == n.at(2) && n.at(2) > 0;
    }, 120000);
    if (!ok)
        note(QStringLiteral("end: status says '%1'").arg(rowsStatus->text()));
    stepDone(QStringLiteral("end"), ok);

    // --- search: type an order id; the table narrows to its operations.
    beginStep(QStringLiteral("search"));
    search->setFocus();
    QTest::keyClicks(search, searchOrder);
    ok = waitFor([&] { return shownTotal() >= 1 && shownTotal() <= 20 && rows->rowCount() >= 1; }, 120000);
    stepDone(QStringLiteral("search"), ok);
    // Clear it again (not measured as a step: the clear button's path is the views step's reload).
    search->clear();
    waitFor([&] { return shownTotal() == nav->data(nav->index(0, 0), StateCountsModel::CountRole).toLongLong(); }, 120000);

    // --- notifications: another connection commits notifyN new operations, one commit each.
    const auto navCount = [&](OperationStore::StateFilter f) {
        for (int r = 0; r < nav->rowCount(); ++r)
            if (nav->data(nav->index(r, 0), StateCountsModel::FilterRole).toInt() == int(f))
                return nav->data(nav->index(r, 0), StateCountsModel::CountRole).toLongLong();
        return qint64(-1);
    };
    const qint64 allBefore = navCount(OperationStore::StateFilter::All);
    std::atomic<int> written{0};
    QString writerError;
    std::unique_ptr<QThread> writer(QThread::create([&] {
        auto wdb = Database::open(url);
        if (!wdb) {
            writerError = wdb.error().message;
            return;
        }
        OperationStore store(*wdb.value());
        for (int i = 0; i < notifyOrders.size(); ++i) {
            auto r = store.beginToolCall(notifyOrders.at(i), 1000, QStringLiteral("toolu_stall_%1").arg(i), {}, 0, nullptr);
            if (!r) {
                writerError = r.error().message;
                return;
            }
            written.fetch_add(1);
        }
    }));
    beginStep(QStringLiteral("notifications"));
    QElapsedTimer notifyClock;
    notifyClock.start();
    writer->start();
    ok = waitFor([&] { return writer->isFinished(); }, 600000);
    const qint64 writeMs = notifyClock.elapsed();
    ok = ok && writerError.isEmpty()
        && waitFor([&] { return navCount(OperationStore::StateFilter::All) == allBefore + notifyN
                                && shownTotal() == allBefore + notifyN; }, 120000);
    if (!writerError.isEmpty())
        note(QStringLiteral("writer: %1").arg(writerError));
    stepDone(QStringLiteral("notifications"), ok);
    result(QStringLiteral("notifications_commits"), QString::number(written.load()));
    result(QStringLiteral("notifications_write_ms"), QString::number(writeMs));
    result(QStringLiteral("notifications_shown_ms"), QString::number(notifyClock.elapsed()));

    // --- checkall: Review › Check all unknown, Start, until checkN lookups are done. Run with
    // the sandbox answering at once (the GUI thread's worst case: items arrive fastest), then,
    // with --provider-latency-ms, again with every provider GET held that long (a delay fault):
    // a provider across a network, where the bound's "round trip ÷ concurrency" means
    // something. On loopback the sandbox serves one request at a time on one of two cores, so
    // 4 lookups in flight cannot be 4 times faster than one; the bare-GET row shows that floor.
    // The keys of the second run start with "net_" (stall_net_checkall_ms, net_checkall_ms, ...).
    auto runCheckAll = [&](const QString& step, const QString& prefix, double roundTripMs) {
        const auto key = [&](const QString& k) {
            return k.startsWith(QLatin1String("stall_")) ? QStringLiteral("stall_") + prefix + k.mid(6) : prefix + k;
        };
        bool ok = true;
        const int requestsBefore = providerRequests(sandbox);
        beginStep(step);
        QAction* checkAll = window->findChild<QAction*>(QStringLiteral("actionCheckAllUnknown"));
        ok = checkAll != nullptr;
        if (checkAll)
            checkAll->trigger();
        QPointer<CheckUnknownDialog> dialog;
        ok = ok && waitFor([&] {
            dialog = window->findChild<CheckUnknownDialog*>(QStringLiteral("checkUnknownDialog"));
            return dialog && dialog->isVisible();
        }, 30000);
        QProgressBar* progress = dialog ? dialog->findChild<QProgressBar*>(QStringLiteral("sweepProgress")) : nullptr;
        QPushButton* startButton = dialog ? dialog->findChild<QPushButton*>(QStringLiteral("sweepStartButton")) : nullptr;
        QPushButton* cancelButton = dialog ? dialog->findChild<QPushButton*>(QStringLiteral("sweepCancelButton")) : nullptr;
        ok = ok && progress && startButton && cancelButton;
        QElapsedTimer sweepClock;
        qint64 sweepMs = -1;
        int concurrency = 0, done = 0, refundedProposals = 0, target = 0;
        bool canceled = false;
        if (ok) {
            QSignalSpy started(dialog->sweep(), &UnknownSweep::started);
            QSignalSpy finished(dialog->sweep(), &UnknownSweep::finished);
            int firstDone = 0;   // finished among the oldest checkN (indices are the sweep's order)
            QObject counter;
            QObject::connect(dialog->sweep(), &UnknownSweep::itemFinished, &counter, [&](int index) {
                firstDone += index < checkN ? 1 : 0;
            });
            sweepClock.start();
            QTest::mouseClick(startButton, Qt::LeftButton);
            ok = waitFor([&] { return started.count() > 0 || finished.count() > 0; }, 600000);
            target = started.isEmpty() ? 0 : std::min<int>(checkN, started.first().at(0).toInt());
            // Done when the oldest `target` are finished (the list's rows), not when any `target` are:
            // with parallel lookups a few later ones finish before the last of them.
            ok = ok && waitFor([&] { return (firstDone >= target && progress->value() >= target) || finished.count() > 0; }, 3600000);
            sweepMs = sweepClock.elapsed();
            result(key(QStringLiteral("stall_checkall_sweep_ms")), fmt(monitor.takePart(), 0));
            if (finished.count() == 0 && dialog->sweep()->isRunning()) {
                canceled = true;
                QElapsedTimer cancelClock;
                cancelClock.start();
                QTest::mouseClick(cancelButton, Qt::LeftButton);
                ok = waitFor([&] { return finished.count() > 0; }, 600000) && ok;
                result(key(QStringLiteral("checkall_cancel_ms")), QString::number(cancelClock.elapsed()));
                result(key(QStringLiteral("stall_checkall_cancel_ms")), fmt(monitor.takePart(), 0));
            }
            ok = waitFor([&] { return finished.count() > 0; }, 600000) && ok;
            concurrency = dialog->sweep()->concurrency();
            // Lookups that ran to the end (a canceled sweep counts the skipped ones as done too).
            const auto& items = dialog->sweep()->items();
            for (const auto& item : items)
                done += item.lookup.ok() ? 1 : 0;
            for (int i = 0; i < std::min<int>(target, items.size()); ++i)
                refundedProposals += items.at(i).proposal.kind == ResolutionPolicy::Proposal::Kind::Refunded ? 1 : 0;
        }
        // Closing the dialog (its sweep's threads joined, its items freed) is part of the step.
        if (dialog) {
            dialog->reject();
            ok = waitFor([&] { return dialog.isNull(); }, 120000) && ok;
            result(key(QStringLiteral("stall_checkall_close_ms")), fmt(monitor.takePart(), 0));
        }
        stepDone(step, ok);
        const int requests = providerRequests(sandbox) - requestsBefore;
        const double perOp = done > 0 ? double(requests) / done : 0;
        const double boundMs = concurrency > 0 ? 1.3 * perOp * target * roundTripMs / concurrency : 0;
        result(key(QStringLiteral("checkall_target")), QString::number(target));
        result(key(QStringLiteral("checkall_ms")), QString::number(sweepMs));
        result(key(QStringLiteral("checkall_canceled_after_target")), canceled ? QStringLiteral("yes") : QStringLiteral("no"));
        result(key(QStringLiteral("checkall_lookups_done")), QString::number(done));
        result(key(QStringLiteral("checkall_refunded_proposals")), QString::number(refundedProposals));
        result(key(QStringLiteral("checkall_concurrency")), QString::number(concurrency));
        result(key(QStringLiteral("checkall_provider_requests")), QString::number(requests));
        result(key(QStringLiteral("requests_per_lookup")), fmt(perOp, 3));
        result(key(QStringLiteral("checkall_bound_ms")), fmt(boundMs, 0));

    };
    runCheckAll(QStringLiteral("checkall"), QString(), rttMs);
    if (latencyMs > 0) {
        if (!sandbox.addFault(QStringLiteral("GET"), QStringLiteral("/v1/*"), QStringLiteral("delay"), 100000000, latencyMs)) {
            fail(QStringLiteral("could not arm the sandbox's delay fault"));
        } else {
            const double netRtt = seeds.isEmpty() ? 0 : medianRoundTripMs(sandbox, seeds.first().paymentIntent, 50);
            result(QStringLiteral("net_latency_ms"), QString::number(latencyMs));
            result(QStringLiteral("net_round_trip_ms"), fmt(netRtt, 2));
            result(QStringLiteral("net_bare_gets_4_ms"), fmt(bareConcurrentGetsMs(sandbox, intents, 4), 0));
            runCheckAll(QStringLiteral("net_checkall"), QStringLiteral("net_"), netRtt);
            int status = 0;   // the History step and the teardown talk to a provider at hand again
            sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"), {}, &status);
            if (status != 200)
                fail(QStringLiteral("could not clear the sandbox's delay fault"));
        }
    }

    // --- history: the History tab over all time.
    beginStep(QStringLiteral("history"));
    auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    auto* history = window->findChild<HistoryTab*>(QStringLiteral("historyTab"));
    ok = tabs && history;
    if (ok) {
        QSignalSpy updated(history, &HistoryTab::statsUpdated);
        QElapsedTimer historyClock;
        historyClock.start();
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->isAncestorOf(history) || tabs->widget(i) == history)
                tabs->setCurrentIndex(i);
        if (auto* preset = history->findChild<QComboBox*>(QStringLiteral("historyPreset"))) {
            const int all = preset->findData(0);
            if (all >= 0)
                preset->setCurrentIndex(all);
        }
        if (auto* refresh = history->findChild<QPushButton*>(QStringLiteral("historyRefresh")))
            QTest::mouseClick(refresh, Qt::LeftButton);
        ok = waitFor([&] { return updated.count() > 0 && !history->isComputing(); }, 600000)
            && updated.last().at(0).toBool();
        result(QStringLiteral("history_tab_ms"), QString::number(historyClock.elapsed()));
    }
    stepDone(QStringLiteral("history"), ok);

    result(QStringLiteral("max_stall_ms"), fmt(worstAll, 0));
    tracer.reset();
    window.reset();
    sandbox.stop();
    if (!sandboxOptions.dbPath.isEmpty()) {
        QFile::remove(sandboxOptions.dbPath);
        QFile::remove(sandboxOptions.dbPath + QStringLiteral("-wal"));
        QFile::remove(sandboxOptions.dbPath + QStringLiteral("-shm"));
    }
    if (parser.isSet(QStringLiteral("results"))) {
        QFile f(parser.value(QStringLiteral("results")));
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            f.write((QStringLiteral("engine ") + engine + QLatin1Char('\n') + g_results.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    }
    return exitCode;
}
