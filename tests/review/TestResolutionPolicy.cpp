// ResolutionPolicy (R16): proposals and the dialog's permissions as pure functions of an
// operation, a lookup result and the present instant. Also the resolve() input built from
// them (evidence = the refund's raw JSON, or the lookup summary for failed).

#include "review/ResolutionPolicy.h"

#include <QJsonArray>
#include <QTest>

namespace {

using Kind = ResolutionPolicy::Proposal::Kind;

constexpr qint64 kNow = 1'760'000'000'000LL;
constexpr qint64 kHour = 3600 * 1000;

Operation unknownOp(std::optional<qint64> keyExpiresAt)
{
    Operation op;
    op.operationId = QStringLiteral("op_1");
    op.orderId = QStringLiteral("4417");
    op.amountCents = 3800;
    op.currency = QStringLiteral("usd");
    op.status = OperationStatus::Unknown;
    op.keyExpiresAt = keyExpiresAt;
    return op;
}

FoundRefund found(const QString& id, const QString& status, bool mismatch = false)
{
    FoundRefund f;
    f.refund.id = id;
    f.refund.status = status;
    f.refund.amountCents = 3800;
    f.refund.currency = QStringLiteral("usd");
    // As the provider sends it (R11): the database checks the evidence's metadata, amount and currency.
    f.refund.raw = QJsonObject{{QStringLiteral("id"), id},
                               {QStringLiteral("status"), status},
                               {QStringLiteral("amount"), 3800},
                               {QStringLiteral("currency"), QStringLiteral("usd")},
                               {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), QStringLiteral("op_1")}}}};
    if (mismatch)
        f.mismatches.append({RefundMismatch::Kind::Amount, QStringLiteral("Amount differs")});
    return f;
}

LookupResult lookup(QList<FoundRefund> refunds, bool complete = true)
{
    LookupResult r;
    r.operationId = QStringLiteral("op_1");
    r.refunds = std::move(refunds);
    r.complete = complete;
    r.checkedAtMs = kNow;
    if (!complete) {
        r.failure = ReadFailure::TimedOut;
        r.failureText = QStringLiteral("timed out");
    }
    return r;
}

} // namespace

Q_DECLARE_METATYPE(FoundRefund)

class TestResolutionPolicy : public QObject
{
    Q_OBJECT

private slots:
    void proposals_data();
    void proposals();
    void keepWaitingSaysTimeLeft();
    void r16_keepWaitingUntilTheLastAttemptsDeadline();
    void failedAllowedOnlyPerR16_data();
    void failedAllowedOnlyPerR16();
    void refundedNeedsAMatchingEffectiveRefund();
    void closedOperationsAreNotResolved();
    void resolutionsCarryEvidence();
    void durations();
};

