#pragma once

#include "provider/AttemptOutcome.h"
#include "provider/ProviderRefund.h"
#include "provider/RefundCreateParams.h"

#include <QByteArray>
#include <QString>

#include <optional>

/**
 * Decides whether a 2xx answer to POST /v1/refunds is the refund that was asked for, before
 * anyone believes it (SPEC R7, R11). A provider, a proxy or a bug can answer 2xx with some
 * other refund; closing the row `refunded` on it would hide a refund that may not exist, and
 * closing it `failed` would free the amount for a second refund.
 */
class RefundAnswerCheck
{
public:
    struct Verdict
    {
        /** Succeeded (ours, succeeded/pending), RefundFailed (ours, failed/canceled) or
            ResponseMismatch (anything else). */
        AttemptOutcome outcome = AttemptOutcome::ResponseMismatch;
        std::optional<ProviderRefund> refund; ///< set for Succeeded and RefundFailed only
        /** ResponseMismatch: every difference, "; "-separated, values cleaned and cut to 40
            characters, e.g. "amount 1 != 3800; currency eur != usd". Empty otherwise. */
        QString mismatch;
    };

    /**
     * Checks body against p: a JSON refund object whose id is 1..255 printable ASCII
     * characters, amount == p.amountCents, currency == p.currency, payment_intent ==
     * p.paymentIntent (when given), charge == p.charge (when given), metadata.operation_id
     * == p.metadata["operation_id"], status succeeded/pending/failed/canceled, and a
     * failure_reason (when present) of printable ASCII.
     */
    static Verdict check(const QByteArray& body, const RefundCreateParams& p);
};
