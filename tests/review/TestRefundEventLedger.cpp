// RefundEventLedger: webhook/event order independence. A refund.updated seen before its
// refund.created never rolls the refund back; a duplicate event changes nothing; ties within
// one second are decided by status progress, never by arrival order.

#include "review/RefundEventLedger.h"

#include <QJsonObject>
#include <QTest>

#include <QRandomGenerator>

#include <algorithm>

namespace {

ProviderEvent makeEvent(const QString& id, const QString& type, qint64 created, const QString& refundId,
                    const QString& status, const QString& key = {}, const QString& operationId = QStringLiteral("op_1"))
{
    QJsonObject refund{{QStringLiteral("id"), refundId},
                       {QStringLiteral("object"), QStringLiteral("refund")},
                       {QStringLiteral("amount"), 3800},
                       {QStringLiteral("currency"), QStringLiteral("usd")},
                       {QStringLiteral("created"), 1000},
                       {QStringLiteral("status"), status},
                       {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), operationId}}}};
    QJsonObject json{{QStringLiteral("id"), id},
                     {QStringLiteral("object"), QStringLiteral("event")},
                     {QStringLiteral("type"), type},
                     {QStringLiteral("created"), created},
                     {QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), refund}}},
                     {QStringLiteral("request"),
                      key.isEmpty() ? QJsonValue(QJsonValue::Null)
                                    : QJsonValue(QJsonObject{{QStringLiteral("id"), QStringLiteral("req_1")},
                                                             {QStringLiteral("idempotency_key"), key}})}};
    auto parsed = ProviderEvent::fromJson(json);
    Q_ASSERT(parsed);
    return *parsed;
}

} // namespace

class TestRefundEventLedger : public QObject
{
    Q_OBJECT

private slots:
    void updatedBeforeCreatedDoesNotRollBack();
    void sameEventTwiceChangesNothing();
    void everyPermutationEndsTheSame();
    void sameSecondOrderedByProgress();
    void failedAfterSucceededWins();
    void nonRefundEventsAreIgnored();
    void keysAndOperationsLinkRefunds();
    void r11_indexedLinksEqualAFullScan();
};

void TestRefundEventLedger::updatedBeforeCreatedDoesNotRollBack()
{
    RefundEventLedger ledger;
    QVERIFY(ledger.apply(makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.updated"), 200, QStringLiteral("re_1"),
                               QStringLiteral("succeeded"))));
    QVERIFY(ledger.apply(makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"), 100, QStringLiteral("re_1"),
                               QStringLiteral("pending"), QStringLiteral("key-1"))));
    QCOMPARE(ledger.latest(QStringLiteral("re_1"))->status, QStringLiteral("succeeded"));
    const auto entry = ledger.entry(QStringLiteral("re_1"));
    QCOMPARE(entry->latestEventId, QStringLiteral("evt_2"));
    QCOMPARE(entry->eventIds, (QStringList{QStringLiteral("evt_2"), QStringLiteral("evt_1")}));
    // The key came with the older event, and still links the refund.
    QCOMPARE(ledger.refundsWithKey(QStringLiteral("key-1")), QStringList{QStringLiteral("re_1")});
}

void TestRefundEventLedger::sameEventTwiceChangesNothing()
{
    RefundEventLedger ledger;
    const ProviderEvent created = makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"), 100,
                                        QStringLiteral("re_1"), QStringLiteral("pending"));
    QVERIFY(ledger.apply(created));
    QVERIFY(ledger.apply(makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.updated"), 200, QStringLiteral("re_1"),
                               QStringLiteral("succeeded"))));
    QString why;
    QVERIFY(!ledger.apply(created, &why));
    QVERIFY(why.contains(QStringLiteral("already")));
    QCOMPARE(ledger.eventCount(), 2);
    QCOMPARE(ledger.entry(QStringLiteral("re_1"))->eventIds.size(), 2);
    QCOMPARE(ledger.latest(QStringLiteral("re_1"))->status, QStringLiteral("succeeded"));
}

