#pragma once

#include "provider/AttemptOutcome.h"
#include "provider/CurlPost.h"
#include "provider/ProviderError.h"
#include "provider/ProviderRefund.h"
#include "provider/RefundCreateParams.h"

#include <QString>

#include <functional>
#include <optional>

/**
 * The result of one refund-creation attempt (one HTTP POST), everything R12 logs.
 *
 * outcome drives the tool (R7). refund is set for Succeeded and RefundFailed; error is
 * filled for every HTTP error answer (and for local validation refusals, httpStatus 0);
 * networkError is set when no complete HTTP answer arrived; mismatch is set for
 * ResponseMismatch. None ever contains the API key. Every id and header value here was
 * checked (printable ASCII, at most 255 characters) before it was stored.
 */
struct ProviderResponse
{
    int httpStatus = 0;             ///< 0 when no HTTP answer arrived
    QString requestId;              ///< Request-Id response header ("req_..."), or empty
    bool requestIdWithheld = false; ///< a Request-Id came but was not printable ASCII <= 255 chars
    bool replayed = false;          ///< Idempotent-Replayed: true (a saved answer, R14)
    AttemptOutcome outcome = AttemptOutcome::NoResponse;
    std::optional<ProviderRefund> refund; ///< the refund object, for Succeeded
    ProviderError error;                  ///< parsed error body, for 4xx/5xx
    QString networkError;                 ///< human readable transport problem, or empty
    QString mismatch;     ///< ResponseMismatch: what differed, "; "-separated ("amount 1 != 3800; ...")
    qint64 elapsedMs = 0; ///< wall time of the request, milliseconds

    /** One log line: outcome, status, request id, replayed, refund id or error. */
    QString summary() const;

    /** Masks secrets in provider text before it is kept (R22): ProviderClient passes one that
        hides its configured key and runs Logging::redact(). */
    using Scrubber = std::function<QString(const QString&)>;

    /**
     * Interprets what came back from one POST /v1/refunds for p (R7): a 2xx through
     * RefundAnswerCheck, an error answer through ProviderError::fromHttp() and the status
     * classification, no complete answer as NoResponse (NotSent when nothing left the
     * process). Request-Id is kept only when printable ASCII of 1..255 characters. A pure
     * function of its arguments, so the whole answer path can be fuzzed without a network.
     */
    static ProviderResponse fromAnswer(const CurlPost::Result& raw, const RefundCreateParams& p,
                                       const Scrubber& scrub);

    /** The R7 outcome of an HTTP error answer (status outside 2xx) with its parsed body. */
    static AttemptOutcome classifyHttpError(int status, const ProviderError& error);
};
