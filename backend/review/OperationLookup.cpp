#include "review/OperationLookup.h"

#include <optional>

#include "Logging.h"
#include "provider/ProviderClient.h"
#include "Money.h"

#include <QCoreApplication>

#include <algorithm>

namespace {

constexpr qint64 kEventRetentionMs = 30LL * 24 * 3600 * 1000; // Stripe keeps events 30 days

QString tr(const char* text)
{
    return QCoreApplication::translate("OperationLookup", text);
}

} // namespace

OperationLookup::Target OperationLookup::Target::from(const Operation& operation, const Order& order)
{
    Target t;
    t.operationId = operation.operationId;
    t.idempotencyKey = operation.idempotencyKey;
    t.orderId = operation.orderId;
    t.paymentIntent = order.paymentIntent;
    t.amountCents = operation.amountCents;
    t.currency = operation.currency;
    t.createdAtMs = operation.createdAt;
    return t;
}

OperationLookup::OperationLookup(ProviderConfig config, const Clock& clock)
    : OperationLookup(std::move(config), Options{}, clock)
{
}

OperationLookup::OperationLookup(ProviderConfig config, const Options& options, const Clock& clock)
    : m_config(std::move(config))
    , m_options(options)
    , m_clock(clock)
{
}

OperationLookup::~OperationLookup() = default;

void OperationLookup::cancel()
{
    m_canceled.store(true);
    std::lock_guard<std::mutex> lock(m_clientMutex);
    if (m_client)
        m_client->cancel();
}

void OperationLookup::step(const QString& text) const
{
    if (m_progress)
        m_progress(text);
}

bool OperationLookup::failed(LookupResult& result, const ProviderReadStatus& status, const QString& what) const
{
    result.requests += status.requests;
    if (status.ok())
        return false;
    result.complete = false;
    result.failure = status.failure;
    result.failureText = status.describe();
    result.failedRead = what;
    Logging::warn(QStringLiteral("lookup %1: %2 failed: %3").arg(result.operationId, what, result.failureText));
    return true;
}

QList<RefundMismatch> OperationLookup::mismatches(const Target& target, const ProviderRefund& refund)
{
    QList<RefundMismatch> out;
    if (refund.amountCents != target.amountCents) {
        out.append({RefundMismatch::Kind::Amount,
                    tr("Amount differs: the refund is %1, the operation %2.")
                        .arg(Money::plain(refund.amountCents, refund.currency),
                             Money::plain(target.amountCents, target.currency))});
    }
    if (refund.currency.compare(target.currency, Qt::CaseInsensitive) != 0) {
        out.append({RefundMismatch::Kind::Currency,
                    tr("Currency differs: the refund is in %1, the operation in %2.")
                        .arg(refund.currency.toUpper(), target.currency.toUpper())});
    }
    const QString order = refund.orderId();
    if (order.isEmpty()) {
        out.append({RefundMismatch::Kind::Order,
                    tr("Order unknown: the refund carries no metadata.order_id; the operation is for order %1.")
                        .arg(target.orderId)});
    } else if (order != target.orderId) {
        out.append({RefundMismatch::Kind::Order,
                    tr("Order differs: the refund names order %1, the operation order %2.").arg(order, target.orderId)});
    }
    if (!refund.paymentIntent.isEmpty() && !target.paymentIntent.isEmpty()
        && refund.paymentIntent != target.paymentIntent) {
        out.append({RefundMismatch::Kind::Order,
                    tr("Payment differs: the refund is on %1, the order's payment is %2.")
                        .arg(refund.paymentIntent, target.paymentIntent)});
    }
    return out;
}

