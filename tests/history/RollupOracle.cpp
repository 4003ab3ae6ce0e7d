#include "RollupOracle.h"

#include <QScopeGuard>

#include "db/SettingsStore.h"
#include "history/HistoryStats.h"

#include <QHash>
#include <QMap>
#include <QMultiHash>
#include <QSet>
#include <QSqlQuery>
#include <QStringList>

#include <algorithm>

namespace {

struct OpRow
{
    QString id, status, currency, orderId, requestRef, refund;
    qint64 createdAt = 0, amount = 0, closedAt = 0;
    int attempts = 0;
    bool refundId = false;
    std::optional<qint64> resolvedAt;
    qint64 calls = 0, joined = 0, lost = 0, answered = 0, replays = 0;
};

// Every operation with its children's counts, read row by row.
QString readRows(Database& db, QList<OpRow>* out)
{
    QHash<QString, int> index;
    auto ops =
        db.run(QStringLiteral("SELECT operation_id, status, currency, created_at, amount_cents, attempts, "
                              "provider_refund_id IS NOT NULL, resolved_at, order_id, request_ref, "
                              "COALESCE(closed_at, resolved_at, updated_at), provider_refund_id FROM refund_ops"));
    if (!ops)
        return ops.error().message;
    while (ops.value().next()) {
        const QSqlQuery& q = ops.value();
        OpRow r;
        r.id = q.value(0).toString();
        r.status = q.value(1).toString();
        r.currency = q.value(2).toString();
        r.createdAt = q.value(3).toLongLong();
        r.amount = q.value(4).toLongLong();
        r.attempts = q.value(5).toInt();
        r.refundId = q.value(6).toBool();
        if (!q.value(7).isNull())
            r.resolvedAt = q.value(7).toLongLong();
        r.orderId = q.value(8).toString();
        r.requestRef = q.value(9).toString();
        r.closedAt = q.value(10).toLongLong();
        r.refund = q.value(11).toString();
        index.insert(r.id, int(out->size()));
        out->append(r);
    }
    auto calls = db.run(
        QStringLiteral("SELECT operation_id, created_operation, lost_insert_race, answered_from_refunded "
                       "FROM tool_calls WHERE operation_id IS NOT NULL"));
    if (!calls)
        return calls.error().message;
    while (calls.value().next()) {
        const QSqlQuery& q = calls.value();
        const int i = index.value(q.value(0).toString(), -1);
        if (i < 0)
            return QStringLiteral("tool call for a missing operation %1").arg(q.value(0).toString());
        OpRow& r = (*out)[i];
        ++r.calls;
        r.joined += q.value(1).toInt() == 0 ? 1 : 0;
        r.lost += q.value(2).toInt() == 1 ? 1 : 0;
        r.answered += q.value(3).toInt() == 1 ? 1 : 0;
    }
    auto attempts = db.run(QStringLiteral("SELECT operation_id FROM refund_attempts WHERE replayed = 1"));
    if (!attempts)
        return attempts.error().message;
    while (attempts.value().next()) {
        const int i = index.value(attempts.value().value(0).toString(), -1);
        if (i < 0)
            return QStringLiteral("attempt for a missing operation");
        ++(*out)[i].replays;
    }
    return {};
}

QString key(qint64 day, const QString& status, const QString& currency, qint64 attempts)
{
    return QStringLiteral("day %1 %2 %3 attempts %4").arg(day).arg(status, currency).arg(attempts);
}

QString describe(const QList<qint64>& v)
{
    QStringList parts;
    for (qint64 x : v)
        parts << QString::number(x);
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

template <typename Map>
QString diff(const QString& what, const Map& expected, const Map& actual)
{
    QStringList out;
    QStringList keys = expected.keys() + actual.keys();
    keys.removeDuplicates();
    std::sort(keys.begin(), keys.end());
    for (const QString& k : keys) {
        if (expected.value(k) != actual.value(k)) {
            out << QStringLiteral("%1 %2: expected %3, stored %4")
                       .arg(what, k, describe(expected.value(k)), describe(actual.value(k)));
            if (out.size() >= 8)
                break;
        }
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

namespace RollupOracle {

QString compare(Database& db)
{
    // One snapshot for the base tables and the rollups: on PostgreSQL a SIGKILLed client's
    // backend can still commit its last transaction between two separate reads, and the
    // comparison would then mix states no single moment had (seen once in CI).
    if (auto begun = db.runScript(db.isPostgres() ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ")
                                                  : QStringLiteral("BEGIN"));
        !begun)
        return QStringLiteral("oracle: %1").arg(begun.error().message);
    const auto end = qScopeGuard([&db] { db.runScript(QStringLiteral("COMMIT")); });
    QList<OpRow> rows;
    if (QString e = readRows(db, &rows); !e.isEmpty())
        return e;
    // Schema v8: logical_refund_repeats holds exactly the (order, amount, request ref) with more
    // than one operation, whoever wrote them (trigger, bulk load, raw SQL).
    {
        QMap<QString, int> perIdentity;
        for (const OpRow& r : std::as_const(rows))
            ++perIdentity[QStringLiteral("%1 %2 '%3'").arg(r.orderId).arg(r.amount).arg(r.requestRef)];
        QStringList expected, stored;
        for (auto it = perIdentity.cbegin(); it != perIdentity.cend(); ++it)
            if (it.value() > 1)
                expected << it.key();
        auto q = db.run(QStringLiteral("SELECT order_id, amount_cents, request_ref FROM logical_refund_repeats"));
        if (!q)
            return q.error().message;
        while (q.value().next())
            stored << QStringLiteral("%1 %2 '%3'")
                          .arg(q.value().value(0).toString())
                          .arg(q.value().value(1).toLongLong())
                          .arg(q.value().value(2).toString());
        std::sort(stored.begin(), stored.end());
        if (expected != stored)
            return QStringLiteral("logical_refund_repeats: expected [%1], stored [%2]")
                .arg(expected.join(QStringLiteral(", ")), stored.join(QStringLiteral(", ")));
    }
    QMap<QString, QList<qint64>> expectedOps, storedOps, expectedResolves, storedResolves;
    for (const OpRow& r : std::as_const(rows)) {
        const qint64 day = HistoryFilter::dayOf(r.createdAt);
        QList<qint64>& v = expectedOps[key(day, r.status, r.currency, r.attempts)];
        v.resize(8, 0);
        const qint64 add[8] = {1,        r.amount, r.refundId ? 1 : 0, r.calls,
                               r.joined, r.lost,   r.answered,         r.replays};
        for (int i = 0; i < 8; ++i)
            v[i] += add[i];
        if (r.resolvedAt) {
            QList<qint64>& n = expectedResolves
                [QStringLiteral("day %1 %2 %3 ms").arg(day).arg(r.status).arg(*r.resolvedAt - r.createdAt)];
            n.resize(1, 0);
            n[0] += 1;
        }
    }
    auto q = db.run(QStringLiteral(
        "SELECT day, status, currency, attempts, operations, amount_cents, with_refund_id, calls, "
        "joined_calls, lost_races, answered_from_refunded, provider_replays FROM history_day_ops"));
    if (!q)
        return q.error().message;
    while (q.value().next()) {
        QList<qint64> v;
        bool zero = true;
        for (int i = 4; i < 12; ++i) {
            v << q.value().value(i).toLongLong();
            zero = zero && v.constLast() == 0;
        }
        if (zero)
            continue;
        storedOps.insert(key(q.value().value(0).toLongLong(), q.value().value(1).toString(),
                             q.value().value(2).toString(), q.value().value(3).toLongLong()),
                         v);
    }
    auto r = db.run(QStringLiteral("SELECT day, status, duration_ms, operations FROM history_day_resolves"));
    if (!r)
        return r.error().message;
    while (r.value().next()) {
        const qint64 n = r.value().value(3).toLongLong();
        if (n == 0)
            continue;
        storedResolves.insert(QStringLiteral("day %1 %2 %3 ms")
                                  .arg(r.value().value(0).toLongLong())
                                  .arg(r.value().value(1).toString())
                                  .arg(r.value().value(2).toLongLong()),
                              QList<qint64>{n});
    }
    QString out = diff(QStringLiteral("history_day_ops"), expectedOps, storedOps);
    const QString resolves = diff(QStringLiteral("history_day_resolves"), expectedResolves, storedResolves);
    if (!resolves.isEmpty())
        out += (out.isEmpty() ? QString() : QStringLiteral("\n")) + resolves;
    return out;
}

// Refunds per logical refund by brute force over every row (RefundsPerLogicalRefund's definition,
// without its candidate preselection): group all operations by (order, amount, request ref),
// oldest first; without a request ref an operation created more than the window after the last
// refund's close starts a new logical refund; count refunded operations' refunds and the live
// refunds events last reported beside an operation.
int bruteForceMaxRefunds(Database& db, const QList<OpRow>& rows, const HistoryFilter& filter, qint64 windowMs,
                         QString* error)
{
    QHash<QString, QPair<QString, bool>> lastEvent; // refund -> (operation, live)
    auto q = db.run(QStringLiteral("SELECT operation_id, refund_id, action FROM provider_events WHERE "
                                   "operation_id IS NOT NULL AND refund_id IS NOT NULL ORDER BY applied_at, event_id"));
    if (!q) {
        *error = q.error().message;
        return -1;
    }
    while (q.value().next()) {
        const QString action = q.value().value(2).toString();
        const bool live = action == QLatin1String("second_refund") || action == QLatin1String("auto_resolve_off");
        const bool dead = action == QLatin1String("second_refund_failed") || action == QLatin1String("left_unknown");
        if (live || dead)
            lastEvent.insert(q.value().value(1).toString(), {q.value().value(0).toString(), live});
    }
    QMultiHash<QString, QString> beside; // operation -> live refunds it does not hold
    for (auto it = lastEvent.cbegin(); it != lastEvent.cend(); ++it)
        if (it.value().second)
            beside.insert(it.value().first, it.key());
    QMap<QString, QList<const OpRow*>> identities;
    for (const OpRow& r : rows)
        identities[r.orderId + QChar(1) + QString::number(r.amount) + QChar(1) + r.requestRef] << &r;
    int best = 0;
    for (auto& ops : identities) {
        std::sort(ops.begin(), ops.end(), [](const OpRow* a, const OpRow* b) {
            return a->createdAt != b->createdAt ? a->createdAt < b->createdAt : a->id < b->id;
        });
        QSet<QString> refunds;
        bool touched = false;
        bool refunded = false; // the logical refund has a refund, answering repeats until `until`
        qint64 until = 0;
        auto close = [&] {
            if (touched)
                best = qMax(best, int(refunds.size()));
            refunds.clear();
            touched = false;
            refunded = false;
        };
        for (const OpRow* r : std::as_const(ops)) {
            if (r->requestRef.isEmpty() && refunded && r->createdAt > until)
                close();
            touched = touched || (r->createdAt >= filter.fromMs && r->createdAt < filter.toMs &&
                                  (!filter.status || r->status == statusName(*filter.status)));
            for (const QString& x : beside.values(r->id))
                if (x != r->refund) // the row's own refund counts by the row's state
                    refunds.insert(x);
            if (r->status == QLatin1String("refunded")) {
                refunds.insert(r->refund);
                until = refunded ? qMax(until, r->closedAt + windowMs) : r->closedAt + windowMs;
                refunded = true;
            }
        }
        close();
    }
    return best;
}

QString compareStats(Database& db, const HistoryFilter& filter)
{
    QList<OpRow> rows;
    if (QString e = readRows(db, &rows); !e.isEmpty())
        return e;
    auto computed = HistoryStats::compute(db, filter);
    if (!computed)
        return computed.error().message;
    const HistoryStats::Snapshot& s = computed.value();
    HistoryStats::Snapshot e;
    const qint64 firstDay = HistoryFilter::dayOf(filter.fromMs);
    const qint64 lastDay = HistoryFilter::dayOf(filter.toMs - 1);
    for (qint64 d = firstDay; d <= lastDay; ++d)
        e.days << HistoryStats::Day{d * HistoryFilter::kDayMs, 0, 0, 0, 0, 0};
    QMap<QString, qint64> money;
    QList<qint64> durations;
    qint64 unknownNow = 0;
    QMap<QString, qint64> moneyNow;
    for (const OpRow& r : std::as_const(rows)) {
        // Issue 15: "Unknown now" is every unknown operation, whatever the range and state filter.
        if (r.status == QLatin1String("unknown")) {
            ++unknownNow;
            moneyNow[r.currency] += r.amount;
        }
        if (r.createdAt < filter.fromMs || r.createdAt >= filter.toMs)
            continue;
        if (filter.status && r.status != statusName(*filter.status))
            continue;
        HistoryStats::Day& d = e.days[HistoryFilter::dayOf(r.createdAt) - firstDay];
        ++e.operations;
        e.toolCalls += r.calls;
        e.joinedToolCalls += r.joined;
        e.lostInsertRaces += r.lost;
        e.answeredFromRefunded += r.answered;
        e.providerReplays += r.replays;
        d.duplicatesPrevented += r.joined;
        if (r.status == QLatin1String("refunded")) {
            ++e.refundedOperations;
            ++d.refunded;
        } else if (r.status == QLatin1String("failed")) {
            ++d.failed;
        } else if (r.status == QLatin1String("unknown")) {
            ++e.unknownOperations;
            money[r.currency] += r.amount;
            ++d.unknown;
        } else if (r.status == QLatin1String("reversed")) {
            ++e.reversedOperations;
            ++d.reversed;
        } else {
            ++d.open;
        }
        if (r.attempts <= 0) {
            ++e.operationsWithoutAttempts;
        } else {
            e.attemptsBeyondFirst += r.attempts - 1;
            d.duplicatesPrevented += r.attempts - 1;
            if (e.attemptsHistogram.size() < r.attempts)
                e.attemptsHistogram.resize(r.attempts, 0);
            ++e.attemptsHistogram[r.attempts - 1];
        }
        if (r.resolvedAt)
            durations << *r.resolvedAt - r.createdAt;
    }
    e.duplicatesPrevented = e.joinedToolCalls + e.attemptsBeyondFirst;
    std::sort(durations.begin(), durations.end());
    e.resolvedOperations = durations.size();
    auto rank = [&](int percent) -> std::optional<qint64> {
        if (durations.isEmpty())
            return std::nullopt;
        return durations.at((durations.size() * percent + 99) / 100 - 1);
    };
    e.medianResolveMs = rank(50);
    e.p90ResolveMs = rank(90);

    QStringList out;
    auto check = [&](const char* name, qint64 expected, qint64 actual) {
        if (expected != actual)
            out << QStringLiteral("%1: expected %2, computed %3")
                       .arg(QLatin1String(name))
                       .arg(expected)
                       .arg(actual);
    };
    check("operations", e.operations, s.operations);
    check("toolCalls", e.toolCalls, s.toolCalls);
    check("joinedToolCalls", e.joinedToolCalls, s.joinedToolCalls);
    check("lostInsertRaces", e.lostInsertRaces, s.lostInsertRaces);
    check("answeredFromRefunded", e.answeredFromRefunded, s.answeredFromRefunded);
    check("providerReplays", e.providerReplays, s.providerReplays);
    check("attemptsBeyondFirst", e.attemptsBeyondFirst, s.attemptsBeyondFirst);
    check("refundedOperations", e.refundedOperations, s.refundedOperations);
    QString error;
    e.maxRefundsPerLogicalRefund =
        bruteForceMaxRefunds(db, rows, filter, SettingsStore(db).load().value().repeatWindowMs(), &error);
    if (!error.isEmpty())
        return error;
    check("maxRefundsPerLogicalRefund", e.maxRefundsPerLogicalRefund, s.maxRefundsPerLogicalRefund);
    check("duplicatesPrevented", e.duplicatesPrevented, s.duplicatesPrevented);
    check("unknownOperations", e.unknownOperations, s.unknownOperations);
    check("reversedOperations", e.reversedOperations, s.reversedOperations);
    check("operationsWithoutAttempts", e.operationsWithoutAttempts, s.operationsWithoutAttempts);
    check("resolvedOperations", e.resolvedOperations, s.resolvedOperations);
    check("medianResolveMs", e.medianResolveMs.value_or(-1), s.medianResolveMs.value_or(-1));
    check("p90ResolveMs", e.p90ResolveMs.value_or(-1), s.p90ResolveMs.value_or(-1));
    if (describe(e.attemptsHistogram) != describe(s.attemptsHistogram))
        out << QStringLiteral("attemptsHistogram: expected %1, computed %2")
                   .arg(describe(e.attemptsHistogram), describe(s.attemptsHistogram));
    QMap<QString, qint64> computedMoney;
    for (const auto& m : s.unknownMoney)
        computedMoney.insert(m.currency, m.minorUnits);
    for (auto it = money.begin();
         it != money.end();) // a currency whose unknown amounts sum to 0 is not listed
        it = it.value() == 0 ? money.erase(it) : std::next(it);
    if (money != computedMoney)
        out << QStringLiteral("unknownMoney differs");
    check("unknownNowOperations", unknownNow, s.unknownNowOperations);
    QMap<QString, qint64> computedMoneyNow;
    for (const auto& m : s.unknownNowMoney)
        computedMoneyNow.insert(m.currency, m.minorUnits);
    if (moneyNow != computedMoneyNow)
        out << QStringLiteral("unknownNowMoney differs");
    if (e.days.size() != s.days.size()) {
        out << QStringLiteral("days: expected %1, computed %2").arg(e.days.size()).arg(s.days.size());
    } else {
        for (int i = 0; i < e.days.size(); ++i) {
            const auto& a = e.days.at(i);
            const auto& b = s.days.at(i);
            if (a.startMs != b.startMs || a.refunded != b.refunded || a.failed != b.failed ||
                a.unknown != b.unknown || a.open != b.open || a.reversed != b.reversed ||
                a.duplicatesPrevented != b.duplicatesPrevented)
                out << QStringLiteral("day %1 differs").arg(i);
        }
    }
    if (!out.isEmpty())
        out.prepend(QStringLiteral("range [%1, %2) status %3:")
                        .arg(filter.fromMs)
                        .arg(filter.toMs)
                        .arg(filter.status ? statusName(*filter.status) : QStringLiteral("any")));
    return out.join(QLatin1Char('\n'));
}

} // namespace RollupOracle
