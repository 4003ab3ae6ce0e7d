#include "reconcile/EventPoller.h"

#include "Logging.h"

#include <algorithm>

EventPoller::EventPoller(Reconciler& reconciler, PageFetcher fetch, int pageLimit)
    : m_reconciler(reconciler)
    , m_fetch(std::move(fetch))
    , m_pageLimit(qBound(1, pageLimit, 100))
{
}

bool EventPoller::store(const ProviderEvent& event, Pass& pass)
{
    auto inserted = m_reconciler.events().insertPolled(event, ProviderEventStore::eventsCursorName());
    if (!inserted) {
        pass.error = QStringLiteral("store event %1: %2").arg(event.id, inserted.error().message);
        return false;
    }
    if (!inserted.value()) {
        ++pass.duplicates;
        return true;
    }
    ++pass.newEvents;
    auto applied = m_reconciler.apply(event.id);
    if (!applied) {
        pass.error = QStringLiteral("apply event %1: %2").arg(event.id, applied.error().message);
        return false;
    }
    ++pass.applied;
    return true;
}

EventPoller::Pass EventPoller::pollOnce()
{
    Pass pass;
    auto cursor = m_reconciler.events().cursor(ProviderEventStore::eventsCursorName());
    if (!cursor) {
        pass.error = cursor.error().message;
        return pass;
    }
    if (!cursor.value()) {
        // First pass: every event the provider still keeps, walked back page by page.
        QList<ProviderEvent> all;
        QString after;
        for (;;) {
            EventPageResult page = m_fetch(after, {}, m_pageLimit);
            ++pass.pages;
            if (!page.ok()) {
                pass.error = QStringLiteral("GET /v1/events: %1").arg(page.describe());
                return pass;
            }
            all += page.value.events;
            if (!page.value.hasMore || page.value.events.isEmpty())
                break;
            after = page.value.events.constLast().id;
        }
        std::reverse(all.begin(), all.end());
        for (const ProviderEvent& e : std::as_const(all)) {
            if (!store(e, pass))
                return pass;
        }
    } else {
        QString before = *cursor.value();
        for (;;) {
            EventPageResult page = m_fetch({}, before, m_pageLimit);
            ++pass.pages;
            if (!page.ok()) {
                pass.error =
                    QStringLiteral("GET /v1/events?ending_before=%1: %2").arg(before, page.describe());
                return pass;
            }
            QList<ProviderEvent> events = page.value.events;
            std::reverse(events.begin(), events.end()); // oldest first, so the cursor only moves forward
            for (const ProviderEvent& e : std::as_const(events)) {
                if (!store(e, pass))
                    return pass;
            }
            if (!page.value.hasMore || events.isEmpty())
                break;
            before = events.constLast().id;
        }
    }
    auto waiting = m_reconciler.applyWaiting();
    if (!waiting) {
        pass.error = waiting.error().message;
        return pass;
    }
    pass.applied += waiting.value();
    return pass;
}