QList<FoundRefund> OperationLookup::merge(const Target& target, const QList<ProviderRefund>& listed,
                                          const RefundEventLedger& ledger)
{
    QStringList eventLinked = ledger.refundsWithKey(target.idempotencyKey);
    for (const QString& id : ledger.refundsOfOperation(target.operationId)) {
        if (!eventLinked.contains(id))
            eventLinked.append(id);
    }

    QList<FoundRefund> out;
    QStringList seen;
    for (const ProviderRefund& refund : listed) {
        if (refund.operationId() != target.operationId || seen.contains(refund.id))
            continue;
        seen.append(refund.id);
        FoundRefund f;
        f.refund = refund; // the list is read after the events: it is the newest state
        f.source = eventLinked.contains(refund.id) ? RefundSource::Both : RefundSource::List;
        if (const auto entry = ledger.entry(refund.id))
            f.eventIds = entry->eventIds;
        out.append(f);
    }
    for (const QString& id : std::as_const(eventLinked)) {
        if (seen.contains(id))
            continue;
        const auto entry = ledger.entry(id);
        if (!entry)
            continue;
        seen.append(id);
        FoundRefund f;
        f.refund = entry->refund;
        f.source = RefundSource::Event;
        f.eventIds = entry->eventIds;
        out.append(f);
    }
    for (FoundRefund& f : out)
        f.mismatches = mismatches(target, f.refund);
    std::stable_sort(out.begin(), out.end(), [](const FoundRefund& a, const FoundRefund& b) {
        return a.refund.createdUtcSeconds > b.refund.createdUtcSeconds;
    });
    return out;
}

ProviderClient& OperationLookup::clientForRun(std::optional<ProviderClient>& own)
{
    if (m_shared) {
        // A cancel of an earlier lookup on this client must not end this one.
        if (!m_canceled.load())
            m_shared->resetCancel();
        return *m_shared;
    }
    own.emplace(m_config);
    return *own;
}

void OperationLookup::attach(ProviderClient* client)
{
    std::lock_guard<std::mutex> lock(m_clientMutex);
    m_client = client;
    if (client && m_canceled.load())
        client->cancel();
}

bool OperationLookup::readEventsInto(ProviderClient& client, qint64 sinceMs, RefundEventLedger& ledger,
                                     LookupResult& result)
{
    for (const char* type : {"refund.created", "refund.updated", "refund.failed"}) {
        const QString t = QString::fromLatin1(type);
        step(tr("Reading %1 events…").arg(t));
        const EventListResult events = client.listEvents(t, sinceMs / 1000);
        for (const ProviderEvent& e : events.value)
            ledger.apply(e);
        if (failed(result, events, tr("%1 events").arg(t)))
            return false;
    }
    return true;
}

OperationLookup::EventSnapshot OperationLookup::readEvents(qint64 sinceMs)
{
    EventSnapshot snapshot;
    snapshot.sinceMs = std::max<qint64>(0, sinceMs);
    snapshot.startedAtMs = m_clock.nowMs();
    std::optional<ProviderClient> own;
    ProviderClient& client = clientForRun(own);
    attach(&client);
    LookupResult status;
    status.operationId = QStringLiteral("(all unknown operations)");
    snapshot.complete = readEventsInto(client, snapshot.sinceMs, snapshot.ledger, status) && !m_canceled.load();
    attach(nullptr);
    snapshot.requests = status.requests;
    snapshot.failure = snapshot.complete ? ReadFailure::None
                       : status.failure == ReadFailure::None ? ReadFailure::Canceled
                                                              : status.failure;
    snapshot.failureText = snapshot.failure == ReadFailure::Canceled && status.failureText.isEmpty()
                               ? QStringLiteral("canceled")
                               : status.failureText;
    snapshot.failedRead = status.failedRead;
    Logging::info(QStringLiteral("lookup: %1 refund events since %2 read in %3 requests%4")
                      .arg(snapshot.ledger.eventCount())
                      .arg(snapshot.sinceMs)
                      .arg(snapshot.requests)
                      .arg(snapshot.complete ? QString() : QStringLiteral(", incomplete (%1)").arg(toString(snapshot.failure))));
    return snapshot;
}

LookupResult OperationLookup::run(const Target& target)
{
    return runWith(target, nullptr);
}

LookupResult OperationLookup::run(const Target& target, const EventSnapshot& events)
{
    return runWith(target, &events);
}

