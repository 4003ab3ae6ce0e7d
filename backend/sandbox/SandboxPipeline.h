#pragma once

#include "sandbox/FaultInjector.h"
#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"
#include "sandbox/IdempotencyLayer.h"
#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"

#include <QString>

#include <optional>

/**
 * The sandbox provider's /v1 request pipeline after authentication and routing, with no
 * socket, timer or thread of its own (SPEC R14). SandboxServer runs it for every request it
 * reads; the deterministic simulation (tests/simulation) runs the same stages in one thread on a
 * virtual clock, so both exercise one implementation of the provider's idempotency.
 *
 * admit(): rate-limiter faults (429, nothing stored) -> Idempotency-Key check (empty or > 255
 * characters: 400) -> parameter validation (400, nothing stored) -> key claim (mismatch 400/422,
 * in progress 409, replay). What happens between admit() and run() (a delay fault, a request
 * held by the simulation) is the caller's: a second request with the same key meanwhile gets
 * 409, as at Stripe.
 *
 * run(): the replay of the stored answer, or the execution in one transaction with the stored
 * answer (the status_500 fault stores a 500 instead of executing). On a failed commit the claim
 * is released and the answer is a 500 that stores nothing.
 *
 * Not thread-safe: one thread uses the pipeline and its store.
 */
class SandboxPipeline
{
public:
    SandboxPipeline(SandboxStore& store, StripeApi& api, IdempotencyLayer& idempotency, FaultInjector& faults);

    /** The request after admit(). */
    struct Admission
    {
        std::optional<HttpResponse> answer; ///< answered at admission: nothing executes, nothing is stored
        StripeApi::Route route;
        QString requestId;
        QString key;                        ///< empty: no Idempotency-Key (or a read)
        std::optional<StoredKey> replay;    ///< the key finished before with the same request
    };

    /** Executed (or replayed) answer. */
    struct Execution
    {
        HttpResponse response;
        bool committedWrite = false; ///< a write committed: its events exist (StripeApi::takeCreatedEvents)
    };

    Admission admit(const HttpRequest& request, const StripeApi::Route& route, const QString& requestId);
    Execution run(const Admission& admission, const HttpRequest& request);

private:
    SandboxStore& m_store;
    StripeApi& m_api;
    IdempotencyLayer& m_idempotency;
    FaultInjector& m_faults;
};
