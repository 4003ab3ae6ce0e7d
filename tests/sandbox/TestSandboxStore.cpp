// SandboxStore on Database (issue 16): files written by earlier sandboxes still open, a claim a
// crash left running is gone after open, a rolled-back execution leaves nothing (R14), and
// errors are codes with messages that name the operation.
#include "sandbox/FaultInjector.h"
#include "sandbox/IdempotencyLayer.h"
#include "sandbox/SandboxClock.h"
#include "sandbox/SandboxPipeline.h"
#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"

#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {

template<typename T>
QString messageOf(const StoreResult<T>& r)
{
    return r.ok() ? QString() : r.error().message;
}

StoredRefund newRefund(const QString& id, const QString& key)
{
    StoredRefund r;
    r.id = id;
    r.paymentIntent = QStringLiteral("pi_1");
    r.charge = QStringLiteral("ch_1");
    r.amount = 700;
    r.currency = QStringLiteral("usd");
    r.status = QStringLiteral("succeeded");
    r.created = 1700000000;
    r.idempotencyKey = key;
    return r;
}

} // namespace

class TestSandboxStore : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    // A file from before the refund failure columns, with a claim a crash left running: the
    // columns are added, the running claim is removed (its work never committed), the rest stays.
    void r14_olderFileOpens()
    {
        const QString path = m_dir->filePath(QStringLiteral("old.sqlite"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old-sandbox"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const char* sql :
                 {"CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
                  "CREATE TABLE refunds (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, "
                  "payment_intent TEXT NOT NULL, charge TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, "
                  "reason TEXT, status TEXT NOT NULL, metadata TEXT NOT NULL, created INTEGER NOT NULL, "
                  "balance_transaction TEXT, idempotency_key TEXT)",
                  "CREATE TABLE idempotency_keys (idem_key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, "
                  "state TEXT NOT NULL, status INTEGER, content_type TEXT, body BLOB, request_id TEXT, "
                  "created_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL)",
                  "INSERT INTO meta VALUES('clock_offset_ms', 5000), ('counter.requests_total', 3)",
                  "INSERT INTO refunds(id, payment_intent, charge, amount, currency, status, metadata, created) "
                  "VALUES('re_old', 'pi_1', 'ch_1', 500, 'usd', 'succeeded', '{}', 1700000000)",
                  "INSERT INTO idempotency_keys VALUES('k-done', 'f', 'done', 200, 'application/json', '{}', "
                  "'req_1', 1, 9999999999999)",
                  "INSERT INTO idempotency_keys(idem_key, fingerprint, state, created_ms, expires_ms) "
                  "VALUES('k-running', 'f', 'running', 1, 9999999999999)"})
                QVERIFY2(q.exec(QString::fromLatin1(sql)), qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old-sandbox"));

        SandboxStore store;
        const auto opened = store.open(path);
        QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
        QCOMPARE(store.clockOffsetMs().value(), qint64(5000));
        QCOMPARE(store.counters().value().value(QStringLiteral("requests_total")).toInteger(), qint64(3));
        QCOMPARE(store.inProgressKeyCount().value(), qint64(0));
        QVERIFY(!store.key(QStringLiteral("k-running")).value());
        QVERIFY(store.key(QStringLiteral("k-done")).value()->completed);
        QVERIFY(store.failRefund(QStringLiteral("re_old"), QStringLiteral("declined"), QStringLiteral("txn_f")).ok());
        const auto refund = store.refund(QStringLiteral("re_old")).value();
        QVERIFY(refund);
        QCOMPARE(refund->amount, qint64(500));
        QCOMPARE(refund->status, QStringLiteral("failed"));
        QCOMPARE(refund->failureReason, QStringLiteral("declined"));
    }

    // R14: the refund, its event and the stored response commit together or not at all.
    void r14_rolledBackExecutionLeavesNothing()
    {
        SandboxStore store;
        QVERIFY(store.open(m_dir->filePath(QStringLiteral("s.sqlite"))).ok());
        QVERIFY(store.claimKey(QStringLiteral("k1"), QStringLiteral("f"), QStringLiteral("req_1"), 1000, 2000).value());
        for (const bool keep : {false, true}) {
            QVERIFY(store.transaction().ok());
            StoredRefund refund = newRefund(QStringLiteral("re_1"), QStringLiteral("k1"));
            QVERIFY(store.insertRefund(refund).ok());
            QVERIFY(refund.seq > 0);
            StoredEvent event;
            event.id = QStringLiteral("evt_1");
            event.type = QStringLiteral("refund.created");
            QVERIFY(store.insertEvent(event).ok());
            QVERIFY(store.completeKey(QStringLiteral("k1"), 200, "application/json", "{\"id\":\"re_1\"}").ok());
            if (keep)
                QVERIFY(store.commit().ok());
            else
                store.rollback();
            QCOMPARE(store.refund(QStringLiteral("re_1")).value().has_value(), keep);
            QCOMPARE(store.event(QStringLiteral("evt_1")).value().has_value(), keep);
            QCOMPARE(store.key(QStringLiteral("k1")).value()->completed, keep);
        }
        QCOMPARE(store.refundCount().value(), qint64(1));
        QCOMPARE(store.key(QStringLiteral("k1")).value()->body, QByteArray("{\"id\":\"re_1\"}"));
    }

    // R14: a storage failure part way through an execution (the refund row written, its event
    // not) rolls all of it back and stores nothing for the key, so the retry runs and pays once.
    // Before the fix the refund row committed and the key replayed the 500 for ever: a refund
    // at the provider whose every answer said it failed.
    void r14_storageFailurePartWayRollsBackAndStoresNothing()
    {
        const QString path = m_dir->filePath(QStringLiteral("pipeline.sqlite"));
        SandboxStore store;
        QVERIFY(store.open(path).ok());
        SandboxClock clock;
        StripeApi api(store, clock);
        IdempotencyLayer idempotency(store, clock, IdempotencyProfile::Stripe, 24LL * 3600 * 1000);
        FaultInjector faults;
        SandboxPipeline pipeline(store, api, idempotency, faults);
        const HttpResponse created = api.createPaymentIntent(
            QJsonObject{{QStringLiteral("amount"), 5000}, {QStringLiteral("currency"), QStringLiteral("usd")}});
        QCOMPARE(created.status, 200);
        const QString pi = QJsonDocument::fromJson(created.body).object().value(QStringLiteral("id")).toString();

        const auto injectEventFailure = [&](bool on) {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("inject"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(on ? QStringLiteral("CREATE TRIGGER inject_event_failure BEFORE INSERT ON events "
                                                "BEGIN SELECT RAISE(ABORT, 'injected disk failure'); END")
                               : QStringLiteral("DROP TRIGGER inject_event_failure")),
                     qPrintable(q.lastError().text()));
            q.finish();
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(QStringLiteral("inject"));
        };
        HttpRequest request;
        request.method = "POST";
        request.path = QStringLiteral("/v1/refunds");
        request.headers.append(qMakePair(QByteArray("idempotency-key"), QByteArray("k-part-way")));
        request.body = "payment_intent=" + pi.toLatin1() + "&amount=1500";
        const StripeApi::Route route = StripeApi::route(request.method, request.path);
        const auto send = [&] { return pipeline.run(pipeline.admit(request, route, QStringLiteral("req_x")), request); };

        injectEventFailure(true);
        const SandboxPipeline::Execution failed = send();
        QCOMPARE(failed.response.status, 500);
        QVERIFY(!failed.committedWrite);
        QCOMPARE(store.refundCount().value(), qint64(0));            // the refund row rolled back too
        QVERIFY(!store.key(QStringLiteral("k-part-way")).value());    // nothing stored for the key
        api.takeCreatedEvents();

        injectEventFailure(false);
        const SandboxPipeline::Execution retried = send();
        QCOMPARE(retried.response.status, 200);
        QCOMPARE(store.refundCount().value(), qint64(1));
        const SandboxPipeline::Execution replayed = send();
        QCOMPARE(replayed.response.status, 200);
        QCOMPARE(replayed.response.body, retried.response.body);
        QCOMPARE(store.refundCount().value(), qint64(1));
    }

    // R14: a live key is not claimed twice; after its retention the same key is a new request.
    void r14_claimAfterRetention()
    {
        SandboxStore store;
        QVERIFY(store.open(m_dir->filePath(QStringLiteral("s.sqlite"))).ok());
        const QString key = QStringLiteral("k-ret");
        QVERIFY(store.claimKey(key, QStringLiteral("f"), QStringLiteral("req_1"), 1000, 2000).value());
        QVERIFY(!store.claimKey(key, QStringLiteral("f"), QStringLiteral("req_2"), 1500, 2500).value());
        QVERIFY(store.completeKey(key, 200, "application/json", "{}").ok());
        QVERIFY(!store.claimKey(key, QStringLiteral("f"), QStringLiteral("req_3"), 1999, 2999).value());
        QVERIFY(store.claimKey(key, QStringLiteral("g"), QStringLiteral("req_4"), 2000, 3000).value());
        QCOMPARE(store.key(key).value()->requestId, QStringLiteral("req_4"));
    }

    void errorsNameTheOperation()
    {
        SandboxStore store;
        QVERIFY(store.open(m_dir->filePath(QStringLiteral("s.sqlite"))).ok());
        StoredPaymentIntent pi;
        pi.id = QStringLiteral("pi_1");
        pi.chargeId = QStringLiteral("ch_1");
        pi.amount = 1000;
        pi.currency = QStringLiteral("usd");
        QVERIFY(store.insertPaymentIntent(pi).ok());
        const auto again = store.insertPaymentIntent(pi);
        QVERIFY(!again.ok());
        QCOMPARE(again.error().code, StoreError::Code::QueryFailed);
        QVERIFY2(again.error().message.startsWith(QLatin1String("insert payment intent: ")),
                 qPrintable(again.error().message));

        const auto fail = store.failRefund(QStringLiteral("re_none"), QStringLiteral("declined"), QStringLiteral("txn_1"));
        QVERIFY(!fail.ok());
        QCOMPARE(fail.error().code, StoreError::Code::NotFound);
        QVERIFY(fail.error().message.startsWith(QLatin1String("fail refund: ")));

        const auto complete = store.completeKey(QStringLiteral("k-unclaimed"), 200, "application/json", "{}");
        QVERIFY(!complete.ok());
        QCOMPARE(complete.error().code, StoreError::Code::NotFound);

        SandboxStore closed;
        QCOMPARE(closed.refundCount().error().code, StoreError::Code::ConnectionFailed);
    }

    // Database::open's SQLite checks apply to the sandbox's file too: anything else is refused untouched.
    void notADatabaseIsRefusedUnchanged()
    {
        const QString path = m_dir->filePath(QStringLiteral("notes.txt"));
        const QByteArray text(4096, 'x');
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        SandboxStore store;
        const auto opened = store.open(path);
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().code, StoreError::Code::NotADatabase);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), text);
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

QTEST_GUILESS_MAIN(TestSandboxStore)
#include "TestSandboxStore.moc"
