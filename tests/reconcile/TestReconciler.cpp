// R24 and R4 (amended) against the operation database on both engines, with a provider stand-in
// that answers GET /v1/refunds/{id} from a map the test controls: the reconciler resolves unknown
// operations refunded on a matching refund, never failed; reverses refunded operations whose
// refund failed later; applies every event once; never acts on refunds that are not the
// operation's; and a reversed operation frees its amount (R5) and answers no repeats (R5a).
// On PostgreSQL the same rules are checked against real logins (refund_reconciler, refund_tool)
// by direct SQL.
#include "PaidTwiceModel.h"
#include "TestDatabase.h"
#include "CliRun.h"

#include "Clock.h"
#include "cli/RefundToolCli.h"
#include "db/OperationStore.h"
#include "db/RoleManager.h"
#include "db/SchemaMigrator.h"
#include "db/SettingsStore.h"
#include "history/HistoryStats.h"
#include "history/RefundsPerLogicalRefund.h"
#include "reconcile/EventPoller.h"
#include "reconcile/Reconciler.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QUrl>
#include <QtTest>

#include <atomic>
#include <functional>
#include <thread>

namespace {
constexpr qint64 kHour = 3600LL * 1000;

QJsonObject refundJson(const QString& id, const QString& operationId, qint64 amount, const QString& status,
                       const QString& currency = QStringLiteral("usd"),
                       const QString& pi = QStringLiteral("pi_4417"),
                       const QString& orderId = QStringLiteral("4417"))
{
    QJsonObject r{{QStringLiteral("id"), id},
                  {QStringLiteral("object"), QStringLiteral("refund")},
                  {QStringLiteral("amount"), amount},
                  {QStringLiteral("currency"), currency},
                  {QStringLiteral("created"), 1780000000},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("payment_intent"), pi},
                  {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), operationId},
                                                           {QStringLiteral("order_id"), orderId}}}};
    if (status == QLatin1String("failed"))
        r.insert(QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card"));
    return r;
}

ProviderEvent makeEvent(const QString& id, const QString& type, const QJsonObject& refund)
{
    const QJsonObject raw{
        {QStringLiteral("id"), id},
        {QStringLiteral("object"), QStringLiteral("event")},
        {QStringLiteral("type"), type},
        {QStringLiteral("created"), 1780000001},
        {QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), refund}}},
        {QStringLiteral("request"), QJsonObject{{QStringLiteral("id"), QJsonValue()},
                                                {QStringLiteral("idempotency_key"), QJsonValue()}}}};
    QString error;
    auto e = ProviderEvent::fromJson(raw, &error);
    if (!e)
        qFatal("bad test event: %s", qPrintable(error));
    return *e;
}

/** The provider's current refunds, as GET /v1/refunds/{id} would answer. Counts reads. */
struct FakeRefunds
{
    QMutex mutex;
    QMap<QString, QJsonObject> refunds;
    std::atomic<int> reads{0};

    Reconciler::RefundFetcher fetcher()
    {
        return [this](const QString& id) {
            ++reads;
            RefundReadResult r;
            QMutexLocker lock(&mutex);
            if (!refunds.contains(id)) {
                r.failure = ReadFailure::NotFound;
                r.httpStatus = 404;
                return r;
            }
            r.value = ProviderRefund::fromJson(refunds.value(id));
            return r;
        };
    }
    void set(const QJsonObject& refund)
    {
        QMutexLocker lock(&mutex);
        refunds.insert(refund.value(QStringLiteral("id")).toString(), refund);
    }
};

qint64 scalar(Database& db, const QString& sql, const QVariantList& binds = {})
{
    auto q = db.run(sql, binds);
    if (!q || !q.value().next())
        return -1;
    return q.value().value(0).toLongLong();
}


} // namespace

// The reconciler's own connection: the test database on SQLite; on PostgreSQL the reconciler's
// login (`db roles`, then `db grant --role reconciler`), or the test is skipped without role logins.
#define RECONCILER_DB_OR_SKIP(db)                                                                            \
    do {                                                                                                     \
        db = m_db.get();                                                                                     \
        if (TestDatabase::currentEngine() == QLatin1String("postgresql")) {                                  \
            if (!pgRoles())                                                                                  \
                QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");          \
            m_reconcilerLogin = reconcilerLogin();                                                           \
            QVERIFY(m_reconcilerLogin);                                                                      \
            db = m_reconcilerLogin.get();                                                                    \
        }                                                                                                    \
    } while (false)

class TestReconciler : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void r24_unknownResolvedRefundedWithEvidenceAndMarker();
    void r24_autoResolveOffLeavesUnknown();
    void r24_settingValidatedAndAudited();
    void r24_neverResolvesFailed();
    void r24_duplicateEventAppliedOnce();
    void r24_reorderedEventsEndInOneState();
    void r24_replayAfterResolutionChangesNothing();
    void r24_unmatchedRefundRecordedNotActed();
    void r24_metadataNamingAnotherOperationIsMismatch();
    void r24_otherAmountOrCurrencyIsMismatch();
    void r24_openOperationLeftToTheTool();
    void r24_fetchFailureWaitsAndRetries();
    void r4_lateFailureReversesAndIsFinal();
    void r5_r5a_reversedFreesAmountAndAnswersNoRepeat();
    void r4_sqlCannotReverseWithoutTheRecord();
    void r24_c15_toolCloseRacesReconciler();
    void r24_pollerResumesFromCursorWithoutMissingOrRepeating();
    void r21_pg_reconcilerCannotSetFailedOrWriteOperations();
    void r21_pg_toolCannotSetReversed();
    void r24_pg_reconcilerLoginResolvesAndReversesThroughFunctions();
    void r24_historyCountsAutoResolvedReversalsAndUnmatchedEvents();
    void r5a_r24_historyCountsRefundsPerLogicalRefundFromTheProvidersEvidence_issue15();
    void r5a_r24_ownRefundDecidedAutoResolveOffIsNotCountedBesideIt_issue15();
    void r5a_r24_refundDecidedWhileTheToolClosesTheRowIsStillCounted_issue15();
    void r5a_v8_migrationDecidesV7SecondRefundsAgainAndRecordsRepeats_issue15();
    void r21_pg_reconcilerLoginCannotRewriteOrPlantEvidence_issue15();

private:
    QString unknownOp(qint64 amount, const QString& ref = {});
    QString refundedOp(qint64 amount, const QString& refundId, const QString& ref = {});
    qint64 audits(const QString& op = {})
    {
        return op.isEmpty()
                   ? scalar(*m_db,
                            QStringLiteral(
                                "SELECT count(*) FROM audit_log WHERE action IN ('resolve', 'reverse')"))
                   : scalar(*m_db,
                            QStringLiteral(
                                "SELECT count(*) FROM audit_log WHERE action IN ('resolve', 'reverse') "
                                "AND operation_id = ?"),
                            {op});
    }
    OperationStatus status(const QString& op) { return m_store->operation(op).value().status; }
    Reconciler::Outcome feed(Reconciler& r, const ProviderEvent& e)
    {
        auto inserted = r.events().insert(e, ProviderEventStore::Source::Webhook);
        if (!inserted)
            qWarning("%s", qPrintable(inserted.error().message));
        auto o = r.apply(e.id);
        if (!o) {
            qWarning("%s", qPrintable(o.error().message));
            return {};
        }
        return o.value();
    }
    bool pgRoles() const
    {
        return TestDatabase::currentEngine() == QLatin1String("postgresql") &&
               !qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX").isEmpty();
    }
    std::unique_ptr<Database> pgLogin(const QString& key);
    /** `db roles` on the test database, then the reconciler's own login; null on failure. */
    std::unique_ptr<Database> reconcilerLogin();
    QString pgLoginUrl(const QString& key);

    std::unique_ptr<TestDatabase> m_t;
    std::unique_ptr<Database> m_reconcilerLogin; ///< RECONCILER_DB_OR_SKIP's PostgreSQL login
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<OperationStore> m_store;
    FakeRefunds m_provider;
    int m_calls = 0;
};

void TestReconciler::init()
{
    m_t = std::make_unique<TestDatabase>();
    QVERIFY2(m_t->isValid(), qPrintable(m_t->error()));
    m_db = m_t->openMigrated();
    QVERIFY(m_db);
    m_clock = std::make_unique<ManualClock>(QDateTime::currentMSecsSinceEpoch());
    m_store = std::make_unique<OperationStore>(*m_db, *m_clock);
    QVERIFY(m_store->addOrder(
        Order{QStringLiteral("4417"), 10000, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}));
    QVERIFY(m_store->addOrder(
        Order{QStringLiteral("5521"), 10000, QStringLiteral("usd"), QStringLiteral("pi_5521"), 0}));
    m_provider.refunds.clear();
    m_provider.reads = 0;
}

void TestReconciler::cleanup()
{
    m_reconcilerLogin.reset();
    m_store.reset();
    m_db.reset();
    m_t.reset();
}

QString TestReconciler::unknownOp(qint64 amount, const QString& ref)
{
    auto open =
        m_store->openOrJoin(QStringLiteral("4417"), amount, QStringLiteral("toolu_%1").arg(++m_calls), ref);
    if (!open)
        qFatal("%s", qPrintable(open.error().message));
    const QString id = open.value().operation.operationId;
    if (!m_store->claimAttempt(id, QStringLiteral("toolu_x"), 6, 24 * kHour) ||
        !m_store->markUnknown(id, QStringLiteral("attempt_budget_exhausted")))
        qFatal("could not make %s unknown", qPrintable(id));
    return id;
}

QString TestReconciler::refundedOp(qint64 amount, const QString& refundId, const QString& ref)
{
    auto open =
        m_store->openOrJoin(QStringLiteral("4417"), amount, QStringLiteral("toolu_%1").arg(++m_calls), ref);
    if (!open)
        qFatal("%s", qPrintable(open.error().message));
    const QString id = open.value().operation.operationId;
    if (!m_store->claimAttempt(id, QStringLiteral("toolu_x"), 6, 24 * kHour) ||
        !m_store->closeRefunded(id, refundId, QStringLiteral("succeeded")))
        qFatal("could not make %s refunded", qPrintable(id));
    return id;
}

void TestReconciler::r24_unknownResolvedRefundedWithEvidenceAndMarker()
{
    if (pgRoles())
        QSKIP("the owner login is admin on PostgreSQL; the reconciler login is tested below");
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    // The event's own copy says pending; the provider's current object (succeeded) is what counts (C16).
    const auto o =
        feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                          refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("pending"))));
    QCOMPARE(o.action, QStringLiteral("resolved_refunded"));
    QCOMPARE(m_provider.reads.load(), 1);
    const Operation after = m_store->operation(op).value();
    QCOMPARE(after.status, OperationStatus::Refunded);
    QCOMPARE(after.providerRefundId, QStringLiteral("re_1"));
    QCOMPARE(after.providerStatus, QStringLiteral("succeeded"));
    const auto entries = m_store->auditEntries(op).value();
    QCOMPARE(entries.size(), 1);
    if (m_db->isSqlite()) {
        QCOMPARE(entries.first().actor, QStringLiteral("reconciler"));
        QCOMPARE(entries.first().role, QStringLiteral("reconciler"));
        QCOMPARE(after.resolvedBy, QStringLiteral("reconciler"));
    }
    QCOMPARE(entries.first().action, QStringLiteral("resolve"));
    if (m_db->isSqlite()) {
        QCOMPARE(entries.first().details.value(QStringLiteral("auto_resolved")).toBool(), true);
        QCOMPARE(entries.first().details.value(QStringLiteral("event_id")).toString(),
                 QStringLiteral("evt_1"));
    }
    const QJsonObject evidence = entries.first().details.value(QStringLiteral("evidence")).toObject();
    QCOMPARE(evidence.value(QStringLiteral("refund")).toObject().value(QStringLiteral("status")).toString(),
             QStringLiteral("succeeded"));
    QCOMPARE(evidence.value(QStringLiteral("event")).toObject().value(QStringLiteral("id")).toString(),
             QStringLiteral("evt_1"));
    const auto stored = r.events().event(QStringLiteral("evt_1")).value();
    QVERIFY(stored);
    QCOMPARE(stored->operationId, op);
    QCOMPARE(stored->refundId, QStringLiteral("re_1"));
    QCOMPARE(stored->source, QStringLiteral("webhook"));
    QCOMPARE(stored->action, QStringLiteral("resolved_refunded"));
}