void TestRefundEventLedger::everyPermutationEndsTheSame()
{
    QList<ProviderEvent> events{
        makeEvent(QStringLiteral("evt_a"), QStringLiteral("refund.created"), 100, QStringLiteral("re_1"),
              QStringLiteral("pending"), QStringLiteral("k")),
        makeEvent(QStringLiteral("evt_b"), QStringLiteral("refund.updated"), 150, QStringLiteral("re_1"),
              QStringLiteral("succeeded")),
        makeEvent(QStringLiteral("evt_c"), QStringLiteral("refund.updated"), 150, QStringLiteral("re_2"),
              QStringLiteral("pending")),
        makeEvent(QStringLiteral("evt_d"), QStringLiteral("refund.failed"), 300, QStringLiteral("re_2"),
              QStringLiteral("failed")),
    };
    std::sort(events.begin(), events.end(), [](const ProviderEvent& a, const ProviderEvent& b) { return a.id < b.id; });
    int permutations = 0;
    do {
        RefundEventLedger ledger;
        // Every event twice: duplicates interleaved with the permutation.
        QCOMPARE(ledger.applyAll(events + events), 4);
        QCOMPARE(ledger.latest(QStringLiteral("re_1"))->status, QStringLiteral("succeeded"));
        QCOMPARE(ledger.latest(QStringLiteral("re_2"))->status, QStringLiteral("failed"));
        ++permutations;
    } while (std::next_permutation(events.begin(), events.end(),
                                   [](const ProviderEvent& a, const ProviderEvent& b) { return a.id < b.id; }));
    QCOMPARE(permutations, 24);
}

void TestRefundEventLedger::sameSecondOrderedByProgress()
{
    // Stripe's created has one-second resolution: created and updated may share a second.
    for (bool updatedFirst : {true, false}) {
        RefundEventLedger ledger;
        const ProviderEvent c = makeEvent(QStringLiteral("evt_9"), QStringLiteral("refund.created"), 100,
                                      QStringLiteral("re_1"), QStringLiteral("pending"));
        const ProviderEvent u = makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.updated"), 100,
                                      QStringLiteral("re_1"), QStringLiteral("succeeded"));
        ledger.apply(updatedFirst ? u : c);
        ledger.apply(updatedFirst ? c : u);
        QCOMPARE(ledger.latest(QStringLiteral("re_1"))->status, QStringLiteral("succeeded"));
    }
}

void TestRefundEventLedger::failedAfterSucceededWins()
{
    // A card refund can fail after it succeeded (the bank returns it): a later event wins.
    RefundEventLedger ledger;
    ledger.apply(makeEvent(QStringLiteral("evt_3"), QStringLiteral("refund.failed"), 500, QStringLiteral("re_1"),
                       QStringLiteral("failed")));
    ledger.apply(makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.updated"), 200, QStringLiteral("re_1"),
                       QStringLiteral("succeeded")));
    QCOMPARE(ledger.latest(QStringLiteral("re_1"))->status, QStringLiteral("failed"));
    QCOMPARE(RefundEventLedger::statusRank(QStringLiteral("requires_action")), 0);
    QVERIFY(RefundEventLedger::statusRank(QStringLiteral("pending")) < RefundEventLedger::statusRank(QStringLiteral("succeeded")));
    QCOMPARE(RefundEventLedger::statusRank(QStringLiteral("weird")), -1);
}

