#include "provider/ProviderResponse.h"

#include "Logging.h"
#include "provider/ProviderText.h"
#include "provider/RefundAnswerCheck.h"

#include <utility>

QString ProviderResponse::summary() const
{
    QString text = toString(outcome);
    text += httpStatus > 0 ? QStringLiteral(" HTTP %1").arg(httpStatus) : QStringLiteral(" no HTTP answer");
    if (!requestId.isEmpty())
        text += QStringLiteral(" request %1").arg(requestId);
    else if (requestIdWithheld)
        text += QStringLiteral(" request id withheld (not 1..255 printable ASCII characters)");
    if (replayed)
        text += QStringLiteral(" (replayed)");
    if (refund) {
        text += QStringLiteral(" refund %1 %2").arg(refund->id, refund->status);
        if (!refund->failureReason.isEmpty())
            text += QStringLiteral(" (%1)").arg(refund->failureReason);
    }
    if (!mismatch.isEmpty())
        text += QStringLiteral(" mismatch: %1").arg(mismatch);
    if (!error.isEmpty())
        text += QStringLiteral(" error: %1").arg(error.toString());
    if (!networkError.isEmpty())
        text += QStringLiteral(" network: %1").arg(networkError);
    text += QStringLiteral(" in %1 ms").arg(elapsedMs);
    return Logging::redact(text);
}

ProviderResponse ProviderResponse::fromAnswer(const CurlPost::Result& raw, const RefundCreateParams& p,
                                              const Scrubber& scrub)
{
    ProviderResponse response;
    response.httpStatus = raw.httpStatus;
    response.elapsedMs = raw.elapsedMs;
    response.replayed = raw.idempotentReplayed.toLower() == "true";
    const QString requestId = scrub(QString::fromLatin1(raw.requestId));
    if (ProviderText::isToken(requestId))
        response.requestId = requestId;
    else
        response.requestIdWithheld = !raw.requestId.isEmpty(); // never stored: it could be anything
    response.networkError = scrub(raw.error);

    if (!raw.complete()) {
        response.outcome =
            raw.failure == CurlPost::Failure::NotSent ? AttemptOutcome::NotSent : AttemptOutcome::NoResponse;
    } else if (raw.httpStatus >= 200 && raw.httpStatus < 300) {
        RefundAnswerCheck::Verdict verdict = RefundAnswerCheck::check(raw.body, p);
        response.outcome = verdict.outcome;
        response.refund = std::move(verdict.refund);
        response.mismatch = scrub(verdict.mismatch);
    } else {
        response.error = ProviderError::fromHttp(raw.httpStatus, raw.body, response.requestId);
        response.outcome = classifyHttpError(raw.httpStatus, response.error);
        // Every provider text kept is scrubbed, not only the message: type and code are stored in
        // refund_attempts and returned to the agent, and a provider can echo the key in any of
        // them (R22; found by fuzz_provider_response).
        response.error.type = scrub(response.error.type);
        response.error.code = scrub(response.error.code);
        response.error.param = scrub(response.error.param);
        response.error.message = scrub(response.error.message);
        if (raw.httpStatus < 400)
            response.networkError =
                QStringLiteral("unexpected HTTP %1 answer (redirects are not followed)").arg(raw.httpStatus);
    }
    return response;
}

AttemptOutcome ProviderResponse::classifyHttpError(int status, const ProviderError& error)
{
    // SPEC R7, and STRIPE-FACTS §4 for which answers store nothing.
    if (status == 409)
        return AttemptOutcome::InProgress;
    if (status == 429)
        return AttemptOutcome::RateLimited; // rate_limit and lock_timeout alike
    if (status == 401 || status == 403)
        return AttemptOutcome::AuthFailed;
    if (status == 422)
        return AttemptOutcome::IdempotencyMismatch; // IETF draft: key reused with another payload
    if (status >= 400 && status < 500 && error.type == QLatin1String("idempotency_error"))
        return AttemptOutcome::IdempotencyMismatch;
    if (status == 408)
        return AttemptOutcome::NoResponse; // the server gave up reading the request: unknown
    if (status == 424)
        return AttemptOutcome::ServerSavedError; // an external dependency failed midway: unknown
    if (status >= 400 && status < 500)
        return AttemptOutcome::Refused;
    if (status >= 500 && status < 600)
        return AttemptOutcome::ServerSavedError;
    // 1xx/3xx or nonsense: we cannot tell whether the refund was made.
    return AttemptOutcome::InvalidResponse;
}