void TestReconciler::r24_autoResolveOffLeavesUnknown()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    SettingsStore settings(*m_db, *m_clock);
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("false"),
                         QStringLiteral("admin1"), QStringLiteral("admin")));
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("auto_resolve_off"));
    QCOMPARE(status(op), OperationStatus::Unknown);
    QCOMPARE(audits(op), qint64(0));
    // Turned back on, a new event for the same refund settles it.
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("true"),
                         QStringLiteral("admin1"), QStringLiteral("admin")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.updated"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("resolved_refunded"));
    QCOMPARE(status(op), OperationStatus::Refunded);
}

void TestReconciler::r24_settingValidatedAndAudited()
{
    SettingsStore settings(*m_db, *m_clock);
    QCOMPARE(settings.load().value().autoResolveRefunded, true); // default on
    auto bad = settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("maybe"),
                            QStringLiteral("admin1"), QStringLiteral("admin"));
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.startsWith(QLatin1String("auto_resolve_refunded:")),
             qPrintable(bad.error().message));
    QCOMPARE(settings.load().value().autoResolveRefunded, true);
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("false"),
                         QStringLiteral("admin1"), QStringLiteral("admin")));
    QCOMPARE(settings.load().value().autoResolveRefunded, false);
    const auto history = settings.history().value();
    QVERIFY(!history.isEmpty());
    QCOMPARE(history.first().key, QStringLiteral("auto_resolve_refunded"));
    QCOMPARE(history.first().oldValue, QStringLiteral("true"));
    QCOMPARE(history.first().newValue, QStringLiteral("false"));
}

void TestReconciler::r24_neverResolvesFailed()
{
    const QString op = unknownOp(3800);
    for (const char* st : {"failed", "canceled", "requires_action"}) {
        m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QLatin1String(st)));
        Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
        const auto o =
            feed(r, makeEvent(QStringLiteral("evt_") + QLatin1String(st), QStringLiteral("refund.updated"),
                              m_provider.refunds.value(QStringLiteral("re_1"))));
        QCOMPARE(o.action, QStringLiteral("left_unknown"));
        QCOMPARE(status(op), OperationStatus::Unknown);
    }
    QCOMPARE(audits(op), qint64(0));
}

void TestReconciler::r24_duplicateEventAppliedOnce()
{
    const QString op = refundedOp(3800, QStringLiteral("re_1"));
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("failed")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    const ProviderEvent e = makeEvent(QStringLiteral("evt_f"), QStringLiteral("refund.failed"),
                                      m_provider.refunds.value(QStringLiteral("re_1")));
    if (pgRoles())
        QSKIP("reversal needs the reconciler login on PostgreSQL (tested below)");
    QCOMPARE(r.events().insert(e, ProviderEventStore::Source::Webhook).value(), true);
    QCOMPARE(r.events().insert(e, ProviderEventStore::Source::Webhook).value(), false); // duplicate delivery
    QCOMPARE(r.events().insert(e, ProviderEventStore::Source::Poll).value(),
             false); // and the poll sees it too
    QCOMPARE(r.apply(e.id).value().action, QStringLiteral("reversed"));
    QCOMPARE(r.apply(e.id).value().action, QStringLiteral("reversed")); // applied once: nothing new
    QCOMPARE(m_provider.reads.load(), 1);
    QCOMPARE(status(op), OperationStatus::Reversed);
    QCOMPARE(audits(op), qint64(1));
    QCOMPARE(r.events().count().value(), qint64(1));
}

void TestReconciler::r24_reorderedEventsEndInOneState()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    // refund.updated (succeeded) delivered before refund.created (pending): both re-read the refund.
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.updated"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("resolved_refunded"));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("pending"))))
                 .action,
             QStringLiteral("no_change"));
    QCOMPARE(status(op), OperationStatus::Refunded);
    QCOMPARE(audits(op), qint64(1));

    // A refund that later failed, its events delivered failed-first: the old "created" copy never
    // brings a refunded row back, and an unknown row is never resolved from a stale copy.
    const QString op2 = unknownOp(1200);
    m_provider.set(refundJson(QStringLiteral("re_2"), op2, 1200, QStringLiteral("failed")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_4"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_2"))))
                 .action,
             QStringLiteral("left_unknown"));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_3"), QStringLiteral("refund.created"),
                               refundJson(QStringLiteral("re_2"), op2, 1200, QStringLiteral("succeeded"))))
                 .action,
             QStringLiteral("left_unknown"));
    QCOMPARE(status(op2), OperationStatus::Unknown);
    QCOMPARE(audits(op2), qint64(0));
}

