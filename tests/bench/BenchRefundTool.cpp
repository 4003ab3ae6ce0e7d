// Throughput of the refund tool's success path, in process, against the sandbox provider on
// loopback, beside bare HTTP POSTs to the same sandbox: what the tool's bookkeeping (a
// committed row, a counted attempt, logs, closing the row) costs per refund. Run by
// tests/benchmark-refund-tool.sh; not a ctest (timings belong in a report, not in assertions).
//
// "requests/call" is measured at the sandbox (its requests_total before and after), so a
// layer that resends on its own shows up here (R12: one attempt is one request).
//
// Issue 13 adds: SQL statements per successful call on PostgreSQL in a long-running tool
// (counted by the server: log_statement = all for the benchmark's role, lines of its database
// in the server log, when REFUND_BENCH_PG_LOG names that log), and 8 concurrent callers through
// `refund-tool mcp` beside 8 concurrent bare POST streams.
#include "SandboxProcess.h"
#include "TestDatabase.h"

#include "Logging.h"
#include "db/OperationStore.h"
#include "db/DatabaseUrl.h"
#include "db/SchemaMigrator.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTextStream>

#include <QThread>

#include <atomic>
#include <thread>
#include <vector>

namespace {
struct Figure
{
    int calls = 0;
    double seconds = 0;
    int requests = 0;   ///< requests the sandbox received for these calls
    double requestsPerCall() const { return calls ? double(requests) / calls : 0; }
    double perSecond() const { return seconds > 0 ? calls / seconds : 0; }
    double msPerCall() const { return calls ? 1000.0 * seconds / calls : 0; }
};

bool preparePayments(SandboxProcess& sandbox, int n, const QString& prefix, QStringList* pis)
{
    for (int i = 0; i < n; ++i) {
        const QString pi = sandbox.createPaymentIntent(1000 + i % 50, QStringLiteral("usd"),
                                                       QJsonObject{{QStringLiteral("order_id"), prefix + QString::number(i)}});
        if (pi.isEmpty())
            return false;
        *pis << pi;
    }
    return true;
}

/** n bare POST /v1/refunds over `streams` threads, each with its own client (one request in flight per stream). */
Figure bareHttpPosts(SandboxProcess& sandbox, int n, int streams = 1)
{
    static int batch = 0;
    ++batch;
    QStringList pis;
    if (!preparePayments(sandbox, n, QStringLiteral("bare-%1-").arg(batch), &pis))
        return {};
    const ProviderConfig config{sandbox.baseUrl(), sandbox.secretKey(), 10000};
    const int requestsBefore = sandbox.stats().value(QStringLiteral("requests_total")).toInt();
    std::atomic<int> ok{0};
    const auto work = [&](int first) {
        ProviderClient client(config);
        for (int i = first; i < n; i += streams) {
            RefundCreateParams p;
            p.paymentIntent = pis[i];
            p.amountCents = 1000 + i % 50;
            p.currency = QStringLiteral("usd");
            p.metadata = {{QStringLiteral("order_id"), QStringLiteral("bare-%1").arg(i)},
                          {QStringLiteral("operation_id"), QStringLiteral("op_bare_%1_%2").arg(batch).arg(i)}};
            ok += client.createRefund(p, QStringLiteral("bench-bare-%1-%2-%3").arg(QCoreApplication::applicationPid()).arg(batch).arg(i))
                      .outcome
                == AttemptOutcome::Succeeded;
        }
    };
    QElapsedTimer timer;
    timer.start();
    std::vector<std::thread> threads;
    for (int c = 0; c < streams; ++c)
        threads.emplace_back(work, c);
    for (auto& th : threads)
        th.join();
    Figure f{ok.load(), timer.nsecsElapsed() / 1e9};
    f.requests = sandbox.stats().value(QStringLiteral("requests_total")).toInt() - requestsBefore;
    return f;
}

/** n tool calls on distinct orders, spread over `callers` threads (each its own connection and client). */
Figure toolCalls(SandboxProcess& sandbox, const QString& engine, int n, int callers, QString* error)
{
    TestDatabase t(engine);
    if (!t.isValid()) {
        *error = t.error();
        return {};
    }
    auto db = t.openMigrated();
    if (!db) {
        *error = QStringLiteral("cannot open %1").arg(engine);
        return {};
    }
    OperationStore store(*db);
    QStringList pis;
    const QString prefix = engine + QStringLiteral("-");
    if (!preparePayments(sandbox, n, prefix, &pis)) {
        *error = sandbox.errorString();
        return {};
    }
    for (int i = 0; i < n; ++i)
        store.addOrder(Order{prefix + QString::number(i), 1000 + i % 50, QStringLiteral("usd"), pis[i], 0});
    const QString url = t.url();
    const ProviderConfig config{sandbox.baseUrl(), sandbox.secretKey(), 10000};
    const int requestsBefore = sandbox.stats().value(QStringLiteral("requests_total")).toInt();
    std::atomic<int> ok{0};
    const auto work = [&](int first, int step, Database* own) {
        std::unique_ptr<Database> mine;
        if (!own) {
            auto opened = Database::open(url);
            if (!opened)
                return;
            mine = std::move(opened).value();
            own = mine.get();
        }
        ProviderClient client(config);
        RefundTool tool(*own, client);
        for (int i = first; i < n; i += step) {
            auto r = tool.call({QStringLiteral("toolu_bench_%1").arg(i), prefix + QString::number(i), 1000 + i % 50});
            ok += r && r.value().status == RefundToolResult::Status::Refunded;
        }
    };
    QElapsedTimer timer;
    timer.start();
    if (callers <= 1) {
        work(0, 1, db.get());
    } else {
        std::vector<std::thread> threads;
        for (int c = 0; c < callers; ++c)
            threads.emplace_back(work, c, callers, nullptr);
        for (auto& th : threads)
            th.join();
    }
    Figure f{ok.load(), timer.nsecsElapsed() / 1e9};
    f.requests = sandbox.stats().value(QStringLiteral("requests_total")).toInt() - requestsBefore;
    return f;
}

/** Orders prefix0..prefix(n-1) with their payment intents, in the database at url. */
bool prepareOrders(SandboxProcess& sandbox, Database& db, int n, const QString& prefix)
{
    QStringList pis;
    if (!preparePayments(sandbox, n, prefix, &pis))
        return false;
    OperationStore store(db);
    for (int i = 0; i < n; ++i) {
        if (!store.addOrder(Order{prefix + QString::number(i), 1000 + i % 50, QStringLiteral("usd"), pis[i], 0}))
            return false;
    }
    return true;
}

/**
 * SQL statements the PostgreSQL server ran per successful RefundTool::call in one long-lived
 * tool (its connection and prepared statements warm): the server logs every statement of the
 * benchmark's role (log_statement = all, set by tests/benchmark-refund-tool.sh), and the lines
 * of this run's database are counted. -1 when the log is not readable.
 */
double statementsPerCall(SandboxProcess& sandbox, int n, QString* error)
{
    const QString logPath = qEnvironmentVariable("REFUND_BENCH_PG_LOG");
    TestDatabase t(QStringLiteral("postgresql"));
    if (logPath.isEmpty() || !t.isValid()) {
        *error = logPath.isEmpty() ? QStringLiteral("REFUND_BENCH_PG_LOG is not set") : t.error();
        return -1;
    }
    auto db = t.openMigrated();
    const auto url = DatabaseUrl::parse(t.url());
    if (!db || !url || !prepareOrders(sandbox, *db, n + 20, QStringLiteral("stmt-"))) {
        *error = QStringLiteral("cannot prepare the statement count");
        return -1;
    }
    ProviderClient client(ProviderConfig{sandbox.baseUrl(), sandbox.secretKey(), 10000});
    RefundTool tool(*db, client);
    for (int i = 0; i < 20; ++i)   // warm: the statements are prepared once per connection
        tool.call({QStringLiteral("toolu_warm_%1").arg(i), QStringLiteral("stmt-%1").arg(i), 1000 + i % 50});
    QFile log(logPath);
    if (!log.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(logPath, log.errorString());
        return -1;
    }
    const qint64 start = log.size();
    int ok = 0;
    for (int i = 20; i < n + 20; ++i) {
        auto r = tool.call({QStringLiteral("toolu_stmt_%1").arg(i), QStringLiteral("stmt-%1").arg(i), 1000 + i % 50});
        ok += r && r.value().status == RefundToolResult::Status::Refunded;
    }
    QThread::msleep(300);   // the server writes its log asynchronously
    log.seek(start);
    const QString marker = QStringLiteral("%1@%2 LOG:  ").arg(url->user(), url->databaseName());
    static const QRegularExpression statement(QStringLiteral("LOG:  (statement|execute [^:]*): "));
    int statements = 0;
    while (!log.atEnd()) {
        const QString line = QString::fromUtf8(log.readLine());
        if (line.contains(marker) && statement.match(line).hasMatch())
            ++statements;
    }
    if (ok != n || statements == 0) {
        *error = QStringLiteral("%1 of %2 calls refunded, %3 statements logged (is log_statement = all set?)").arg(ok).arg(n).arg(statements);
        return -1;
    }
    return double(statements) / n;
}

/**
 * n issue_refund calls through one `refund-tool mcp` process (workers = callers) from
 * `callers` concurrent callers, each keeping one request in flight, as an agent runtime would.
 */
Figure mcpCalls(SandboxProcess& sandbox, const QString& engine, int n, int callers, QString* error)
{
    TestDatabase t(engine);
    if (!t.isValid()) {
        *error = t.error();
        return {};
    }
    auto db = t.openMigrated();
    const QString prefix = QStringLiteral("mcp-%1-").arg(engine);
    if (!db || !prepareOrders(sandbox, *db, n, prefix)) {
        *error = QStringLiteral("cannot prepare %1").arg(engine);
        return {};
    }
    QProcess mcp;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PROVIDER_API_KEY"), sandbox.secretKey());
    env.insert(QStringLiteral("REFUND_LOG_LEVEL"), QStringLiteral("warn"));
    env.insert(QStringLiteral("REFUND_LOG_FILE"), QString());
    mcp.setProcessEnvironment(env);
    mcp.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    mcp.start(QStringLiteral(REFUND_TOOL_BIN), {QStringLiteral("mcp"), QStringLiteral("--db"), t.url(), QStringLiteral("--provider-url"),
                                               sandbox.baseUrl().toString(), QStringLiteral("--workers"), QString::number(callers)});
    if (!mcp.waitForStarted(10000)) {
        *error = mcp.errorString();
        return {};
    }
    const auto send = [&mcp](const QJsonObject& o) { mcp.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n'); };
    const auto call = [&](int i) {
        send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                         {QStringLiteral("id"), i},
                         {QStringLiteral("method"), QStringLiteral("tools/call")},
                         {QStringLiteral("params"),
                          QJsonObject{{QStringLiteral("name"), QStringLiteral("issue_refund")},
                                      {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("order_id"), prefix + QString::number(i)},
                                                                                {QStringLiteral("amount_cents"), 1000 + i % 50}}}}}});
    };
    send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), -1}, {QStringLiteral("method"), QStringLiteral("initialize")},
                     {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")},
                                                            {QStringLiteral("capabilities"), QJsonObject{}},
                                                            {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("bench")},
                                                                                                       {QStringLiteral("version"), QStringLiteral("1")}}}}}});
    while (!mcp.canReadLine() && mcp.waitForReadyRead(10000)) {
    }
    mcp.readLine();
    const int requestsBefore = sandbox.stats().value(QStringLiteral("requests_total")).toInt();
    QElapsedTimer timer;
    timer.start();
    int next = 0, answered = 0, ok = 0;
    for (; next < qMin(callers, n); ++next)
        call(next);
    while (answered < n) {
        if (!mcp.canReadLine() && !mcp.waitForReadyRead(30000)) {
            *error = QStringLiteral("refund-tool mcp stopped answering after %1 of %2").arg(answered).arg(n);
            break;
        }
        while (mcp.canReadLine()) {
            const QJsonObject m = QJsonDocument::fromJson(mcp.readLine()).object();
            ++answered;
            ok += m.value(QStringLiteral("result")).toObject().value(QStringLiteral("structuredContent")).toObject().value(QStringLiteral("status")).toString()
                == QLatin1String("refunded");
            if (next < n)
                call(next++);   // this caller's next request
        }
    }
    Figure f{ok, timer.nsecsElapsed() / 1e9};
    f.requests = sandbox.stats().value(QStringLiteral("requests_total")).toInt() - requestsBefore;
    mcp.closeWriteChannel();   // stdin's end: the server finishes and exits 0
    if (!mcp.waitForFinished(30000) || mcp.exitCode() != 0)
        *error = QStringLiteral("refund-tool mcp did not exit 0 at the end of stdin");
    return f;
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    Logging::init(QStringLiteral("warn"));
    const int n = qMax(50, qEnvironmentVariableIntValue("REFUND_BENCH_CALLS") ? qEnvironmentVariableIntValue("REFUND_BENCH_CALLS") : 500);
    QTextStream out(stdout);
    SandboxProcess sandbox;
    if (!sandbox.start()) {
        QTextStream(stderr) << "cannot start the sandbox: " << sandbox.errorString() << Qt::endl;
        return 1;
    }
    // Warm up connections and the sandbox's SQLite file.
    bareHttpPosts(sandbox, 20);

    out << "| path | engine | callers | calls | calls/s (% of bare POSTs, same callers) | ms/call | requests/call |\n"
           "|---|---|---:|---:|---:|---:|---:|\n";
    const Figure bare = bareHttpPosts(sandbox, n);
    const Figure bare8 = bareHttpPosts(sandbox, n, 8);
    const auto row = [&out](const QString& path, const QString& engine, int callers, const Figure& f, const Figure& base) {
        out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 (%6 %) | %7 | %8 |\n")
                   .arg(path, engine)
                   .arg(callers)
                   .arg(f.calls)
                   .arg(f.perSecond(), 0, 'f', 0)
                   .arg(base.perSecond() > 0 ? 100.0 * f.perSecond() / base.perSecond() : 0, 0, 'f', 0)
                   .arg(f.msPerCall(), 0, 'f', 2)
                   .arg(f.requestsPerCall(), 0, 'f', 2);
        out.flush();
    };
    row(QStringLiteral("bare HTTP POST /v1/refunds"), QStringLiteral("(sandbox only)"), 1, bare, bare);
    row(QStringLiteral("bare HTTP POST /v1/refunds"), QStringLiteral("(sandbox only)"), 8, bare8, bare8);
    int rc = bare.calls == n && bare8.calls == n ? 0 : 1;
    for (const QString& engine : TestDatabase::engines()) {
        QString error;
        const Figure f = toolCalls(sandbox, engine, n, 1, &error);
        if (!error.isEmpty() || f.calls != n) {
            QTextStream(stderr) << engine << ": " << error << Qt::endl;
            rc = 1;
        } else {
            row(QStringLiteral("RefundTool::call, success path"), engine, 1, f, bare);
        }
        const Figure m = mcpCalls(sandbox, engine, n, 8, &error);
        if (!error.isEmpty() || m.calls != n) {
            QTextStream(stderr) << engine << " mcp: " << error << " (" << m.calls << " refunded)" << Qt::endl;
            rc = 1;
        } else {
            row(QStringLiteral("`refund-tool mcp` issue_refund, success path"), engine, 8, m, bare8);
        }
    }
    if (TestDatabase::engines().contains(QStringLiteral("postgresql"))) {
        QString error;
        const double perCall = statementsPerCall(sandbox, qMin(n, 200), &error);
        if (perCall < 0) {
            QTextStream(stderr) << "statements per call: " << error << Qt::endl;
            rc = 1;
        } else {
            out << "\nSQL statements per successful call on PostgreSQL, long-running tool (server log, log_statement = all): "
                << QString::number(perCall, 'f', 2) << "\n";
        }
    }
    out.flush();
    return rc;
}
