#pragma once

#include "db/Operation.h"
#include "db/StoreError.h"

#include <QJsonObject>
#include <QString>

/**
 * R16 as one C++ function: what a reviewer's evidence allows for an `unknown` operation. The
 * same rules as PostgreSQL's resolve_operation() (TransitionFunctions.cpp), used by
 * OperationStore::resolve() on SQLite and by the console's ResolutionPolicy, so there is one way
 * to decide.
 *
 * Evidence is the JSON the console and `refund-tool review` pass: provider refund objects
 * (Stripe v1 shape: id, amount in minor units, currency, status, metadata.operation_id) under
 * "refund" (one object) and/or "refunds" (an array), and the lookup summary under "lookup"
 * ({"complete": true|false, ...}). A refund is *linked* when metadata.operation_id is the
 * operation's id, and *matching* when its id is set and amount and currency equal the row's.
 *  - refunded: a linked, matching refund in status succeeded or pending (the first one names
 *    provider_refund_id and provider_status);
 *  - failed: every linked refund is matching and failed/canceled (failure code refund_failed,
 *    at least one such), or none is linked, the lookup is complete and it started at or after
 *    key_expires_at and at or after the last attempt's deadline (Operation::attemptsDeadlineAt,
 *    which a shortened retention can put later than the expiry) (no_refund_found); a row that
 *    never made an attempt (no key_expires_at)
 *    needs no expiry.
 * lookupStartedAtMs is UTC epoch ms (0 = unknown); a start more than a minute after nowMs is
 * refused as InvalidArgument. Refusals are NotAllowed, message starting "R16:".
 */
namespace ResolutionRules {

struct Verdict
{
    QString providerRefundId; ///< refunded: the evidence refund's id
    QString providerStatus;   ///< refunded: its status
    QString failureCode;      ///< failed: no_refund_found or refund_failed
};

StoreResult<Verdict> check(const Operation& operation, OperationStatus to, const QJsonObject& evidence,
                           qint64 lookupStartedAtMs, qint64 nowMs);

} // namespace ResolutionRules
