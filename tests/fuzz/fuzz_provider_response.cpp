// Fuzzes the whole answer path of one refund attempt (ProviderResponse::fromAnswer: status,
// Request-Id, Idempotent-Replayed, body; ProviderError::fromHttp for error bodies): the outcome
// follows R7, only checked values are kept (R12) and the configured key never survives (R22).
//
// Input layout: byte 0 = transport result (complete / not sent / timed out / reset), bytes 1-2 =
// HTTP status (big endian, mod 700), then the Request-Id header up to the first '\n', the
// Idempotent-Replayed header up to the next '\n', and the body.
#include "FuzzCheck.h"
#include "provider/ProviderResponse.h"
#include "provider/ProviderText.h"

namespace {
const QString kApiKey = QStringLiteral("sandbox_key_fuzz_7f3a");

QString scrub(const QString& text)
{
    QString out = text;
    out.replace(kApiKey, QStringLiteral("***"));
    return out;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 3)
        return 0;
    CurlPost::Result raw;
    static const CurlPost::Failure failures[] = {CurlPost::Failure::None, CurlPost::Failure::NotSent,
                                                 CurlPost::Failure::TimedOut, CurlPost::Failure::Transport};
    raw.failure = failures[data[0] % 4];
    raw.httpStatus = ((data[1] << 8) | data[2]) % 700;
    QByteArray rest = fuzzBytes(data + 3, size - 3);
    qsizetype nl = rest.indexOf('\n');
    raw.requestId = nl < 0 ? rest : rest.left(nl);
    rest = nl < 0 ? QByteArray() : rest.mid(nl + 1);
    nl = rest.indexOf('\n');
    raw.idempotentReplayed = nl < 0 ? rest : rest.left(nl);
    raw.body = nl < 0 ? QByteArray() : rest.mid(nl + 1);
    if (!raw.complete())
        raw.error = QStringLiteral("transport failure");

    RefundCreateParams p;
    p.paymentIntent = QStringLiteral("pi_3PgafuB7WZ01zgkW0eNTFzGw");
    p.amountCents = 3800;
    p.currency = QStringLiteral("usd");
    p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_4fd1075fe1644314b92438695bac0103"));

    const ProviderResponse r = ProviderResponse::fromAnswer(raw, p, scrub);
    const QString summary = r.summary();
    FUZZ_CHECK(!summary.contains(kApiKey), summary);
    FUZZ_CHECK(!r.error.toString().contains(kApiKey), r.error.toString());
    FUZZ_CHECK(r.requestId.isEmpty() || ProviderText::isToken(r.requestId), r.requestId);
    FUZZ_CHECK(r.replayed == (raw.idempotentReplayed.toLower() == "true"), summary);
    FUZZ_CHECK(r.error.code.isEmpty() || ProviderText::isToken(r.error.code), r.error.code);
    if (!r.error.problemJson)
        FUZZ_CHECK(r.error.type.isEmpty() || ProviderText::isToken(r.error.type), r.error.type);
    FUZZ_CHECK(r.error.param.size() <= ProviderText::kMaxTokenLength + 3,
               QString::number(r.error.param.size()));

    const bool is2xx = raw.httpStatus >= 200 && raw.httpStatus < 300;
    if (!raw.complete()) {
        FUZZ_CHECK(r.outcome == (raw.failure == CurlPost::Failure::NotSent ? AttemptOutcome::NotSent
                                                                           : AttemptOutcome::NoResponse),
                   summary);
        FUZZ_CHECK(!r.refund, summary);
    } else if (is2xx) {
        FUZZ_CHECK(r.error.isEmpty(), summary);
        if (r.outcome == AttemptOutcome::Succeeded || r.outcome == AttemptOutcome::RefundFailed)
            FUZZ_CHECK(r.refund && r.refund->amountCents == p.amountCents &&
                           r.refund->currency == p.currency &&
                           r.refund->operationId() == p.metadata.value(QStringLiteral("operation_id")),
                       summary);
        else
            FUZZ_CHECK(r.outcome == AttemptOutcome::ResponseMismatch && !r.refund && !r.mismatch.isEmpty(),
                       summary);
    } else {
        // An error answer never closes a row refunded, and never yields a refund object (R7).
        FUZZ_CHECK(!r.refund && r.outcome != AttemptOutcome::Succeeded &&
                       r.outcome != AttemptOutcome::RefundFailed,
                   summary);
        FUZZ_CHECK(r.error.httpStatus == raw.httpStatus, summary);
        FUZZ_CHECK(r.outcome == ProviderResponse::classifyHttpError(raw.httpStatus, r.error), summary);
        if (raw.httpStatus >= 500 && raw.httpStatus < 600)
            FUZZ_CHECK(r.outcome == AttemptOutcome::ServerSavedError, summary);
    }
    return 0;
}