void TestRefundEventLedger::nonRefundEventsAreIgnored()
{
    RefundEventLedger ledger;
    QJsonObject charge{{QStringLiteral("id"), QStringLiteral("evt_ch")},
                       {QStringLiteral("object"), QStringLiteral("event")},
                       {QStringLiteral("type"), QStringLiteral("charge.refunded")},
                       {QStringLiteral("created"), 100},
                       {QStringLiteral("data"),
                        QJsonObject{{QStringLiteral("object"), QJsonObject{{QStringLiteral("id"), QStringLiteral("ch_1")},
                                                                          {QStringLiteral("object"), QStringLiteral("charge")}}}}}};
    QString why;
    QVERIFY(!ledger.apply(*ProviderEvent::fromJson(charge), &why));
    QVERIFY(why.contains(QStringLiteral("not a refund event")));
    // refund.updated whose object is not a refund: refused with the parse error.
    charge.insert(QStringLiteral("type"), QStringLiteral("refund.updated"));
    QVERIFY(!ledger.apply(*ProviderEvent::fromJson(charge), &why));
    QVERIFY(why.contains(QStringLiteral("evt_ch")));
    QCOMPARE(ledger.eventCount(), 0);
    QVERIFY(ledger.refundIds().isEmpty());
}

void TestRefundEventLedger::keysAndOperationsLinkRefunds()
{
    RefundEventLedger ledger;
    ledger.apply(makeEvent(QStringLiteral("evt_1"), QStringLiteral("refund.created"), 100, QStringLiteral("re_1"),
                       QStringLiteral("succeeded"), QStringLiteral("key-a"), QStringLiteral("op_a")));
    ledger.apply(makeEvent(QStringLiteral("evt_2"), QStringLiteral("refund.created"), 100, QStringLiteral("re_2"),
                       QStringLiteral("succeeded"), QStringLiteral("key-b"), QStringLiteral("op_b")));
    QCOMPARE(ledger.refundsWithKey(QStringLiteral("key-b")), QStringList{QStringLiteral("re_2")});
    QCOMPARE(ledger.refundsOfOperation(QStringLiteral("op_a")), QStringList{QStringLiteral("re_1")});
    QVERIFY(ledger.refundsWithKey(QString()).isEmpty());
    QVERIFY(ledger.refundsWithKey(QStringLiteral("key-c")).isEmpty());
}


// The key and operation indices (one ledger serves a whole sweep) give what a scan of every
// entry gives, in first-seen order, also when a later event moves a refund to another
// operation id (metadata edited) or events arrive out of order.
void TestRefundEventLedger::r11_indexedLinksEqualAFullScan()
{
    QRandomGenerator rng(20261202);
    for (int round = 0; round < 50; ++round) {
        RefundEventLedger ledger;
        const int events = 1 + int(rng.bounded(60));
        for (int i = 0; i < events; ++i) {
            const QString refund = QStringLiteral("re_%1").arg(rng.bounded(12));
            const QString key = rng.bounded(3) == 0 ? QString() : QStringLiteral("key-%1").arg(rng.bounded(5));
            const QString op = QStringLiteral("op_%1").arg(rng.bounded(6));
            const char* types[] = {"refund.created", "refund.updated", "refund.failed"};
            const char* statuses[] = {"pending", "succeeded", "failed"};
            ledger.apply(makeEvent(QStringLiteral("evt_%1").arg(rng.bounded(80)), QString::fromLatin1(types[rng.bounded(3)]),
                                   qint64(rng.bounded(20)), refund, QString::fromLatin1(statuses[rng.bounded(3)]), key,
                                   op));
        }
        for (int k = 0; k < 6; ++k) {
            const QString key = QStringLiteral("key-%1").arg(k);
            const QString op = QStringLiteral("op_%1").arg(k);
            QStringList byKey;
            QStringList byOp;
            for (const QString& id : ledger.refundIds()) {
                const auto entry = ledger.entry(id);
                QVERIFY(entry);
                if (entry->idempotencyKeys.contains(key))
                    byKey.append(id);
                if (entry->refund.operationId() == op)
                    byOp.append(id);
            }
            QCOMPARE(ledger.refundsWithKey(key), byKey);
            QCOMPARE(ledger.refundsOfOperation(op), byOp);
        }
    }
}

QTEST_GUILESS_MAIN(TestRefundEventLedger)
#include "TestRefundEventLedger.moc"