void TestReconciler::r24_replayAfterResolutionChangesNothing()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    const QJsonObject copy = m_provider.refunds.value(QStringLiteral("re_1"));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"), copy)).action,
             QStringLiteral("resolved_refunded"));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_r%1").arg(i), QStringLiteral("refund.updated"), copy))
                     .action,
                 QStringLiteral("no_change"));
    QCOMPARE(audits(op), qint64(1));
    QCOMPARE(status(op), OperationStatus::Refunded);
}

void TestReconciler::r24_unmatchedRefundRecordedNotActed()
{
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_x"), QStringLiteral("op_00000000000000000000000000000000"),
                              3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_x"))))
                 .action,
             QStringLiteral("unmatched"));
    QCOMPARE(status(op), OperationStatus::Unknown);
    QCOMPARE(audits(), qint64(0));
    const auto shown = r.events().recent(10, /*unmatchedOnly=*/true).value();
    QCOMPARE(shown.size(), 1);
    QCOMPARE(shown.first().refundId, QStringLiteral("re_x"));
    // A refund event whose refund the provider does not know (404): waits, changes nothing.
    QCOMPARE(
        feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"),
                          refundJson(QStringLiteral("re_missing"), op, 3800, QStringLiteral("succeeded"))))
            .action,
        QStringLiteral("fetch_failed"));
    QCOMPARE(status(op), OperationStatus::Unknown);
}

void TestReconciler::r24_metadataNamingAnotherOperationIsMismatch()
{
    // A refund on order 5521's payment whose metadata names order 4417's unknown operation.
    const QString op = unknownOp(3800);
    m_provider.set(refundJson(QStringLiteral("re_evil"), op, 3800, QStringLiteral("succeeded"),
                              QStringLiteral("usd"), QStringLiteral("pi_5521"), QStringLiteral("4417")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    const auto o = feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                                     m_provider.refunds.value(QStringLiteral("re_evil"))));
    QCOMPARE(o.action, QStringLiteral("mismatch"));
    QVERIFY2(o.detail.contains(QLatin1String("payment")), qPrintable(o.detail));
    // metadata.order_id naming another order.
    m_provider.set(refundJson(QStringLiteral("re_evil2"), op, 3800, QStringLiteral("succeeded"),
                              QStringLiteral("usd"), QStringLiteral("pi_4417"), QStringLiteral("5521")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_evil2"))))
                 .action,
             QStringLiteral("mismatch"));
    QCOMPARE(status(op), OperationStatus::Unknown);
    QCOMPARE(audits(), qint64(0));
}

void TestReconciler::r24_otherAmountOrCurrencyIsMismatch()
{
    const QString op = unknownOp(3800);
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    m_provider.set(refundJson(QStringLiteral("re_a"), op, 3801, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_a"))))
                 .action,
             QStringLiteral("mismatch"));
    m_provider.set(
        refundJson(QStringLiteral("re_c"), op, 3800, QStringLiteral("succeeded"), QStringLiteral("eur")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_c"))))
                 .action,
             QStringLiteral("mismatch"));
    // The event's copy matches, the provider's object does not: the provider's object decides.
    m_provider.set(refundJson(QStringLiteral("re_d"), op, 100, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_3"), QStringLiteral("refund.created"),
                               refundJson(QStringLiteral("re_d"), op, 3800, QStringLiteral("succeeded"))))
                 .action,
             QStringLiteral("mismatch"));
    QCOMPARE(status(op), OperationStatus::Unknown);
    QCOMPARE(audits(), qint64(0));
}

void TestReconciler::r24_openOperationLeftToTheTool()
{
    auto open = m_store->openOrJoin(QStringLiteral("4417"), 3800, QStringLiteral("toolu_1"));
    const QString op = open.value().operation.operationId;
    QVERIFY(m_store->claimAttempt(op, QStringLiteral("toolu_1"), 6, 24 * kHour));
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("left_open"));
    QCOMPARE(status(op), OperationStatus::Open);
    // The tool's own retry closes it; the waiting event then finds nothing to do.
    QVERIFY(m_store->closeRefunded(op, QStringLiteral("re_1"), QStringLiteral("succeeded")));
    QCOMPARE(r.applyWaiting().value(), 1);
    QCOMPARE(r.events().event(QStringLiteral("evt_1")).value()->action, QStringLiteral("no_change"));
    QCOMPARE(audits(op), qint64(0));
}

void TestReconciler::r24_fetchFailureWaitsAndRetries()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    const QString op = unknownOp(3800);
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded"))))
                 .action,
             QStringLiteral("fetch_failed"));
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    QCOMPARE(r.applyWaiting().value(), 1);
    QCOMPARE(status(op), OperationStatus::Refunded);
    QCOMPARE(r.applyWaiting().value(), 0);
    QCOMPARE(audits(op), qint64(1));
}

void TestReconciler::r4_lateFailureReversesAndIsFinal()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    const QString op = refundedOp(3800, QStringLiteral("re_1"));
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("failed")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_f"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("reversed"));
    const Operation after = m_store->operation(op).value();
    QCOMPARE(after.status, OperationStatus::Reversed);
    QCOMPARE(after.failureCode, QStringLiteral("expired_or_canceled_card"));
    QCOMPARE(after.providerRefundId, QStringLiteral("re_1"));
    QVERIFY(after.reversedAt.has_value());
    QCOMPARE(after.reversedBy, QStringLiteral("reconciler"));
    const auto entries = m_store->auditEntries(op).value();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().action, QStringLiteral("reverse"));
    QCOMPARE(entries.first().details.value(QStringLiteral("event_id")).toString(), QStringLiteral("evt_f"));
    // Final: a later "succeeded" copy or a direct UPDATE changes nothing.
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_g"), QStringLiteral("refund.updated"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("no_change"));
    for (const char* sql : {"UPDATE refund_ops SET status = 'refunded' WHERE operation_id = ?",
                            "UPDATE refund_ops SET failure_code = 'x' WHERE operation_id = ?",
                            "DELETE FROM refund_ops WHERE operation_id = ?"}) {
        QVERIFY2(!m_db->run(QLatin1String(sql), {op}), sql);
    }
    QCOMPARE(status(op), OperationStatus::Reversed);
    QCOMPARE(m_store->stateCounts().value().reversed, qint64(1));
    OperationStore::Query q;
    q.filter = OperationStore::StateFilter::Reversed;
    QCOMPARE(m_store->countOperations(q).value(), qint64(1));
}

void TestReconciler::r5_r5a_reversedFreesAmountAndAnswersNoRepeat()
{
    if (pgRoles())
        QSKIP("covered with the reconciler login below");
    // Order total 10000: 6000 refunded with ticket T-1, then reversed.
    const QString op = refundedOp(6000, QStringLiteral("re_1"), QStringLiteral("T-1"));
    // R5a before the reversal: the same logical refund is answered from the refunded row.
    auto repeat =
        m_store->openOrJoin(QStringLiteral("4417"), 6000, QStringLiteral("toolu_rep"), QStringLiteral("T-1"));
    QVERIFY(repeat);
    QVERIFY(repeat.value().answeredFromRefunded);
    // R5 before the reversal: 6000 more does not fit in what is left (4000).
    QCOMPARE(
        m_store
            ->openOrJoin(QStringLiteral("4417"), 6000, QStringLiteral("toolu_other"), QStringLiteral("T-2"))
            .error()
            .code,
        StoreError::Code::NotRefundable);
    m_provider.set(refundJson(QStringLiteral("re_1"), op, 6000, QStringLiteral("failed")));
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_f"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("reversed"));
    // R5a: the reversed row answers no repeat; "try again" opens a new operation with a new key.
    auto again = m_store->openOrJoin(QStringLiteral("4417"), 6000, QStringLiteral("toolu_again"),
                                     QStringLiteral("T-1"));
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QVERIFY(!again.value().answeredFromRefunded);
    QVERIFY(again.value().createdOperation);
    QVERIFY(again.value().operation.operationId != op);
    QVERIFY(again.value().operation.idempotencyKey != m_store->operation(op).value().idempotencyKey);
    QCOMPARE(again.value().operation.status, OperationStatus::Open);
    // R5: the reversed 6000 is free again, so the new 6000 fits; a further 4001 does not.
    QCOMPARE(m_store->openOrJoin(QStringLiteral("4417"), 4001, QStringLiteral("toolu_more")).error().code,
             StoreError::Code::NotRefundable);
    QVERIFY(m_store->openOrJoin(QStringLiteral("4417"), 4000, QStringLiteral("toolu_rest")));
}