LookupResult OperationLookup::runWith(const Target& target, const EventSnapshot* shared)
{
    LookupResult result;
    // R16: "no refund was made" is judged by when the reads began, not when someone clicks.
    result.startedAtMs = m_clock.nowMs();
    result.operationId = target.operationId;

    std::optional<ProviderClient> ownClient;
    ProviderClient& client = clientForRun(ownClient);
    attach(&client);
    struct Detach
    {
        OperationLookup* self;
        ~Detach() { self->attach(nullptr); }
    } detach{this};

    RefundEventLedger own;
    const RefundEventLedger* ledger = &own;
    QList<ProviderRefund> listed;
    const auto finish = [&]() {
        result.refunds = merge(target, listed, *ledger);
        result.eventsInspected = ledger->eventCount();
        result.listedRefunds = int(listed.size());
        result.checkedAtMs = m_clock.nowMs();
        Logging::info(QStringLiteral("lookup %1: %2 refund(s) linked, %3 listed, %4 events%5, %6 requests%7")
                          .arg(target.operationId)
                          .arg(result.refunds.size())
                          .arg(result.listedRefunds)
                          .arg(result.eventsInspected)
                          .arg(ledger == &own ? QString() : QStringLiteral(" (shared)"))
                          .arg(result.requests)
                          .arg(result.complete ? QString() : QStringLiteral(", incomplete (%1)").arg(toString(result.failure))));
        return result;
    };

    const qint64 sinceMs = std::max<qint64>(0, target.createdAtMs - m_options.eventMarginMs);
    if (m_clock.nowMs() - target.createdAtMs > kEventRetentionMs) {
        result.notes.append(tr("The operation is older than 30 days: the provider no longer returns its events, so "
                               "only the payment's refund list was checked."));
    }
    if (shared && shared->complete && shared->sinceMs <= sinceMs) {
        // The refund list below is still read after these events, so it stays the newest state.
        ledger = &shared->ledger;
        result.startedAtMs = std::min(result.startedAtMs, shared->startedAtMs);
    } else if (!readEventsInto(client, sinceMs, own, result)) {
        return finish();
    }

    if (target.paymentIntent.isEmpty()) {
        result.complete = false;
        result.failure = ReadFailure::NotFound;
        result.failedRead = tr("refunds of the order's payment");
        result.failureText = tr("the order has no payment intent on record");
        return finish();
    }
    step(tr("Listing the refunds of %1…").arg(target.paymentIntent));
    const RefundListResult list = client.listRefunds(target.paymentIntent, {});
    listed = list.value;
    if (failed(result, list, tr("refunds of %1").arg(target.paymentIntent)))
        return finish();

    if (m_options.searchPaymentIntents) {
        step(tr("Searching payments of order %1…").arg(target.orderId));
        QString quoted = target.orderId;
        quoted.replace(QLatin1Char('\''), QStringLiteral("\\'"));
        const PaymentIntentListResult search =
            client.searchPaymentIntents(QStringLiteral("metadata['order_id']:'%1'").arg(quoted));
        result.requests += search.requests;
        if (!search.ok()) {
            result.notes.append(tr("Payment search failed (%1); it is optional and does not change the result.")
                                    .arg(search.describe()));
        } else {
            QStringList ids;
            for (const ProviderPaymentIntent& pi : search.value)
                ids.append(pi.id);
            result.notes.append(
                ids.isEmpty()
                    ? tr("Payment search found no payment for order %1 yet. Search lags by up to a minute (an hour in "
                         "outages): this is not proof of anything.")
                          .arg(target.orderId)
                    : tr("Payment search for order %1 found %2. Search lags: a payment missing here may still exist.")
                          .arg(target.orderId, ids.join(QStringLiteral(", "))));
        }
    }
    result.complete = !m_canceled.load();
    if (!result.complete) {
        result.failure = ReadFailure::Canceled;
        result.failureText = QStringLiteral("canceled");
    }
    return finish();
}
