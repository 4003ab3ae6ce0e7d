#pragma once

#include "provider/ProviderReadResult.h"
#include "reconcile/Reconciler.h"

#include <functional>

/**
 * `refund-tool reconcile`: pulls GET /v1/events with the read-only key from the stored cursor and
 * feeds each event to the Reconciler (R24), the fallback when webhooks cannot reach the team.
 *
 * Stripe lists events newest first. Without a cursor the first pass walks every page back
 * (starting_after = the last id of the previous page) and stores them oldest first. With a cursor
 * it asks for ending_before = cursor, which gives the `limit` events just newer than it (newest
 * first) and has_more when there are even newer ones; those are stored oldest first and the
 * request repeats with the newest stored id. Each event is stored together with the cursor move
 * (one transaction), then applied: a process killed anywhere resumes after the last stored event,
 * missing none and storing none twice; an event stored but not applied is applied on the next
 * pass (it is still waiting).
 */
class EventPoller
{
public:
    using PageFetcher =
        std::function<EventPageResult(const QString& startingAfter, const QString& endingBefore, int limit)>;

    struct Pass
    {
        int pages = 0;
        int newEvents = 0;
        int duplicates = 0; ///< events already stored (by the webhook, or a poll before a crash)
        int applied = 0;    ///< events the reconciler ran on (new and waiting ones)
        QString error;      ///< empty when the pass completed
        bool ok() const { return error.isEmpty(); }
    };

    EventPoller(Reconciler& reconciler, PageFetcher fetch, int pageLimit = 100);

    /** One pass: everything newer than the cursor, then the waiting events. */
    Pass pollOnce();

private:
    bool store(const ProviderEvent& event, Pass& pass);

    Reconciler& m_reconciler;
    PageFetcher m_fetch;
    int m_pageLimit;
};
