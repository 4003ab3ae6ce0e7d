#pragma once

#include "Clock.h"
#include "provider/CurlPost.h"
#include "provider/ProviderEvent.h"
#include "provider/ProviderReadResult.h"
#include "provider/ProviderRefund.h"
#include "sandbox/FaultInjector.h"
#include "sandbox/IdempotencyLayer.h"
#include "sandbox/SandboxClock.h"
#include "sandbox/SandboxPipeline.h"
#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"

#include <QHash>
#include <QList>

/**
 * The sandbox provider's own logic (SandboxPipeline: idempotency, validation, execution,
 * stored answers; StripeApi; SandboxStore) in the simulation's scheduler thread, on the
 * simulation's virtual clock, with no socket. What the network does to a request is decided
 * by the schedule, not here: admit() and run() are the provider's two halves, so a request can
 * be admitted (its key claimed) and executed later.
 *
 * Every number here is the provider's own evidence: the invariants of a schedule are counted
 * from refunds() (and the requests the schedule sent), never from the refund tool's tables.
 */
class SimProvider
{
public:
    explicit SimProvider(const Clock& clock);

    /** Opens the sandbox database (a copy of a template file). */
    bool open(const QString& path, QString* error);

    /** A succeeded payment of amountCents for orderId; returns its pi_ id. */
    QString addPayment(const QString& orderId, qint64 amountCents, const QString& currency);

    /** A POST /v1/refunds as it arrives (counted per key: arrivals()). */
    struct Pending
    {
        HttpRequest request;
        SandboxPipeline::Admission admission;
    };
    Pending admit(const QUrl& url, const QList<QPair<QByteArray, QByteArray>>& headers, const QByteArray& body);
    /** Runs an admitted request: the answer as the wire would carry it. */
    CurlPost::Result run(const Pending& pending);

    /** Marks a succeeded refund failed later (Stripe: the card was closed), with its event. */
    bool failRefundLater(const QString& refundId);

    /** Every refund the provider holds, oldest first. */
    QList<StoredRefund> refunds();
    /** Refund events created since the last call, as the webhook would carry them. */
    QList<ProviderEvent> takeEvents();
    /** A stored refund as the provider's JSON shows it (what a reviewer's list holds). */
    std::optional<ProviderRefund> providerRefund(const StoredRefund& refund) const;
    /** GET /v1/refunds/{id}, for the reconciler. */
    RefundReadResult fetchRefund(const QString& refundId);

    /** Requests that reached the provider, per Idempotency-Key. */
    const QHash<QString, int>& arrivals() const { return m_arrivals; }
    FaultInjector& faults() { return m_faults; }
    /** A 200 with a refund that is not the one asked for (another operation, another amount). */
    static CurlPost::Result foreignRefund(const QByteArray& requestBody);

private:
    /** The events a committed write created, as the webhook will carry them. */
    void keepCreatedEvents();

    SandboxStore m_store;
    SandboxClock m_clock;
    StripeApi m_api;
    IdempotencyLayer m_idempotency;
    FaultInjector m_faults;
    SandboxPipeline m_pipeline;
    QHash<QString, int> m_arrivals;
    QList<ProviderEvent> m_events;
};
