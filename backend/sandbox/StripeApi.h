#pragma once

#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"
#include "sandbox/SandboxClock.h"
#include "sandbox/SandboxStore.h"

#include <QJsonObject>

#include <optional>

/**
 * The Stripe API v1 endpoints the system uses, on SandboxStore. Objects have the fields
 * and types of Stripe's fixtures (tests/data/stripe); amounts are integer cents, `created`
 * is UTC seconds from the sandbox clock.
 *
 * Endpoints: POST /v1/refunds, POST /v1/refunds/{id} (metadata), GET /v1/refunds/{id},
 * GET /v1/refunds (payment_intent, charge, limit, starting_after, ending_before),
 * GET /v1/payment_intents/{id}, GET /v1/payment_intents/search (query, limit, page),
 * GET /v1/charges/{id}, GET /v1/events (type, types[], created[gte|gt|lte|lt], paging),
 * GET /v1/events/{id}.
 *
 * validate() is the parameter check that runs before the idempotency layer: its refusals
 * are not stored (R14). execute() is endpoint execution: its result, success or refusal
 * (charge_already_refunded, amount_too_large, resource_missing), is what the idempotency
 * layer stores and replays. Writes must run inside a store transaction.
 */
class StripeApi
{
public:
    enum class Endpoint {
        None,
        CreateRefund,
        UpdateRefund,
        GetRefund,
        ListRefunds,
        GetPaymentIntent,
        SearchPaymentIntents,
        GetCharge,
        ListEvents,
        GetEvent,
    };

    struct Route
    {
        Endpoint endpoint = Endpoint::None;
        QString id;         ///< object id from the path
        bool write = false; ///< POST: needs the secret key, takes an Idempotency-Key
    };

    /** Who executed a write: recorded in events' `request` (R14, R15). */
    struct RequestContext
    {
        QString requestId;
        QString idempotencyKey; ///< empty when the request had none
    };

    StripeApi(SandboxStore& store, const SandboxClock& clock);

    static Route route(const QByteArray& method, const QString& path);
    /** Parameter validation (400, nothing stored); nullopt when the request may execute. */
    std::optional<HttpResponse> validate(const Route& route, const HttpRequest& request);
    /** Endpoint execution. */
    HttpResponse execute(const Route& route, const HttpRequest& request, const RequestContext& context);

    /**
     * Control API: creates a succeeded payment intent with its charge. body:
     * {"id"?: "pi_...", "amount": cents > 0, "currency": "usd", "metadata"?: {string: string}}.
     * Returns the payment intent JSON (200) or a Stripe error (400).
     */
    HttpResponse createPaymentIntent(const QJsonObject& body);

    /**
     * Control API: POST /_sandbox/refunds/{id}/fail {"failure_reason"}: a succeeded or pending
     * refund fails later, like Stripe's pending -> failed (e.g. a closed card): status failed,
     * failure_reason and failure_balance_transaction set, its amount refundable again, events
     * refund.failed then refund.updated (request.id null: Stripe fails refunds on its own).
     * Refusals: 404 resource_missing (unknown refund), 400 (already failed or canceled; a
     * failure_reason that is missing or not one of Stripe's values). Run inside a transaction.
     */
    HttpResponse failRefund(const QString& id, const QJsonObject& body);
    /** Stripe's failure_reason values (STRIPE-FACTS.md). */
    static const QStringList& failureReasons();

    /** Ids of the events created since the last call (to attach webhook faults); clears the list. */
    QStringList takeCreatedEvents();
    /** An event as GET /v1/events and webhooks show it; pending_webhooks from the deliveries. */
    QJsonObject eventJson(const StoredEvent& event) const;

    QJsonObject refundJson(const StoredRefund& refund) const;
    QJsonObject paymentIntentJson(const StoredPaymentIntent& pi) const;
    /** The charge object with its refunds; the store's error when they cannot be read. */
    StoreResult<QJsonObject> chargeJson(const StoredPaymentIntent& pi);

    /** A random Stripe-style id: prefix + 24 alphanumerics (e.g. "re_..."). */
    static QString newId(const QString& prefix, int length = 24);

private:
    HttpResponse createRefund(const HttpRequest& request, const RequestContext& context);
    HttpResponse updateRefund(const QString& id, const HttpRequest& request, const RequestContext& context);
    HttpResponse listRefunds(const HttpRequest& request);
    HttpResponse searchPaymentIntents(const HttpRequest& request);
    HttpResponse listEvents(const HttpRequest& request);
    std::optional<HttpResponse> parsePage(const HttpRequest& request, const QString& table, PageRequest* page);
    bool addEvent(const QString& type, const QJsonObject& object, const RequestContext& context,
                  const QJsonObject& previousAttributes = {});

    SandboxStore& m_store;
    const SandboxClock& m_clock;
    QStringList m_createdEvents;
};