void TestReconciler::r4_sqlCannotReverseWithoutTheRecord()
{
    const QString op = refundedOp(3800, QStringLiteral("re_1"));
    const QString unknown = unknownOp(1200);
    // refunded -> anything but reversed, or reversed without who/when/why: refused.
    for (const char* sql : {"UPDATE refund_ops SET status = 'failed' WHERE operation_id = ?",
                            "UPDATE refund_ops SET status = 'reversed' WHERE operation_id = ?",
                            "UPDATE refund_ops SET status = 'reversed', failure_code = 'x', reversed_at = 1 "
                            "WHERE operation_id = ?",
                            "UPDATE refund_ops SET status = 'reversed', failure_code = 'x', reversed_at = 1, "
                            "reversed_by = 'me', "
                            "provider_refund_id = 're_other' WHERE operation_id = ?"}) {
        QVERIFY2(!m_db->run(QLatin1String(sql), {op}), sql);
    }
    // unknown -> reversed, and reversed_at on a row that is not being reversed: refused.
    QVERIFY(!m_db->run(
        QStringLiteral("UPDATE refund_ops SET status = 'reversed', failure_code = 'x', reversed_at = 1, "
                       "reversed_by = 'me', provider_refund_id = 're_2' WHERE operation_id = ?"),
        {unknown}));
    QVERIFY(!m_db->run(QStringLiteral("UPDATE refund_ops SET reversed_at = 1 WHERE operation_id = ?"),
                       {unknown}));
    QCOMPARE(status(op), OperationStatus::Refunded);
    QCOMPARE(status(unknown), OperationStatus::Unknown);
    // OperationStore::reverse refuses evidence that is not this row's failed refund.
    OperationStore::Reversal rev;
    rev.actor = QStringLiteral("reconciler");
    rev.role = QStringLiteral("reconciler");
    rev.note = QStringLiteral("test");
    rev.evidence = QJsonObject{
        {QStringLiteral("refund"), refundJson(QStringLiteral("re_1"), op, 3800, QStringLiteral("succeeded"))},
        {QStringLiteral("event"), QJsonObject{{QStringLiteral("id"), QStringLiteral("evt_1")}}}};
    if (!pgRoles()) {
        QCOMPARE(m_store->reverse(op, rev).error().code, StoreError::Code::NotAllowed);
        rev.evidence[QStringLiteral("refund")] =
            refundJson(QStringLiteral("re_other"), op, 3800, QStringLiteral("failed"));
        QCOMPARE(m_store->reverse(op, rev).error().code, StoreError::Code::NotAllowed);
        rev.evidence[QStringLiteral("refund")] =
            refundJson(QStringLiteral("re_1"), op, 3000, QStringLiteral("failed"));
        QCOMPARE(m_store->reverse(op, rev).error().code, StoreError::Code::NotAllowed);
        QCOMPARE(status(op), OperationStatus::Refunded);
    }
}

void TestReconciler::r24_c15_toolCloseRacesReconciler()
{
    // On PostgreSQL the reconciler side runs as a refund_reconciler login (resolve_operation()).
    QString reconcilerUrl = m_t->url();
    if (pgRoles()) {
        const CliRun roles = runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"), m_t->url(),
                                     QStringLiteral("--role-prefix"), qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX")});
        QVERIFY2(roles.code == 0, qPrintable(roles.err));
        reconcilerUrl = pgLoginUrl(QStringLiteral("reconciler"));
        QVERIFY(!reconcilerUrl.isEmpty());
    }
    // The tool's late answer (unknown -> refunded, closeRefunded) and the webhook's reconciler for
    // the same refund, at the same moment, many times: one state and at most one audit entry each.
    for (int round = 0; round < 20; ++round) {
        const QString op = unknownOp(10 + round);
        const QString refundId = QStringLiteral("re_race%1").arg(round);
        m_provider.set(refundJson(refundId, op, 10 + round, QStringLiteral("succeeded")));
        // Qt SQL connections belong to the thread that opens them: each side opens its own.
        std::atomic<int> ready{0};
        std::atomic<bool> go{false};
        bool toolClosed = false;
        QString action;
        std::thread tool([&] {
            auto toolDb = m_t->open();
            OperationStore s(*toolDb);
            ++ready;
            while (!go.load()) {
            }
            toolClosed = s.closeRefunded(op, refundId, QStringLiteral("succeeded")).ok();
        });
        std::thread rec([&] {
            auto recDb = std::move(Database::open(reconcilerUrl)).value();
            Reconciler r(*recDb, m_provider.fetcher());
            r.events().insert(makeEvent(QStringLiteral("evt_race%1").arg(round), QStringLiteral("refund.created"),
                                        refundJson(refundId, op, 10 + round, QStringLiteral("succeeded"))),
                              ProviderEventStore::Source::Webhook);
            ++ready;
            while (!go.load()) {
            }
            auto o = r.apply(QStringLiteral("evt_race%1").arg(round));
            action = o ? o.value().action : o.error().message;
        });
        while (ready.load() < 2) {
        }
        go.store(true);
        tool.join();
        rec.join();
        const Operation after = m_store->operation(op).value();
        QCOMPARE(after.status, OperationStatus::Refunded);
        QCOMPARE(after.providerRefundId, refundId);
        // Exactly one of the two made the transition; the audit trail has an entry only for the reconciler's.
        const bool reconcilerWon = action == QLatin1String("resolved_refunded");
        QVERIFY2(reconcilerWon != toolClosed,
                 qPrintable(QStringLiteral("tool %1, reconciler %2").arg(toolClosed).arg(action)));
        QVERIFY2(reconcilerWon || action == QLatin1String("already_closed") ||
                     action == QLatin1String("no_change"),
                 qPrintable(action));
        QCOMPARE(audits(op), qint64(reconcilerWon ? 1 : 0));
    }
}

namespace {
/** GET /v1/events as Stripe pages it: newest first; starting_after walks older, ending_before newer. */
struct FakeEventList
{
    QList<ProviderEvent> events; // oldest first
    int calls = 0;
    int failAtCall = -1; // this call (1-based) fails like a lost connection

    EventPageResult page(const QString& after, const QString& before, int limit)
    {
        EventPageResult r;
        if (++calls == failAtCall) {
            r.failure = ReadFailure::Unreachable;
            return r;
        }
        auto indexOf = [this](const QString& id) {
            for (int i = 0; i < events.size(); ++i)
                if (events.at(i).id == id)
                    return i;
            return -1;
        };
        QList<ProviderEvent> out;
        if (!before.isEmpty()) {
            const int from = indexOf(before) + 1; // the `limit` events just newer than the cursor
            for (int i = from; i < events.size() && out.size() < limit; ++i)
                out.prepend(events.at(i));
            r.value.hasMore = from + limit < events.size();
        } else {
            const int top = after.isEmpty() ? int(events.size()) - 1 : indexOf(after) - 1;
            int i = top;
            for (; i >= 0 && out.size() < limit; --i)
                out.append(events.at(i));
            r.value.hasMore = i >= 0;
        }
        r.value.events = out;
        return r;
    }
};
} // namespace