void TestResolutionPolicy::proposals_data()
{
    QTest::addColumn<QList<FoundRefund>>("refunds");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<qint64>("keyExpiresAt"); // -1: no key_expires_at (nothing ever sent)
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("refundId");

    const qint64 passed = kNow - 1;
    const qint64 live = kNow + 5 * kHour;
    QTest::newRow("succeeded") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("succeeded"))} << true
                               << live << int(Kind::Refunded) << QStringLiteral("re_1");
    QTest::newRow("pending") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("pending"))} << true
                             << passed << int(Kind::Refunded) << QStringLiteral("re_1");
    QTest::newRow("succeeded beside a failed one")
        << QList<FoundRefund>{found(QStringLiteral("re_f"), QStringLiteral("failed")),
                              found(QStringLiteral("re_2"), QStringLiteral("succeeded"))}
        << true << live << int(Kind::Refunded) << QStringLiteral("re_2");
    QTest::newRow("only failed") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("failed"))} << true
                                 << live << int(Kind::Failed) << QString();
    QTest::newRow("failed and canceled")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("failed")),
                              found(QStringLiteral("re_2"), QStringLiteral("canceled"))}
        << true << live << int(Kind::Failed) << QString();
    QTest::newRow("nothing, retention passed") << QList<FoundRefund>{} << true << passed << int(Kind::Failed) << QString();
    QTest::newRow("nothing, retention passes right now")
        << QList<FoundRefund>{} << true << kNow << int(Kind::Failed) << QString();
    QTest::newRow("nothing, never sent") << QList<FoundRefund>{} << true << qint64(-1) << int(Kind::Failed) << QString();
    QTest::newRow("nothing, key live") << QList<FoundRefund>{} << true << live << int(Kind::KeepWaiting) << QString();
    QTest::newRow("mismatch") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("succeeded"), true)}
                              << true << passed << int(Kind::NeedsPerson) << QString();
    QTest::newRow("mismatch on a failed one beside a good one")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("failed"), true),
                              found(QStringLiteral("re_2"), QStringLiteral("succeeded"))}
        << true << passed << int(Kind::NeedsPerson) << QString();
    QTest::newRow("two effective refunds")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("succeeded")),
                              found(QStringLiteral("re_2"), QStringLiteral("pending"))}
        << true << passed << int(Kind::NeedsPerson) << QString();
    QTest::newRow("requires_action")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("requires_action"))} << true << passed
        << int(Kind::NeedsPerson) << QString();
    QTest::newRow("incomplete, nothing, retention passed")
        << QList<FoundRefund>{} << false << passed << int(Kind::Incomplete) << QString();
    QTest::newRow("incomplete, refund seen")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("succeeded"))} << false << passed
        << int(Kind::Incomplete) << QString();
}

void TestResolutionPolicy::proposals()
{
    QFETCH(QList<FoundRefund>, refunds);
    QFETCH(bool, complete);
    QFETCH(qint64, keyExpiresAt);
    QFETCH(int, kind);
    QFETCH(QString, refundId);
    const Operation op = unknownOp(keyExpiresAt < 0 ? std::nullopt : std::optional<qint64>(keyExpiresAt));
    const auto p = ResolutionPolicy::propose(op, lookup(refunds, complete), kNow);
    QCOMPARE(ResolutionPolicy::kindName(p.kind), ResolutionPolicy::kindName(Kind(kind)));
    QCOMPARE(p.refundId, refundId);
    QVERIFY(!p.reason.isEmpty());
    QCOMPARE(p.proposesResolution(), kind == int(Kind::Refunded) || kind == int(Kind::Failed));
    if (p.kind == Kind::Failed)
        QCOMPARE(p.failureCode, refunds.isEmpty() ? QStringLiteral("no_refund_found") : QStringLiteral("refund_failed"));
}

void TestResolutionPolicy::keepWaitingSaysTimeLeft()
{
    const auto p = ResolutionPolicy::propose(unknownOp(kNow + 3 * kHour + 12 * 60000 + 59000), lookup({}), kNow);
    QCOMPARE(p.kind, Kind::KeepWaiting);
    QCOMPARE(p.waitMs, 3 * kHour + 12 * 60000 + 59000);
    QVERIFY2(p.reason.contains(QStringLiteral("3 h 12 min")), qPrintable(p.reason));
}

// R16 with the R10 clamp: the key "expired" (retention shortened) while an attempt without an
// answer is still before its deadline: no "failed" proposal, and "failed" is not allowed yet.
void TestResolutionPolicy::r16_keepWaitingUntilTheLastAttemptsDeadline()
{
    Operation op = unknownOp(kNow - kHour);
    op.attemptsDeadlineAt = kNow + 30000;
    const auto p = ResolutionPolicy::propose(op, lookup({}), kNow);
    QCOMPARE(p.kind, Kind::KeepWaiting);
    QCOMPARE(p.waitMs, qint64(30000));
    QVERIFY(!ResolutionPolicy::canResolveAsFailed(op, lookup({}), kNow).allowed);
    op.attemptsDeadlineAt = kNow - 1;
    QCOMPARE(ResolutionPolicy::propose(op, lookup({}), kNow).kind, Kind::Failed);
    QVERIFY(ResolutionPolicy::canResolveAsFailed(op, lookup({}), kNow).allowed);
}

