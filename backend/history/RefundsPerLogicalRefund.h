#pragma once

#include "db/Database.h"
#include "history/HistoryFilter.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

/**
 * The exactly-once check finance reads (R5a, issue 15): how many refunds the provider made for
 * one logical refund `(order_id, amount_cents, request_ref)`, counted from the provider's
 * evidence rather than from one operation row, so that it can fail.
 *
 * The provider's evidence is every live refund id it gave or reported for the logical refund's
 * operations: the refund id a refunded operation was closed with (the provider's answer, R7; a
 * `reversed` operation's refund failed later and paid nothing, R4 amended), and every live
 * refund the reconciler found naming one of those operations that the operation does not hold
 * (R24: `second_refund`, or `auto_resolve_off` for an unknown one), unless its last look found
 * it failed or canceled (`second_refund_failed`, `left_unknown`).
 *
 * Without a request ref, a refunded operation answers repeats only for repeat_window_hours
 * (R5a): an operation created more than that after the last refund of the same
 * (order, amount) starts a new logical refund. The window is the current setting.
 *
 * Cost: the small table of logical refunds with more than one operation (schema v8,
 * LogicalRefundRepeats) and the few events of four actions (provider_events_by_action); only
 * the operations of those logical refunds are read into memory. One indexed probe for a
 * refunded operation in the range covers the logical refunds of one operation.
 */
class RefundsPerLogicalRefund
{
public:
    /** A logical refund the provider paid more than once. */
    struct OverRefund
    {
        QString orderId;
        qint64 amountCents = 0; ///< minor units of the order's currency
        QString currency;
        QString requestRef;       ///< empty when the calls named none
        QStringList operationIds; ///< its operations, oldest first
        QStringList refundIds;    ///< the live refunds the provider made for it, sorted
    };

    struct Result
    {
        /** Largest number of live provider refunds for one logical refund with an operation in
            the filter; 0 when none of them has a refund. Anything above 1 is money paid twice. */
        int maxRefunds = 0;
        /** Every logical refund with more than one live refund, by order, amount, request ref. */
        QList<OverRefund> overRefunded;
    };

    /**
     * Computes the check for the logical refunds that have an operation in filter (created in
     * its UTC range, and of its status if one is set). repeatWindowMs: R5a window for calls
     * without a request ref, ms (> 0). Errors: InvalidArgument (bad range or window),
     * QueryFailed / ConnectionFailed from the engine. Reads only.
     */
    static StoreResult<Result> compute(Database& db, const HistoryFilter& filter, qint64 repeatWindowMs);

    /**
     * The logical refund of one operation when the provider paid it more than once (what the
     * operation's detail warns of), over all time; nullopt when it paid it at most once.
     * repeatWindowMs as for compute(). Errors: InvalidArgument (empty id, bad window), NotFound
     * (no such operation), QueryFailed / ConnectionFailed. Reads only the operations of its
     * (order, amount, request ref) and their provider events.
     */
    static StoreResult<std::optional<OverRefund>> paidTwice(Database& db, const QString& operationId,
                                                           qint64 repeatWindowMs);
};