void TestReconciler::r24_pollerResumesFromCursorWithoutMissingOrRepeating()
{
    FakeEventList list;
    auto add = [&](int n) {
        for (int i = 0; i < n; ++i) {
            const int k = int(list.events.size());
            list.events.append(makeEvent(QStringLiteral("evt_%1").arg(k, 3, 10, QLatin1Char('0')),
                                         QStringLiteral("charge.succeeded"),
                                         QJsonObject{{QStringLiteral("id"), QStringLiteral("ch_%1").arg(k)},
                                                     {QStringLiteral("object"), QStringLiteral("charge")}}));
        }
    };
    Reconciler r(*m_db, m_provider.fetcher(), *m_clock);
    auto fetch = [&list](const QString& a, const QString& b, int limit) { return list.page(a, b, limit); };
    add(5);
    EventPoller first(r, fetch, 2);
    EventPoller::Pass p1 = first.pollOnce(); // no cursor: walks 3 pages back, stores 5 oldest first
    QVERIFY2(p1.ok(), qPrintable(p1.error));
    QCOMPARE(p1.newEvents, 5);
    QCOMPARE(r.events().cursor(ProviderEventStore::eventsCursorName()).value().value(),
             QStringLiteral("evt_004"));
    add(7);
    list.failAtCall = list.calls + 2; // the connection drops on the second page
    EventPoller::Pass p2 = EventPoller(r, fetch, 2).pollOnce();
    QVERIFY(!p2.ok());
    QCOMPARE(p2.newEvents, 2);
    QCOMPARE(r.events().cursor(ProviderEventStore::eventsCursorName()).value().value(),
             QStringLiteral("evt_006"));
    add(1);
    EventPoller::Pass p3 = EventPoller(r, fetch, 2).pollOnce(); // a restart: from the cursor
    QVERIFY2(p3.ok(), qPrintable(p3.error));
    QCOMPARE(p3.newEvents, 6);
    QCOMPARE(p3.duplicates, 0);
    QCOMPARE(r.events().count().value(), qint64(13));
    QCOMPARE(r.events().cursor(ProviderEventStore::eventsCursorName()).value().value(),
             QStringLiteral("evt_012"));
    EventPoller::Pass p4 = EventPoller(r, fetch, 2).pollOnce();
    QCOMPARE(p4.newEvents, 0);
    QCOMPARE(p4.duplicates, 0);
    // Not refund events: recorded, nothing done.
    QCOMPARE(r.events().count(QStringLiteral("ignored")).value(), qint64(13));
}

QString TestReconciler::pgLoginUrl(const QString& key)
{
    const QString prefix = qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX");
    const QString name = prefix + key + QStringLiteral("_rec");
    m_db->runScript(QStringLiteral("DO $$ BEGIN CREATE ROLE %1 LOGIN PASSWORD 'pw_%2'; "
                                   "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
                        .arg(RoleManager::quoteIdentifier(name), key));
    const CliRun g = runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"), m_t->url(), QStringLiteral("--user"),
                             name, QStringLiteral("--role"), key, QStringLiteral("--role-prefix"), prefix});
    if (g.code != 0) {
        qWarning("%s", qPrintable(g.err));
        return {};
    }
    return urlAs(m_t->url(), name, QStringLiteral("pw_") + key);
}

std::unique_ptr<Database> TestReconciler::pgLogin(const QString& key)
{
    const QString url = pgLoginUrl(key);
    if (url.isEmpty())
        return nullptr;
    auto db = Database::open(url);
    if (!db) {
        qWarning("%s", qPrintable(db.error().message));
        return nullptr;
    }
    return std::move(db).value();
}

std::unique_ptr<Database> TestReconciler::reconcilerLogin()
{
    const CliRun roles =
        runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"), m_t->url(),
                QStringLiteral("--role-prefix"), qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX")});
    if (roles.code != 0) {
        qWarning("db roles: %s", qPrintable(roles.err));
        return nullptr;
    }
    return pgLogin(QStringLiteral("reconciler"));
}

void TestReconciler::r21_pg_reconcilerCannotSetFailedOrWriteOperations()
{
    if (!pgRoles())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    auto rec = reconcilerLogin();
    QVERIFY(rec);
    const QString unknown = unknownOp(3800);
    const QString refunded = refundedOp(1200, QStringLiteral("re_1"));
    // No direct writes to operations.
    for (const char* sql :
         {"UPDATE refund_ops SET status = 'failed', resolved_by = 'x', resolved_at = 1 WHERE operation_id = "
          "?",
          "UPDATE refund_ops SET status = 'refunded', provider_refund_id = 're_FAKE' WHERE operation_id = ?",
          "DELETE FROM refund_ops WHERE operation_id = ?"}) {
        auto r = rec->run(QLatin1String(sql), {unknown});
        QVERIFY2(!r && r.error().message.contains(QLatin1String("permission denied")), sql);
    }
    auto direct = rec->run(
        QStringLiteral("UPDATE refund_ops SET status = 'reversed', failure_code = 'x', reversed_at = 1, "
                       "reversed_by = 'x' WHERE operation_id = ?"),
        {refunded});
    QVERIFY(!direct);
    // resolve_operation(): the reconciler may not resolve failed, whatever the evidence.
    const QJsonObject failedEvidence{
        {QStringLiteral("lookup"), QJsonObject{{QStringLiteral("complete"), true}}},
        {QStringLiteral("refunds"),
         QJsonArray{refundJson(QStringLiteral("re_f"), unknown, 3800, QStringLiteral("failed"))}},
        {QStringLiteral("event"), QJsonObject{{QStringLiteral("id"), QStringLiteral("evt_1")}}}};
    auto f =
        rec->run(QStringLiteral("SELECT resolve_operation(?, 'failed', CAST(? AS jsonb), NULL, 'no')"),
                 {unknown, QString::fromUtf8(QJsonDocument(failedEvidence).toJson(QJsonDocument::Compact))});
    QVERIFY(!f);
    QVERIFY2(f.error().message.contains(QLatin1String("permission denied")), qPrintable(f.error().message));
    QCOMPARE(status(unknown), OperationStatus::Unknown);
    QCOMPARE(status(refunded), OperationStatus::Refunded);
    QCOMPARE(audits(), qint64(0));
    // It may store events, and nothing else there is open to it: audit and settings stay closed.
    QVERIFY(!rec->run(QStringLiteral(
        "INSERT INTO audit_log (at, actor, role, action, details) VALUES (1, 'x', 'x', 'resolve', '{}')")));
    QVERIFY(!rec->run(QStringLiteral("SELECT change_setting('auto_resolve_refunded', 'false')")));
    ProviderEventStore events(*rec);
    QVERIFY(events.insert(
        makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                  refundJson(QStringLiteral("re_9"), unknown, 3800, QStringLiteral("succeeded"))),
        ProviderEventStore::Source::Poll));
}

void TestReconciler::r21_pg_toolCannotSetReversed()
{
    if (!pgRoles())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    const CliRun roles =
        runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"), m_t->url(),
                QStringLiteral("--role-prefix"), qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX")});
    QVERIFY2(roles.code == 0, qPrintable(roles.err));
    auto tool = pgLogin(QStringLiteral("tool"));
    QVERIFY(tool);
    const QString refunded = refundedOp(1200, QStringLiteral("re_1"));
    for (const char* sql :
         {"UPDATE refund_ops SET status = 'reversed', failure_code = 'x' WHERE operation_id = ?",
          "UPDATE refund_ops SET status = 'reversed', failure_code = 'x', reversed_at = 1, reversed_by = 'x' "
          "WHERE operation_id = ?"}) {
        QVERIFY2(!tool->run(QLatin1String(sql), {refunded}), sql);
    }
    const QJsonObject evidence{
        {QStringLiteral("refund"),
         refundJson(QStringLiteral("re_1"), refunded, 1200, QStringLiteral("failed"))},
        {QStringLiteral("event"), QJsonObject{{QStringLiteral("id"), QStringLiteral("evt_1")}}}};
    auto viaFunction =
        tool->run(QStringLiteral("SELECT reverse_operation(?, CAST(? AS jsonb), 'x')"),
                  {refunded, QString::fromUtf8(QJsonDocument(evidence).toJson(QJsonDocument::Compact))});
    QVERIFY(!viaFunction);
    QCOMPARE(status(refunded), OperationStatus::Refunded);
    QCOMPARE(audits(), qint64(0));
}