void TestResolutionPolicy::failedAllowedOnlyPerR16_data()
{
    QTest::addColumn<QList<FoundRefund>>("refunds");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<qint64>("keyExpiresAt");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reasonPart");
    QTest::newRow("nothing, passed") << QList<FoundRefund>{} << true << kNow - 1 << true << QStringLiteral("retention");
    QTest::newRow("nothing, live") << QList<FoundRefund>{} << true << kNow + kHour << false
                                   << QStringLiteral("1 h 0 min");
    QTest::newRow("nothing, never sent") << QList<FoundRefund>{} << true << qint64(-1) << true
                                         << QStringLiteral("ever sent");
    QTest::newRow("incomplete") << QList<FoundRefund>{} << false << kNow - 1 << false << QStringLiteral("did not finish");
    QTest::newRow("succeeded found") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("succeeded"))}
                                     << true << kNow - 1 << false << QStringLiteral("not failed");
    QTest::newRow("pending found") << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("pending"))}
                                   << true << kNow - 1 << false << QStringLiteral("not failed");
    QTest::newRow("failed found, key live")
        << QList<FoundRefund>{found(QStringLiteral("re_1"), QStringLiteral("failed"))} << true << kNow + kHour << true
        << QStringLiteral("failed or canceled");
}

void TestResolutionPolicy::failedAllowedOnlyPerR16()
{
    QFETCH(QList<FoundRefund>, refunds);
    QFETCH(bool, complete);
    QFETCH(qint64, keyExpiresAt);
    QFETCH(bool, allowed);
    QFETCH(QString, reasonPart);
    const Operation op = unknownOp(keyExpiresAt < 0 ? std::nullopt : std::optional<qint64>(keyExpiresAt));
    const auto perm = ResolutionPolicy::canResolveAsFailed(op, lookup(refunds, complete), kNow);
    QCOMPARE(perm.allowed, allowed);
    QVERIFY2(perm.reason.contains(reasonPart), qPrintable(perm.reason));
}

void TestResolutionPolicy::refundedNeedsAMatchingEffectiveRefund()
{
    const Operation op = unknownOp(kNow + kHour);
    const LookupResult r = lookup({found(QStringLiteral("re_ok"), QStringLiteral("succeeded")),
                                   found(QStringLiteral("re_p"), QStringLiteral("pending")),
                                   found(QStringLiteral("re_f"), QStringLiteral("failed")),
                                   found(QStringLiteral("re_m"), QStringLiteral("succeeded"), true)});
    QVERIFY(ResolutionPolicy::canResolveAsRefunded(op, r, *r.find(QStringLiteral("re_ok"))).allowed);
    QVERIFY(ResolutionPolicy::canResolveAsRefunded(op, r, *r.find(QStringLiteral("re_p"))).allowed);
    const auto failed = ResolutionPolicy::canResolveAsRefunded(op, r, *r.find(QStringLiteral("re_f")));
    QVERIFY(!failed.allowed);
    QVERIFY(failed.reason.contains(QStringLiteral("succeeded or pending")));
    const auto mismatched = ResolutionPolicy::canResolveAsRefunded(op, r, *r.find(QStringLiteral("re_m")));
    QVERIFY(!mismatched.allowed);
    QVERIFY(mismatched.reason.contains(QStringLiteral("Amount differs")));
    // A refund the lookup did not find (e.g. typed in by hand) is no evidence.
    const FoundRefund stranger = found(QStringLiteral("re_zz"), QStringLiteral("succeeded"));
    QVERIFY(!ResolutionPolicy::canResolveAsRefunded(op, r, stranger).allowed);
    // A lookup of another operation is no evidence either.
    LookupResult other = r;
    other.operationId = QStringLiteral("op_2");
    QVERIFY(!ResolutionPolicy::canResolveAsRefunded(op, other, *other.find(QStringLiteral("re_ok"))).allowed);
}

