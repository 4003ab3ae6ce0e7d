#pragma once

#include "db/OperationStore.h"
#include "provider/ProviderReadResult.h"
#include "reconcile/ProviderEventStore.h"

#include <QString>

#include <functional>

/**
 * R24, the one place where provider events change operations (webhook and poll feed it alike).
 *
 * For a stored event about a refund it re-reads the refund object itself (RefundFetcher: GET
 * /v1/refunds/{id} with the read-only key; the event's own copy and the delivery order are never
 * trusted), maps it by metadata.operation_id (R11) and checks that it is that operation's refund:
 * amount, currency, the order's payment intent and metadata.order_id. Then:
 *  - unknown, refund succeeded/pending, auto_resolve_refunded on: resolved `refunded` through
 *    OperationStore::resolve (the reviewers' path; actor `reconciler` on SQLite, the login on
 *    PostgreSQL), evidence = {refund, event}; action resolved_refunded. Setting off:
 *    auto_resolve_off. Any other refund status: left_unknown (it never resolves failed).
 *  - refunded with that refund, provider says failed: OperationStore::reverse → reversed, with
 *    the failure reason; action reversed.
 *  - open: left_open (the tool's own retry settles it); looked at again on the next pass.
 *  - no operation has that id: unmatched; the refund does not match its operation: mismatch
 *    (both recorded and shown, never acted on). Not a refund event: ignored.
 *  - a live (succeeded/pending) refund naming a refunded, failed or reversed operation that does
 *    not hold it: second_refund, logged as an error and never acted on. It is the evidence of
 *    money paid twice that History counts per logical refund (RefundsPerLogicalRefund); when
 *    that refund is failed or canceled (then or later): second_refund_failed, nothing paid.
 *  - the refund could not be read: fetch_failed (tried again on the next pass).
 * Every transition is a compare-and-set, so the tool's own close, a duplicate delivery and a
 * concurrent reconciler end in one state and one audit entry (C15): the loser records
 * already_closed / no_change.
 */
class Reconciler
{
public:
    using RefundFetcher = std::function<RefundReadResult(const QString& refundId)>;

    /** The actor and role written on SQLite, and the audit role on PostgreSQL. */
    static QString actorName() { return QStringLiteral("reconciler"); }

    struct Outcome
    {
        QString action;      ///< see the class comment
        QString detail;      ///< one line for logs and the console
        QString operationId; ///< empty when unmatched / ignored
        QString refundId;
    };

    Reconciler(Database& db, RefundFetcher fetch, const Clock& clock = Clock::system());

    /** Applies one stored event (a no-op with its recorded action when it was already applied). */
    StoreResult<Outcome> apply(const QString& eventId);
    /** Applies every waiting event (pending first, then fetch_failed, left_open, left_unknown, oldest
        first); returns how many ran. */
    StoreResult<int> applyWaiting(int limit = 200);

    ProviderEventStore& events() { return m_events; }

private:
    Outcome decide(const ProviderEventStore::StoredEvent& event);

    Database& m_db;
    RefundFetcher m_fetch;
    const Clock& m_clock;
    OperationStore m_store;
    ProviderEventStore m_events;
};