void TestReconciler::r24_pg_reconcilerLoginResolvesAndReversesThroughFunctions()
{
    if (!pgRoles())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    auto rec = reconcilerLogin();
    QVERIFY(rec);
    const QString login =
        qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX") + QStringLiteral("reconciler_rec");
    const QString unknown = unknownOp(3800);
    const QString refunded = refundedOp(1200, QStringLiteral("re_2"));
    Reconciler r(*rec, m_provider.fetcher());

    // Off: nothing resolves, through the C++ check and the function alike.
    SettingsStore settings(*m_db, *m_clock);
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("false"),
                         QStringLiteral("owner"), QStringLiteral("admin")));
    m_provider.set(refundJson(QStringLiteral("re_1"), unknown, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_0"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("auto_resolve_off"));
    const QJsonObject ev{
        {QStringLiteral("refund"), m_provider.refunds.value(QStringLiteral("re_1"))},
        {QStringLiteral("event"), QJsonObject{{QStringLiteral("id"), QStringLiteral("evt_0")}}}};
    QVERIFY(!rec->run(QStringLiteral("SELECT resolve_operation(?, 'refunded', CAST(? AS jsonb), NULL, 'x')"),
                      {unknown, QString::fromUtf8(QJsonDocument(ev).toJson(QJsonDocument::Compact))}));
    QCOMPARE(status(unknown), OperationStatus::Unknown);
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("true"),
                         QStringLiteral("owner"), QStringLiteral("admin")));

    // On: resolved through resolve_operation(), actor = the login, role reconciler, marker.
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("resolved_refunded"));
    QCOMPARE(status(unknown), OperationStatus::Refunded);
    auto entries = m_store->auditEntries(unknown).value();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().actor, login);
    QCOMPARE(entries.first().role, QStringLiteral("reconciler"));
    QCOMPARE(entries.first().details.value(QStringLiteral("auto_resolved")).toBool(), true);
    QCOMPARE(entries.first().details.value(QStringLiteral("event_id")).toString(), QStringLiteral("evt_1"));
    QCOMPARE(m_store->operation(unknown).value().resolvedBy, login);

    // A refund on another payment naming the row: refused by the function too (not only in C++).
    const QString unknown2 = unknownOp(700);
    const QJsonObject foreign{
        {QStringLiteral("refund"),
         refundJson(QStringLiteral("re_x"), unknown2, 700, QStringLiteral("succeeded"), QStringLiteral("usd"),
                    QStringLiteral("pi_5521"))},
        {QStringLiteral("event"), QJsonObject{{QStringLiteral("id"), QStringLiteral("evt_x")}}}};
    QVERIFY(!rec->run(QStringLiteral("SELECT resolve_operation(?, 'refunded', CAST(? AS jsonb), NULL, 'x')"),
                      {unknown2, QString::fromUtf8(QJsonDocument(foreign).toJson(QJsonDocument::Compact))}));
    QCOMPARE(status(unknown2), OperationStatus::Unknown);

    // Late failure: reversed through reverse_operation(), once.
    m_provider.set(refundJson(QStringLiteral("re_2"), refunded, 1200, QStringLiteral("failed")));
    const ProviderEvent failed = makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.failed"),
                                           m_provider.refunds.value(QStringLiteral("re_2")));
    QCOMPARE(feed(r, failed).action, QStringLiteral("reversed"));
    QCOMPARE(feed(r, failed).action, QStringLiteral("reversed"));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_3"), QStringLiteral("refund.updated"),
                               m_provider.refunds.value(QStringLiteral("re_2"))))
                 .action,
             QStringLiteral("no_change"));
    const Operation rev = m_store->operation(refunded).value();
    QCOMPARE(rev.status, OperationStatus::Reversed);
    QCOMPARE(rev.reversedBy, login);
    QCOMPARE(rev.failureCode, QStringLiteral("expired_or_canceled_card"));
    entries = m_store->auditEntries(refunded).value();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().action, QStringLiteral("reverse"));
    QCOMPARE(entries.first().role, QStringLiteral("reconciler"));
    // R5a with reversed on PostgreSQL: a new call opens a new operation.
    auto again = m_store->openOrJoin(QStringLiteral("4417"), 1200, QStringLiteral("toolu_again"));
    QVERIFY(again);
    QVERIFY(again.value().createdOperation);
}

// Issue 14, History: operations the reconciler settled and how long settling took with and
// without people, reversals and their money, and events no operation knows, on both engines.
void TestReconciler::r24_historyCountsAutoResolvedReversalsAndUnmatchedEvents()
{
    Database* reconcilerDb = nullptr;
    RECONCILER_DB_OR_SKIP(reconcilerDb);
    // PostgreSQL stamps resolutions with the server's clock: the manual clock moves on SQLite only.
    const bool sqlite = m_db->isSqlite();
    auto reconciler = sqlite ? std::make_unique<Reconciler>(*reconcilerDb, m_provider.fetcher(), *m_clock)
                             : std::make_unique<Reconciler>(*reconcilerDb, m_provider.fetcher());
    Reconciler& r = *reconciler;
    auto advance = [&](qint64 ms) {
        if (sqlite)
            m_clock->advanceMs(ms);
    };

    const QString byReconciler = unknownOp(3800);
    const QString byPerson = unknownOp(1200);
    const QString reversed = refundedOp(700, QStringLiteral("re_r"));
    advance(2 * kHour);
    m_provider.set(refundJson(QStringLiteral("re_a"), byReconciler, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_a"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_a"))))
                 .action,
             QStringLiteral("resolved_refunded"));
    advance(3 * kHour);
    OperationStore::Resolution person;
    person.status = OperationStatus::Refunded;
    person.actor = QStringLiteral("ana");
    person.role = QStringLiteral("support");
    person.note = QStringLiteral("found the refund at the provider");
    person.evidence = QJsonObject{
        {QStringLiteral("refund"), refundJson(QStringLiteral("re_p"), byPerson, 1200, QStringLiteral("succeeded"))}};
    auto resolved = m_store->resolve(byPerson, person);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().message));
    m_provider.set(refundJson(QStringLiteral("re_r"), reversed, 700, QStringLiteral("failed")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_r"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_r"))))
                 .action,
             QStringLiteral("reversed"));
    m_provider.set(refundJson(QStringLiteral("re_x"), QStringLiteral("op_00000000000000000000000000000000"), 500,
                              QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_x"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_x"))))
                 .action,
             QStringLiteral("unmatched"));

    const qint64 day = HistoryFilter::kDayMs;
    const qint64 today = HistoryFilter::dayOf(m_clock->nowMs()) * day;
    auto stats = HistoryStats::compute(*m_db, HistoryFilter{today - 2 * day, today + 2 * day, std::nullopt});
    QVERIFY2(stats, qPrintable(stats ? QString() : stats.error().message));
    const HistoryStats::Snapshot& s = stats.value();
    QCOMPARE(s.operations, qint64(3));
    QCOMPARE(s.resolvedOperations, qint64(2));
    QCOMPARE(s.autoResolvedOperations, qint64(1));
    QVERIFY(s.medianSettleByReconcilerMs && s.medianSettleByPeopleMs);
    if (sqlite) {
        QCOMPARE(*s.medianSettleByReconcilerMs, 2 * kHour);
        QCOMPARE(*s.medianSettleByPeopleMs, 5 * kHour);
    }
    QCOMPARE(s.reversedOperations, qint64(1));
    QCOMPARE(s.reversedMoney.size(), 1);
    QCOMPARE(s.reversedMoney.first().currency, QStringLiteral("usd"));
    QCOMPARE(s.reversedMoney.first().minorUnits, qint64(700));
    QCOMPARE(s.unmatchedEvents, qint64(1));
    qint64 reversedPerDay = 0, openPerDay = 0;
    for (const auto& d : s.days) {
        reversedPerDay += d.reversed;
        openPerDay += d.open;
    }
    QCOMPARE(reversedPerDay, qint64(1)); // not counted as open any more
    QCOMPARE(openPerDay, qint64(0));

    // Filtered to refunded: the reversal and its money leave, both resolutions stay.
    auto refunded = HistoryStats::compute(
        *m_db, HistoryFilter{today - 2 * day, today + 2 * day, OperationStatus::Refunded});
    QVERIFY(refunded);
    QCOMPARE(refunded.value().autoResolvedOperations, qint64(1));
    QCOMPARE(refunded.value().resolvedOperations, qint64(2));
    QCOMPARE(refunded.value().reversedOperations, qint64(0));
    QVERIFY(refunded.value().reversedMoney.isEmpty());
}

