#include "HandBuiltHistory.h"

#include "db/OperationStore.h"
#include "db/ResolutionRules.h"

#include <QJsonArray>
#include <QJsonObject>

#include <atomic>
#include <latch>
#include <thread>
#include <vector>

// Operation  created (UTC)   state      attempts  tool calls (joined)  notes
// Z          day0 - 1 ms     unknown    2         2 (1)                outside the range
// A          day0 01:00      refunded   2         1 (0)                attempt 2 replayed
// B          day0 02:00      unknown    6         3 (2)                50.00 usd, budget exhausted
// C          day1 01:00      failed     1         1 (0)                500 jpy
// D          day1 02:00      refunded   2         1 (0)                attempt 2 replayed; resolved after 3 h
// E          day2 00:30      failed     1         1 (0)                1.234 kwd; resolved after 30 h
// F          day2 03:00      open       0         4 (3)                concurrent calls: some lose the race
// G          day2 04:00      open       1         1 (0)                attempt in flight
// H          day3 00:00      unknown    1         1 (0)                outside the range (end is exclusive)

namespace {
// The history's resolutions happen at fixed instants of the test clock. resolve_operation()
// stamps the server's clock (a client never picks the time of an audit entry), so on PostgreSQL
// the fixture writes the same rows as the schema owner would, checked by the same rules
// (ResolutionRules) and still held by the v4 row guard; on SQLite it is OperationStore::resolve().
StoreResult<Operation> resolveAt(OperationStore& store, const QString& operationId,
                                 const OperationStore::Resolution& res)
{
    Database& db = store.database();
    if (db.isSqlite())
        return store.resolve(operationId, res);
    auto op = store.operation(operationId);
    if (!op)
        return op.error();
    const qint64 now = store.clock().nowMs();
    auto v = ResolutionRules::check(op.value(), res.status, res.evidence, res.lookupStartedAt, now);
    if (!v)
        return v.error();
    WriteTransaction tx(db);
    if (auto r = tx.begin(); !r)
        return r.error();
    auto upd =
        db.run(QStringLiteral(
                   "UPDATE refund_ops SET status = ?, provider_refund_id = ?, provider_status = ?, "
                   "failure_code = ?, resolved_by = ?, resolved_at = ?, resolution_note = ?, closed_at = ?, "
                   "updated_at = ? WHERE operation_id = ? AND status = 'unknown'"),
               {statusName(res.status),
                v.value().providerRefundId.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                     : QVariant(v.value().providerRefundId),
                v.value().providerStatus.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                   : QVariant(v.value().providerStatus),
                v.value().failureCode.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                : QVariant(v.value().failureCode),
                res.actor, now, res.note, now, now, operationId});
    if (!upd)
        return upd.error();
    AuditEntry audit;
    audit.at = now;
    audit.actor = res.actor;
    audit.role = res.role;
    audit.action = QStringLiteral("resolve");
    audit.operationId = operationId;
    audit.details = QJsonObject{{QStringLiteral("from"), QStringLiteral("unknown")},
                                {QStringLiteral("to"), statusName(res.status)},
                                {QStringLiteral("note"), res.note},
                                {QStringLiteral("evidence"), res.evidence}};
    if (auto a = store.appendAudit(audit); !a)
        return a.error();
    if (auto r = tx.commit(); !r)
        return r.error();
    return store.operation(operationId);
}

constexpr qint64 kRetention = 24 * HandBuiltHistory::kHour;

QString errorText(const StoreError& e, const char* step)
{
    return QStringLiteral("%1: %2").arg(QLatin1String(step), e.message);
}

OperationStore::AttemptResult outcome(const QString& name, int http, bool replayed = false)
{
    OperationStore::AttemptResult r;
    r.outcome = name;
    r.httpStatus = http;
    r.replayed = replayed;
    r.providerRequestId = QStringLiteral("req_") + name;
    return r;
}
} // namespace

#define HB_TRY(expr, step)                                                                                   \
    do {                                                                                                     \
        auto _r = (expr);                                                                                    \
        if (!_r)                                                                                             \
            return errorText(_r.error(), step);                                                              \
    } while (false)

