// Throughput of the refund tool's success path, in process, against the sandbox provider on
// loopback, beside bare HTTP POSTs to the same sandbox: what the tool's bookkeeping (a
// committed row, a counted attempt, logs, closing the row) costs per refund. Run by
// tests/benchmark-refund-tool.sh; not a ctest (timings belong in a report, not in assertions).
#include "SandboxProcess.h"
#include "TestDatabase.h"

#include "Logging.h"
#include "db/OperationStore.h"
#include "db/SchemaMigrator.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

namespace {
struct Figure
{
    int calls = 0;
    double seconds = 0;
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

Figure bareHttpPosts(SandboxProcess& sandbox, int n)
{
    static int batch = 0;
    ++batch;
    QStringList pis;
    if (!preparePayments(sandbox, n, QStringLiteral("bare-%1-").arg(batch), &pis))
        return {};
    ProviderClient client(ProviderConfig{sandbox.baseUrl(), sandbox.secretKey(), 10000});
    QElapsedTimer timer;
    timer.start();
    int ok = 0;
    for (int i = 0; i < n; ++i) {
        RefundCreateParams p;
        p.paymentIntent = pis[i];
        p.amountCents = 1000 + i % 50;
        p.currency = QStringLiteral("usd");
        p.metadata = {{QStringLiteral("order_id"), QStringLiteral("bare-%1").arg(i)}};
        ok += client.createRefund(p, QStringLiteral("bench-bare-%1-%2-%3").arg(QCoreApplication::applicationPid()).arg(batch).arg(i)).outcome
            == AttemptOutcome::Succeeded;
    }
    return Figure{ok, timer.nsecsElapsed() / 1e9};
}

Figure toolCalls(SandboxProcess& sandbox, const QString& engine, int n, QString* error)
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
    ProviderClient client(ProviderConfig{sandbox.baseUrl(), sandbox.secretKey(), 10000});
    RefundTool tool(*db, client);
    QElapsedTimer timer;
    timer.start();
    int ok = 0;
    for (int i = 0; i < n; ++i) {
        auto r = tool.call({QStringLiteral("toolu_bench_%1").arg(i), prefix + QString::number(i), 1000 + i % 50});
        ok += r && r.value().status == RefundToolResult::Status::Refunded;
    }
    return Figure{ok, timer.nsecsElapsed() / 1e9};
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

    out << "| path | engine | calls | calls/s | ms/call |\n|---|---|---:|---:|---:|\n";
    const Figure bare = bareHttpPosts(sandbox, n);
    out << QStringLiteral("| bare HTTP POST /v1/refunds | (sandbox only) | %1 | %2 | %3 |\n")
               .arg(bare.calls)
               .arg(bare.perSecond(), 0, 'f', 0)
               .arg(bare.msPerCall(), 0, 'f', 2);
    int rc = bare.calls == n ? 0 : 1;
    for (const QString& engine : TestDatabase::engines()) {
        QString error;
        const Figure f = toolCalls(sandbox, engine, n, &error);
        if (!error.isEmpty()) {
            QTextStream(stderr) << engine << ": " << error << Qt::endl;
            rc = 1;
            continue;
        }
        out << QStringLiteral("| RefundTool::call, success path | %1 | %2 | %3 | %4 |\n")
                   .arg(engine)
                   .arg(f.calls)
                   .arg(f.perSecond(), 0, 'f', 0)
                   .arg(f.msPerCall(), 0, 'f', 2);
        if (f.calls != n)
            rc = 1;
    }
    out.flush();
    return rc;
}