REFUND_TEST_MAIN_ALL_ENGINES(TestReconciler)
// Issue 15: "refunds per logical refund" counts what the provider paid for one (order, amount,
// request ref), across operations and from the reconciler's evidence, so it can exceed 1. The
// figure it replaced (distinct refund ids per refunded row) read 1 on every case below.
void TestReconciler::r5a_r24_historyCountsRefundsPerLogicalRefundFromTheProvidersEvidence_issue15()
{
    Database* reconcilerDb = nullptr;
    RECONCILER_DB_OR_SKIP(reconcilerDb);
    Reconciler r(*reconcilerDb, m_provider.fetcher(), *m_clock);
    auto stats = [&] {
        const qint64 day = HistoryFilter::kDayMs;
        const qint64 today = HistoryFilter::dayOf(m_clock->nowMs()) * day;
        auto s = HistoryStats::compute(*m_db, HistoryFilter{today - 7 * day, today + 2 * day, std::nullopt});
        if (!s)
            qFatal("%s", qPrintable(s.error().message));
        return s.value();
    };
    // The operation's detail (RefundsPerLogicalRefund::paidTwice) names exactly the logical
    // refund of the all-time list that the operation belongs to, and nothing for the others.
    auto detailsAgree = [&]() -> bool {
        auto listed = PaidTwiceModel::load(*m_db);
        auto settings = SettingsStore(*m_db).load();
        if (!listed || !settings)
            return false;
        auto ids = m_db->run(QStringLiteral("SELECT operation_id FROM refund_ops ORDER BY operation_id"), {},
                             QStringLiteral("test: operations"));
        if (!ids)
            return false;
        int checked = 0;
        while (ids.value().next()) {
            const QString op = ids.value().value(0).toString();
            auto mine = RefundsPerLogicalRefund::paidTwice(*m_db, op, settings.value().repeatWindowMs());
            if (!mine)
                return false;
            std::optional<RefundsPerLogicalRefund::OverRefund> expected;
            for (const auto& over : listed.value())
                if (over.operationIds.contains(op))
                    expected = over;
            if (mine.value().has_value() != expected.has_value() ||
                (expected && (mine.value()->refundIds != expected->refundIds ||
                              mine.value()->operationIds != expected->operationIds))) {
                qWarning("paidTwice(%s) disagrees with the list", qPrintable(op));
                return false;
            }
            ++checked;
        }
        return checked > 0 || listed.value().isEmpty();
    };
    QCOMPARE(stats().maxRefundsPerLogicalRefund, 0);

    // One refund, then a second live refund the provider holds for the same operation (a key
    // rewritten, a foreign client): recorded as second_refund, and the logical refund reads 2.
    const QString ticket = refundedOp(3800, QStringLiteral("re_1"), QStringLiteral("T-1"));
    QCOMPARE(stats().maxRefundsPerLogicalRefund, 1);
    m_provider.set(refundJson(QStringLiteral("re_2"), ticket, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_2"))))
                 .action,
             QStringLiteral("second_refund"));
    QCOMPARE(status(ticket), OperationStatus::Refunded); // never acted on
    // A third one that failed paid nothing.
    m_provider.set(refundJson(QStringLiteral("re_3"), ticket, 3800, QStringLiteral("failed")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_3"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_3"))))
                 .action,
             QStringLiteral("second_refund_failed"));
    HistoryStats::Snapshot s = stats();
    QCOMPARE(s.maxRefundsPerLogicalRefund, 2);
    QCOMPARE(s.overRefunded.size(), 1);
    QCOMPARE(s.overRefunded.first().requestRef, QStringLiteral("T-1"));
    QCOMPARE(s.overRefunded.first().refundIds, (QStringList{QStringLiteral("re_1"), QStringLiteral("re_2")}));
    QCOMPARE(RefundsPerLogicalRefund::paidTwice(*m_db, ticket, kHour).value().value().refundIds,
             (QStringList{QStringLiteral("re_1"), QStringLiteral("re_2")}));
    QVERIFY(detailsAgree());

    // Without a request ref: a repeat opened 10 h after the refund by a caller with a 1 h window
    // is inside the setting's 72 h (R5a), so the same logical refund was paid twice ...
    const QString plain = refundedOp(1000, QStringLiteral("re_a"));
    m_clock->advanceMs(10 * kHour);
    auto repeat = m_store->openOrJoin(QStringLiteral("4417"), 1000, QStringLiteral("toolu_repeat"), {}, kHour);
    QVERIFY(repeat);
    QVERIFY(repeat.value().operation.operationId != plain);
    QVERIFY(m_store->claimAttempt(repeat.value().operation.operationId, QStringLiteral("toolu_repeat"), 6, 24 * kHour));
    QVERIFY(m_store->closeRefunded(repeat.value().operation.operationId, QStringLiteral("re_b"),
                                   QStringLiteral("succeeded")));
    // ... while a call 90 h later is a new logical refund, and a refund that failed later (reversed)
    // frees the amount for one more.
    m_clock->advanceMs(90 * kHour);
    refundedOp(1000, QStringLiteral("re_c"));
    const QString lost = refundedOp(500, QStringLiteral("re_r"));
    if (m_db->isSqlite()) {
        m_provider.set(refundJson(QStringLiteral("re_r"), lost, 500, QStringLiteral("failed")));
        QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_r"), QStringLiteral("refund.failed"),
                                   m_provider.refunds.value(QStringLiteral("re_r"))))
                     .action,
                 QStringLiteral("reversed"));
        refundedOp(500, QStringLiteral("re_s"));
    }
    s = stats();
    QCOMPARE(s.maxRefundsPerLogicalRefund, 2);
    QCOMPARE(s.overRefunded.size(), 2);
    QCOMPARE(s.overRefunded.at(0).amountCents, qint64(1000));
    QCOMPARE(s.overRefunded.at(0).requestRef, QString());
    QCOMPARE(s.overRefunded.at(0).refundIds, (QStringList{QStringLiteral("re_a"), QStringLiteral("re_b")}));
    QCOMPARE(s.overRefunded.at(0).operationIds.size(), 2);
    QCOMPARE(s.overRefunded.at(1).amountCents, qint64(3800));
    // Support's list (Review > Refunds paid twice) is the same check over all time.
    {
        auto listed = PaidTwiceModel::load(*m_db);
        QVERIFY2(listed, qPrintable(listed ? QString() : listed.error().message));
        QCOMPARE(listed.value().size(), 2);
        PaidTwiceModel model;
        model.setRows(listed.value());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, PaidTwiceModel::OrderColumn).data().toString(), s.overRefunded.at(0).orderId);
        QCOMPARE(model.index(0, PaidTwiceModel::RefundsColumn).data().toString(),
                 PaidTwiceModel::tr("%n refund(s): %1", nullptr, 2).arg(QStringLiteral("re_a, re_b")));
        QCOMPARE(model.index(0, PaidTwiceModel::RequestColumn).data().toString(), QStringLiteral("—"));
    }
    QVERIFY(detailsAgree());
    QCOMPARE(RefundsPerLogicalRefund::paidTwice(*m_db, QStringLiteral("no-such-op"), kHour).error().code,
             StoreError::Code::NotFound);
    QCOMPARE(RefundsPerLogicalRefund::paidTwice(*m_db, ticket, 0).error().field, QStringLiteral("repeat_window_hours"));

    // The provider reports the second refund failed after all: nothing was paid twice for T-1.
    m_provider.set(refundJson(QStringLiteral("re_2"), ticket, 3800, QStringLiteral("failed")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2f"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_2"))))
                 .action,
             QStringLiteral("second_refund_failed"));
    s = stats();
    QCOMPARE(s.overRefunded.size(), 1);
    QCOMPARE(s.overRefunded.first().amountCents, qint64(1000));
    QCOMPARE(PaidTwiceModel::load(*m_db).value().size(), 1);
    QVERIFY(detailsAgree());
    QVERIFY(!RefundsPerLogicalRefund::paidTwice(*m_db, ticket, kHour).value().has_value());
}

namespace {
/** Runs a hook at the first nowMs() after it is armed: the reconciler reads the clock for its
    evidence between reading the operation and resolving it, the window a racing close hits. */
class RacingClock final : public Clock
{
public:
    explicit RacingClock(ManualClock& base) : m_base(base) {}
    qint64 nowMs() const override
    {
        if (armed) {
            armed = false;
            hook();
        }
        return m_base.nowMs();
    }
    mutable bool armed = false;
    std::function<void()> hook;

private:
    ManualClock& m_base;
};

HistoryStats::Snapshot statsAround(Database& db, const Clock& clock)
{
    const qint64 day = HistoryFilter::kDayMs;
    const qint64 today = HistoryFilter::dayOf(clock.nowMs()) * day;
    auto s = HistoryStats::compute(db, HistoryFilter{today - 30 * day, today + 30 * day, std::nullopt});
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}
} // namespace

