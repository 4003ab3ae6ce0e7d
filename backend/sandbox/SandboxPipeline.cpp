#include "sandbox/SandboxPipeline.h"

#include "Logging.h"

SandboxPipeline::SandboxPipeline(SandboxStore& store, StripeApi& api, IdempotencyLayer& idempotency,
                                 FaultInjector& faults)
    : m_store(store), m_api(api), m_idempotency(idempotency), m_faults(faults)
{
}

SandboxPipeline::Admission SandboxPipeline::admit(const HttpRequest& request, const StripeApi::Route& route,
                                                  const QString& requestId)
{
    Admission a;
    a.route = route;
    a.requestId = requestId;
    // The rate limiter runs before the idempotency layer: a 429 stores nothing.
    if (const auto fault = m_faults.take(request.method, request.path,
                                         {FaultKind::RateLimit429, FaultKind::LockTimeout429})) {
        m_store.incrementCounter(QStringLiteral("rate_limited_429_total"));
        const bool lock = fault->kind == FaultKind::LockTimeout429;
        HttpResponse r = HttpResponse::stripeError(
            429, QStringLiteral("invalid_request_error"), lock ? QStringLiteral("lock_timeout") : QStringLiteral("rate_limit"),
            lock ? QStringLiteral("This object cannot be accessed right now because another API request or Stripe "
                                  "process is currently accessing it. Please try again.")
                 : QStringLiteral("Too many requests hit the API too quickly."));
        if (lock)
            r.setHeader("Stripe-Should-Retry", "true");
        a.answer = r;
        return a;
    }
    if (route.write && request.hasHeader("idempotency-key")) {
        if (auto refusal = m_idempotency.validateKey(request.header("idempotency-key"), &a.key)) {
            a.answer = *refusal;
            return a;
        }
    }
    if (auto refusal = m_api.validate(route, request)) {
        a.answer = *refusal;
        return a;
    }
    if (a.key.isEmpty())
        return a;
    const auto claim = m_idempotency.claim(
        a.key, IdempotencyLayer::fingerprint(request.method, request.path, request.formParams()), requestId);
    switch (claim.result) {
    case IdempotencyLayer::ClaimResult::Claimed:
        break;
    case IdempotencyLayer::ClaimResult::Replay:
        a.replay = claim.stored;
        break;
    case IdempotencyLayer::ClaimResult::InProgress:
        m_store.incrementCounter(QStringLiteral("conflicts_409_total"));
        a.answer = m_idempotency.inProgressResponse(a.key);
        break;
    case IdempotencyLayer::ClaimResult::Mismatch:
        m_store.incrementCounter(QStringLiteral("idempotency_mismatch_total"));
        Logging::warn(QStringLiteral("idempotency key reused with other parameters: %1").arg(a.key));
        a.answer = m_idempotency.mismatchResponse(a.key);
        break;
    case IdempotencyLayer::ClaimResult::Error:
        // Nothing began, so nothing is stored: a retry may run.
        a.answer = HttpResponse::storageFailure();
        break;
    }
    return a;
}

SandboxPipeline::Execution SandboxPipeline::run(const Admission& a, const HttpRequest& request)
{
    Execution e;
    if (a.answer) {
        e.response = *a.answer;
        return e;
    }
    if (a.replay) {
        m_store.incrementCounter(QStringLiteral("replays_total"));
        e.response = IdempotencyLayer::replayResponse(*a.replay);
        return e;
    }
    if (m_faults.take(request.method, request.path, {FaultKind::Status500})) {
        // Stripe's "saved unknown outcome": nothing executes, the 500 is stored for the key.
        m_store.incrementCounter(QStringLiteral("stored_500_total"));
        e.response = HttpResponse::stripeError(500, QStringLiteral("api_error"), {},
                                               QStringLiteral("An unknown error occurred while processing the request."));
        e.response.setHeader("Stripe-Should-Retry", "false");
        if (!a.key.isEmpty() && !m_idempotency.complete(a.key, e.response))
            m_idempotency.release(a.key);
        return e;
    }
    if (!a.route.write) {
        e.response = m_api.execute(a.route, request, {a.requestId, a.key});
        return e;
    }
    // The work and its stored response commit together, or neither does.
    bool committed = m_store.transaction().ok();
    if (committed) {
        e.response = m_api.execute(a.route, request, {a.requestId, a.key});
        // A storage failure part way (the refund written, its event not) must not commit the
        // half done and store its 500 for the key: all of it rolls back and a retry runs again.
        if (e.response.storageFailed || (!a.key.isEmpty() && !m_idempotency.complete(a.key, e.response)))
            committed = false;
        committed = committed ? m_store.commit().ok() : (m_store.rollback(), false);
    }
    if (!committed) {
        m_api.takeCreatedEvents(); // rolled back: those events do not exist
        if (!a.key.isEmpty())
            m_idempotency.release(a.key);
        e.response = HttpResponse::storageFailure();
    }
    e.committedWrite = committed;
    return e;
}