void TestResolutionPolicy::closedOperationsAreNotResolved()
{
    // The reason says the state in words, not its stored code (issue 15: "this one is refunded").
    const QList<QPair<OperationStatus, const char*>> states = {{OperationStatus::Open, "still open"},
                                                               {OperationStatus::Refunded, "already refunded"},
                                                               {OperationStatus::Failed, "already failed"},
                                                               {OperationStatus::Reversed, "reversed by the provider"}};
    for (const auto& [s, words] : states) {
        Operation op = unknownOp(kNow - 1);
        op.status = s;
        const LookupResult r = lookup({found(QStringLiteral("re_1"), QStringLiteral("succeeded"))});
        QCOMPARE(ResolutionPolicy::propose(op, r, kNow).kind, Kind::NotUnknown);
        const auto failed = ResolutionPolicy::canResolveAsFailed(op, lookup({}), kNow);
        QVERIFY(!failed.allowed);
        QVERIFY2(failed.reason.contains(QLatin1String(words)), qPrintable(failed.reason));
        const auto refunded = ResolutionPolicy::canResolveAsRefunded(op, r, r.refunds.first());
        QVERIFY(!refunded.allowed);
        QCOMPARE(refunded.reason, failed.reason);
    }
}

void TestResolutionPolicy::resolutionsCarryEvidence()
{
    const LookupResult r = lookup({found(QStringLiteral("re_1"), QStringLiteral("succeeded"))});
    const auto refunded = ResolutionPolicy::refundedResolution(r.refunds.first(), r, QStringLiteral("ana"),
                                                               QStringLiteral("support"), QStringLiteral("found it"));
    QCOMPARE(refunded.status, OperationStatus::Refunded);
    QCOMPARE(refunded.providerRefundId, QStringLiteral("re_1"));
    QCOMPARE(refunded.providerStatus, QStringLiteral("succeeded"));
    QCOMPARE(refunded.evidence.value(QStringLiteral("refund")).toObject(), r.refunds.first().refund.raw);
    QCOMPARE(refunded.evidence.value(QStringLiteral("lookup")).toObject().value(QStringLiteral("operation_id")).toString(),
             QStringLiteral("op_1"));

    const LookupResult none = lookup({});
    const auto failed = ResolutionPolicy::failedResolution(none, QStringLiteral("ana"), QStringLiteral("support"),
                                                           QStringLiteral("nothing there"));
    QCOMPARE(failed.status, OperationStatus::Failed);
    QCOMPARE(failed.failureCode, QStringLiteral("no_refund_found"));
    const QJsonObject summary = failed.evidence.value(QStringLiteral("lookup")).toObject();
    QCOMPARE(summary.value(QStringLiteral("complete")).toBool(), true);
    QCOMPARE(summary.value(QStringLiteral("refunds")).toArray().size(), 0);
    QVERIFY(!summary.value(QStringLiteral("checked_at")).toString().isEmpty());
}

void TestResolutionPolicy::durations()
{
    QCOMPARE(ResolutionPolicy::durationText(0), QStringLiteral("0 min"));
    QCOMPARE(ResolutionPolicy::durationText(-5000), QStringLiteral("0 min"));
    QCOMPARE(ResolutionPolicy::durationText(59 * 1000), QStringLiteral("0 min"));
    QCOMPARE(ResolutionPolicy::durationText(45 * 60000), QStringLiteral("45 min"));
    QCOMPARE(ResolutionPolicy::durationText(26 * kHour + 30 * 60000), QStringLiteral("1 d 2 h"));
}

QTEST_GUILESS_MAIN(TestResolutionPolicy)
#include "TestResolutionPolicy.moc"