// Found by a review of the first version: an auto_resolve_off decision is final, so after the
// row closed with that very refund and the provider reversed it, the refund still counted as a
// live one beside the row: the next, single refund of the logical refund read as a second one.
void TestReconciler::r5a_r24_ownRefundDecidedAutoResolveOffIsNotCountedBesideIt_issue15()
{
    Database* reconcilerDb = nullptr;
    RECONCILER_DB_OR_SKIP(reconcilerDb);
    SettingsStore settings(*m_db, *m_clock);
    QVERIFY(settings.set(QStringLiteral("auto_resolve_refunded"), QStringLiteral("false"), QStringLiteral("admin1"),
                         QStringLiteral("admin")));
    Reconciler r(*reconcilerDb, m_provider.fetcher(), *m_clock);
    const QString first = unknownOp(3800, QStringLiteral("T-9"));
    m_provider.set(refundJson(QStringLiteral("re_1"), first, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("auto_resolve_off"));
    m_clock->advanceMs(1000);
    QVERIFY(m_store->closeRefunded(first, QStringLiteral("re_1"), QStringLiteral("succeeded"))); // the tool's late answer
    m_clock->advanceMs(1000);
    m_provider.set(refundJson(QStringLiteral("re_1"), first, 3800, QStringLiteral("failed")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_1f"), QStringLiteral("refund.failed"),
                               m_provider.refunds.value(QStringLiteral("re_1"))))
                 .action,
             QStringLiteral("reversed"));
    QCOMPARE(statsAround(*m_db, *m_clock).maxRefundsPerLogicalRefund, 0); // nothing paid now
    m_clock->advanceMs(1000);
    QVERIFY(refundedOp(3800, QStringLiteral("re_2"), QStringLiteral("T-9")) != first); // the reversal frees it
    const HistoryStats::Snapshot s = statsAround(*m_db, *m_clock);
    QCOMPARE(s.maxRefundsPerLogicalRefund, 1);
    QVERIFY(s.overRefunded.isEmpty());
}

// Found by a review of the first version: a foreign live refund decided while the tool's late
// answer closes the row with its own refund was recorded already_closed (final, no evidence), so
// the provider held two live refunds and the figure said 1.
void TestReconciler::r5a_r24_refundDecidedWhileTheToolClosesTheRowIsStillCounted_issue15()
{
    Database* reconcilerDb = nullptr;
    RECONCILER_DB_OR_SKIP(reconcilerDb);
    RacingClock racing(*m_clock);
    Reconciler r(*reconcilerDb, m_provider.fetcher(), racing);
    const QString op = unknownOp(3800, QStringLiteral("T-8"));
    m_provider.set(refundJson(QStringLiteral("re_tool"), op, 3800, QStringLiteral("succeeded")));
    m_provider.set(refundJson(QStringLiteral("re_foreign"), op, 3800, QStringLiteral("succeeded")));
    const ProviderEvent foreign = makeEvent(QStringLiteral("evt_f"), QStringLiteral("refund.created"),
                                            m_provider.refunds.value(QStringLiteral("re_foreign")));
    QVERIFY(r.events().insert(foreign, ProviderEventStore::Source::Webhook));
    racing.hook = [&] { QVERIFY(m_store->closeRefunded(op, QStringLiteral("re_tool"), QStringLiteral("succeeded"))); };
    racing.armed = true;
    auto o = r.apply(foreign.id);
    QVERIFY(o);
    QCOMPARE(o.value().action, QStringLiteral("second_refund"));
    QCOMPARE(status(op), OperationStatus::Refunded);
    const HistoryStats::Snapshot s = statsAround(*m_db, *m_clock);
    QCOMPARE(s.maxRefundsPerLogicalRefund, 2);
    QCOMPARE(s.overRefunded.size(), 1);
    QCOMPARE(s.overRefunded.first().refundIds, (QStringList{QStringLiteral("re_foreign"), QStringLiteral("re_tool")}));
}

// A database at v7: its reconciler recorded a refunded row's second refund as 'mismatch'. The v8
// step decides it again (second_refund) and records the logical refunds with two operations.
void TestReconciler::r5a_v8_migrationDecidesV7SecondRefundsAgainAndRecordsRepeats_issue15()
{
    TestDatabase t;
    QVERIFY2(t.isValid(), qPrintable(t.error()));
    auto db = t.open();
    QVERIFY(db);
    QVERIFY(SchemaMigrator::migrate(*db, 7));
    OperationStore store(*db, *m_clock);
    QVERIFY(store.addOrder(Order{QStringLiteral("4417"), 10000, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}));
    auto close = [&](qint64 amount, const QString& ref, const QString& refundId) {
        auto open = store.openOrJoin(QStringLiteral("4417"), amount, QStringLiteral("toolu_m%1").arg(++m_calls), ref);
        if (!open || !store.claimAttempt(open.value().operation.operationId, QStringLiteral("toolu_x"), 6, 24 * kHour))
            qFatal("could not open");
        const QString id = open.value().operation.operationId;
        if (refundId.isEmpty() ? !store.closeFailed(id, QStringLiteral("charge_disputed"))
                               : !store.closeRefunded(id, refundId, QStringLiteral("succeeded")))
            qFatal("could not close");
        m_clock->advanceMs(1000);
        return id;
    };
    close(700, QStringLiteral("T-m"), {});
    close(700, QStringLiteral("T-m"), QStringLiteral("re_m1"));
    const QString paid = close(300, QStringLiteral("T-p"), QStringLiteral("re_p1"));
    // What the v7 reconciler stored for a second live refund of a refunded row.
    m_provider.set(refundJson(QStringLiteral("re_p2"), paid, 300, QStringLiteral("succeeded")));
    {
        Reconciler v7(*db, m_provider.fetcher(), *m_clock);
        QVERIFY(v7.events().insert(makeEvent(QStringLiteral("evt_p2"), QStringLiteral("refund.created"),
                                             m_provider.refunds.value(QStringLiteral("re_p2"))),
                                   ProviderEventStore::Source::Webhook));
    }
    QVERIFY(db->run(QStringLiteral("UPDATE provider_events SET operation_id = ?, refund_id = 're_p2', action = "
                                   "'mismatch', action_detail = 'operation is refunded by re_p1, not re_p2', "
                                   "applied_at = 1 WHERE event_id = 'evt_p2'"),
                    {paid}));
    QVERIFY(SchemaMigrator::migrate(*db));
    QCOMPARE(scalar(*db, QStringLiteral("SELECT count(*) FROM logical_refund_repeats")), qint64(1)); // 700 / T-m
    Reconciler r(*db, m_provider.fetcher(), *m_clock);
    QCOMPARE(r.applyWaiting().value(), 1);
    QCOMPARE(r.events().event(QStringLiteral("evt_p2")).value()->action, QStringLiteral("second_refund"));
    const HistoryStats::Snapshot s = statsAround(*db, *m_clock);
    QCOMPARE(s.maxRefundsPerLogicalRefund, 2);
    QCOMPARE(s.overRefunded.size(), 1);
    QCOMPARE(s.overRefunded.first().requestRef, QStringLiteral("T-p"));
    // From now on the trigger records a new repeat.
    close(200, {}, {});
    close(200, {}, QStringLiteral("re_200"));
    QCOMPARE(scalar(*db, QStringLiteral("SELECT count(*) FROM logical_refund_repeats")), qint64(2));
}

// Found by a review of the first version: the reconciler login may update its events' action and
// insert events, so it could erase a decided second_refund or plant a "failed" decision after it.
void TestReconciler::r21_pg_reconcilerLoginCannotRewriteOrPlantEvidence_issue15()
{
    if (!pgRoles())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    auto rec = reconcilerLogin();
    QVERIFY(rec);
    Reconciler r(*rec, m_provider.fetcher(), *m_clock);
    const QString op = refundedOp(3800, QStringLiteral("re_1"), QStringLiteral("T-1"));
    m_provider.set(refundJson(QStringLiteral("re_2"), op, 3800, QStringLiteral("succeeded")));
    QCOMPARE(feed(r, makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"),
                               m_provider.refunds.value(QStringLiteral("re_2"))))
                 .action,
             QStringLiteral("second_refund"));
    QVERIFY(!rec->run(QStringLiteral("UPDATE provider_events SET action = 'no_change' WHERE event_id = 'evt_2'")));
    QVERIFY(!rec->run(QStringLiteral(
                          "INSERT INTO provider_events (event_id, source, received_at, type, event_created, refund_id, "
                          "operation_id, action, applied_at, payload) VALUES ('evt_forged', 'poll', 0, 'refund.updated', "
                          "0, 're_2', ?, 'second_refund_failed', 9000000000000000, '{}')"),
                      {op}));
    QVERIFY(!rec->run(QStringLiteral("DELETE FROM provider_events WHERE event_id = 'evt_2'")));
    QCOMPARE(statsAround(*m_db, *m_clock).maxRefundsPerLogicalRefund, 2);
}

#include "TestReconciler.moc"
