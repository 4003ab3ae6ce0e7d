// Fuzzes RefundAnswerCheck, the gate between a 2xx answer to POST /v1/refunds and a row closed
// `refunded` or `failed` (R7, R11): a verdict that believes a refund must be exactly the refund
// asked for, whatever bytes arrived.
#include "FuzzCheck.h"
#include "provider/ProviderText.h"
#include "provider/RefundAnswerCheck.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace {
RefundCreateParams params(bool byCharge)
{
    // The operation of tests/data/fuzz/fuzz_refund_answer_check/*.json (SPEC section 8's order 4417).
    RefundCreateParams p;
    if (byCharge)
        p.charge = QStringLiteral("ch_1PgafuB7WZ01zgkWXYmPNZs8");
    else
        p.paymentIntent = QStringLiteral("pi_3PgafuB7WZ01zgkW0eNTFzGw");
    p.amountCents = 3800;
    p.currency = QStringLiteral("usd");
    p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_4fd1075fe1644314b92438695bac0103"));
    p.metadata.insert(QStringLiteral("order_id"), QStringLiteral("4417"));
    return p;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray body = fuzzBytes(data, size);
    for (const bool byCharge : {false, true}) {
        const RefundCreateParams p = params(byCharge);
        const RefundAnswerCheck::Verdict v = RefundAnswerCheck::check(body, p);
        const bool believed =
            v.outcome == AttemptOutcome::Succeeded || v.outcome == AttemptOutcome::RefundFailed;
        FUZZ_CHECK(believed || v.outcome == AttemptOutcome::ResponseMismatch, toString(v.outcome));
        FUZZ_CHECK(believed == v.refund.has_value(), v.mismatch);
        FUZZ_CHECK(believed == v.mismatch.isEmpty(), v.mismatch);
        if (!believed)
            continue;
        const ProviderRefund& r = *v.refund;
        FUZZ_CHECK(ProviderText::isToken(r.id), r.id);
        FUZZ_CHECK(r.amountCents == p.amountCents, QString::number(r.amountCents));
        FUZZ_CHECK(r.currency == p.currency, r.currency);
        FUZZ_CHECK(r.operationId() == p.metadata.value(QStringLiteral("operation_id")), r.operationId());
        if (byCharge)
            FUZZ_CHECK(r.charge == p.charge, r.charge);
        else
            FUZZ_CHECK(r.paymentIntent == p.paymentIntent, r.paymentIntent);
        if (v.outcome == AttemptOutcome::Succeeded)
            FUZZ_CHECK(r.status == QLatin1String("succeeded") || r.status == QLatin1String("pending"),
                       r.status);
        else
            FUZZ_CHECK(r.status == QLatin1String("failed") || r.status == QLatin1String("canceled"),
                       r.status);
        FUZZ_CHECK(r.failureReason.isEmpty() || ProviderText::isToken(r.failureReason), r.failureReason);
        // What was believed is what the body says: the same object parses to the same refund.
        const std::optional<ProviderRefund> again =
            ProviderRefund::fromJson(QJsonDocument::fromJson(body).object());
        FUZZ_CHECK(again && again->raw == r.raw, r.id);
    }
    return 0;
}