QString HandBuiltHistory::build(const QString& url, Database& db)
{
    ManualClock clock(kDay0);
    OperationStore store(db, clock);
    auto addOrder = [&](const char* id, qint64 amount, const char* currency) {
        return store.addOrder(Order{QLatin1String(id), amount, QLatin1String(currency),
                                    QStringLiteral("pi_") + QLatin1String(id), kDay0 - kDayMs});
    };
    for (auto [id, amount, currency] :
         std::initializer_list<std::tuple<const char*, qint64, const char*>>{{"oZ", 900, "usd"},
                                                                             {"oA", 10000, "usd"},
                                                                             {"oB", 5000, "usd"},
                                                                             {"oC", 500, "jpy"},
                                                                             {"oD", 2000, "eur"},
                                                                             {"oE", 1234, "kwd"},
                                                                             {"oF", 7000, "usd"},
                                                                             {"oG", 9000, "usd"},
                                                                             {"oH", 100, "usd"}}) {
        HB_TRY(addOrder(id, amount, currency), "add order");
    }

    // Runs `attempts` claims for one tool call, finishing each with outcomes[i] (empty: left in flight).
    auto attempt = [&](const QString& op, const QString& toolCall,
                       const OperationStore::AttemptResult& result, bool finish = true) -> QString {
        auto claim = store.claimAttempt(op, toolCall, 6, kRetention);
        if (!claim)
            return errorText(claim.error(), "claim attempt");
        if (finish) {
            if (auto f = store.finishAttempt(claim.value().attemptRowId, result); !f)
                return errorText(f.error(), "finish attempt");
        }
        return {};
    };
#define HB_ATTEMPT(...)                                                                                      \
    do {                                                                                                     \
        const QString _e = attempt(__VA_ARGS__);                                                             \
        if (!_e.isEmpty())                                                                                   \
            return _e;                                                                                       \
    } while (false)

    // Z: just before the range.
    clock.setNowMs(kDay0 - 1);
    {
        auto z = store.openOrJoin(QStringLiteral("oZ"), 900, QStringLiteral("toolu_z1"));
        HB_TRY(z, "open Z");
        HB_ATTEMPT(z.value().operation.operationId, QStringLiteral("toolu_z1"),
                   outcome(QStringLiteral("timeout"), 0));
        HB_TRY(store.openOrJoin(QStringLiteral("oZ"), 900, QStringLiteral("toolu_z2")), "join Z");
        HB_ATTEMPT(z.value().operation.operationId, QStringLiteral("toolu_z2"),
                   outcome(QStringLiteral("timeout"), 0));
        HB_TRY(store.markUnknown(z.value().operation.operationId, QStringLiteral("provider_saved_error")),
               "Z unknown");
    }

    // A: timeout, then the refund replayed by the provider.
    clock.setNowMs(kDay0 + 1 * kHour);
    {
        auto a = store.openOrJoin(QStringLiteral("oA"), 3800, QStringLiteral("toolu_a1"));
        HB_TRY(a, "open A");
        operationA = a.value().operation.operationId;
        HB_ATTEMPT(operationA, QStringLiteral("toolu_a1"), outcome(QStringLiteral("timeout"), 0));
        HB_ATTEMPT(operationA, QStringLiteral("toolu_a1"), outcome(QStringLiteral("succeeded"), 200, true));
        HB_TRY(store.closeRefunded(operationA, QStringLiteral("re_A"), QStringLiteral("succeeded")),
               "close A");
        // The customer says "try again" after all: answered from the refund, nothing sent (R5a).
        clock.advanceMs(5 * 60 * 1000);
        HB_TRY(store.openOrJoin(QStringLiteral("oA"), 3800, QStringLiteral("toolu_a2")), "repeat A");
    }

    // B: the SPEC section 8 scenario: 3 + 3 timeouts, budget exhausted, a third call joins the unknown row.
    clock.setNowMs(kDay0 + 2 * kHour);
    {
        auto b = store.openOrJoin(QStringLiteral("oB"), 5000, QStringLiteral("toolu_b1"));
        HB_TRY(b, "open B");
        operationB = b.value().operation.operationId;
        for (int i = 0; i < 3; ++i)
            HB_ATTEMPT(operationB, QStringLiteral("toolu_b1"), outcome(QStringLiteral("timeout"), 0));
        clock.advanceMs(10 * 60 * 1000);
        HB_TRY(store.openOrJoin(QStringLiteral("oB"), 5000, QStringLiteral("toolu_b2")), "join B");
        for (int i = 0; i < 3; ++i)
            HB_ATTEMPT(operationB, QStringLiteral("toolu_b2"), outcome(QStringLiteral("timeout"), 0));
        HB_TRY(store.markUnknown(operationB, QStringLiteral("attempt_budget_exhausted")), "B unknown");
        HB_TRY(store.openOrJoin(QStringLiteral("oB"), 5000, QStringLiteral("toolu_b3")), "join B again");
    }

    // C: a definite refusal.
    clock.setNowMs(kDay0 + kDayMs + 1 * kHour);
    {
        auto c = store.openOrJoin(QStringLiteral("oC"), 500, QStringLiteral("toolu_c1"));
        HB_TRY(c, "open C");
        operationC = c.value().operation.operationId;
        HB_ATTEMPT(operationC, QStringLiteral("toolu_c1"), outcome(QStringLiteral("declined"), 400));
        HB_TRY(store.closeFailed(operationC, QStringLiteral("charge_already_refunded")), "close C");
    }

    // D: saved 500 replayed, unknown, a reviewer finds the refund 3 h after creation.
    const qint64 createdD = kDay0 + kDayMs + 2 * kHour;
    clock.setNowMs(createdD);
    {
        auto d = store.openOrJoin(QStringLiteral("oD"), 2000, QStringLiteral("toolu_d1"));
        HB_TRY(d, "open D");
        operationD = d.value().operation.operationId;
        HB_ATTEMPT(operationD, QStringLiteral("toolu_d1"), outcome(QStringLiteral("timeout"), 0));
        HB_ATTEMPT(operationD, QStringLiteral("toolu_d1"),
                   outcome(QStringLiteral("provider_error"), 500, true));
        HB_TRY(store.markUnknown(operationD, QStringLiteral("provider_saved_error")), "D unknown");
    }

    // E: unknown at once; resolved failed 30 h after creation.
    const qint64 createdE = kDay0 + 2 * kDayMs + 30 * 60 * 1000;
    clock.setNowMs(createdE);
    {
        auto e = store.openOrJoin(QStringLiteral("oE"), 1234, QStringLiteral("toolu_e1"));
        HB_TRY(e, "open E");
        operationE = e.value().operation.operationId;
        HB_ATTEMPT(operationE, QStringLiteral("toolu_e1"), outcome(QStringLiteral("provider_error"), 500));
        HB_TRY(store.markUnknown(operationE, QStringLiteral("provider_saved_error")), "E unknown");
    }

    // F: kRacers tool calls at once, each on its own connection (R3); no attempt yet.
    clock.setNowMs(kDay0 + 2 * kDayMs + 3 * kHour);
    {
        std::latch start(kRacers);
        std::atomic<int> lost{0};
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        std::vector<QString> ids(kRacers);
        for (int i = 0; i < kRacers; ++i) {
            threads.emplace_back([&, i] {
                auto own = Database::open(url);
                if (!own) {
                    ++failures;
                    start.count_down();
                    return;
                }
                OperationStore racer(*own.value(), clock);
                start.arrive_and_wait();
                auto r = racer.openOrJoin(QStringLiteral("oF"), 7000, QStringLiteral("toolu_f%1").arg(i + 1));
                if (!r) {
                    ++failures;
                    return;
                }
                ids[i] = r.value().operation.operationId;
                if (r.value().lostInsertRace)
                    ++lost;
            });
        }
        for (auto& t : threads)
            t.join();
        if (failures.load() > 0)
            return QStringLiteral("F: %1 concurrent tool calls failed").arg(failures.load());
        for (const QString& id : ids) {
            if (id != ids.front())
                return QStringLiteral(
                    "F: concurrent tool calls mapped onto different operations (R3 broken)");
        }
        operationF = ids.front();
        lostInsertRaces = lost.load();
    }

    // G: one attempt still in flight.
    clock.setNowMs(kDay0 + 2 * kDayMs + 4 * kHour);
    {
        auto g = store.openOrJoin(QStringLiteral("oG"), 1000, QStringLiteral("toolu_g1"));
        HB_TRY(g, "open G");
        operationG = g.value().operation.operationId;
        HB_ATTEMPT(operationG, QStringLiteral("toolu_g1"), OperationStore::AttemptResult{}, false);
    }

    // H: exactly at the (exclusive) end of the range.
    clock.setNowMs(kDay0 + 3 * kDayMs);
    {
        auto h = store.openOrJoin(QStringLiteral("oH"), 100, QStringLiteral("toolu_h1"));
        HB_TRY(h, "open H");
        HB_ATTEMPT(h.value().operation.operationId, QStringLiteral("toolu_h1"),
                   outcome(QStringLiteral("timeout"), 0));
        HB_TRY(store.markUnknown(h.value().operation.operationId, QStringLiteral("attempt_budget_exhausted")),
               "H unknown");
    }

    // Reviewers resolve D and E (R16, R17).
    clock.setNowMs(createdD + 3 * kHour);
    {
        OperationStore::Resolution res;
        res.status = OperationStatus::Refunded;
        res.providerRefundId = QStringLiteral("re_D");
        res.providerStatus = QStringLiteral("succeeded");
        res.actor = QStringLiteral("alice");
        res.role = QStringLiteral("support");
        res.note = noteD();
        // R16: the evidence names the refund (as the provider sent it) with our operation id.
        res.evidence =
            QJsonObject{{QStringLiteral("refund"),
                         QJsonObject{{QStringLiteral("id"), QStringLiteral("re_D")},
                                     {QStringLiteral("amount"), 2000},
                                     {QStringLiteral("currency"), QStringLiteral("eur")},
                                     {QStringLiteral("status"), QStringLiteral("succeeded")},
                                     {QStringLiteral("metadata"),
                                      QJsonObject{{QStringLiteral("operation_id"), operationD}}}}}};
        res.lookupStartedAt = clock.nowMs();
        HB_TRY(resolveAt(store, operationD, res), "resolve D");
    }
    clock.setNowMs(createdE + 30 * kHour);
    {
        OperationStore::Resolution res;
        res.status = OperationStatus::Failed;
        res.failureCode = QStringLiteral("no_refund_found");
        res.actor = QStringLiteral("bob");
        res.role = QStringLiteral("finance");
        res.note = noteE();
        // R16: a complete lookup that found nothing, started after the key expired.
        res.evidence =
            QJsonObject{{QStringLiteral("lookup"), QJsonObject{{QStringLiteral("complete"), true}}},
                        {QStringLiteral("refunds"), QJsonArray()}};
        res.lookupStartedAt = clock.nowMs();
        HB_TRY(resolveAt(store, operationE, res), "resolve E");
    }
    return {};
}
