#include "FakeStripe.h"

#include <QJsonDocument>

#include "sandbox/HttpRequest.h"

#include <algorithm>

FakeStripe::FakeStripe()
{
    m_server.setHandler([this](const RecordedRequest& r) { return answer(r); });
}

QJsonObject FakeStripe::refund(const QString& id, qint64 amount, const QString& status, const QString& operationId,
                               const QString& orderId, qint64 created, const QString& currency,
                               const QString& paymentIntent)
{
    QJsonObject metadata;
    if (!operationId.isEmpty())
        metadata.insert(QStringLiteral("operation_id"), operationId);
    if (!orderId.isEmpty())
        metadata.insert(QStringLiteral("order_id"), orderId);
    QJsonObject r{{QStringLiteral("id"), id},
                  {QStringLiteral("object"), QStringLiteral("refund")},
                  {QStringLiteral("amount"), amount},
                  {QStringLiteral("currency"), currency},
                  {QStringLiteral("created"), created},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("payment_intent"), paymentIntent},
                  {QStringLiteral("charge"), QStringLiteral("ch_") + paymentIntent.mid(3)},
                  {QStringLiteral("reason"), QJsonValue::Null},
                  {QStringLiteral("metadata"), metadata}};
    if (status == QLatin1String("failed"))
        r.insert(QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card"));
    return r;
}

QJsonObject FakeStripe::event(const QString& id, const QString& type, qint64 created, const QJsonObject& refund,
                              const QString& key)
{
    QJsonObject e{{QStringLiteral("id"), id},
                  {QStringLiteral("object"), QStringLiteral("event")},
                  {QStringLiteral("api_version"), QStringLiteral("2023-08-16")},
                  {QStringLiteral("type"), type},
                  {QStringLiteral("created"), created},
                  {QStringLiteral("livemode"), false},
                  {QStringLiteral("pending_webhooks"), 0},
                  {QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), refund}}}};
    e.insert(QStringLiteral("request"),
             key.isEmpty() ? QJsonValue(QJsonValue::Null)
                           : QJsonValue(QJsonObject{{QStringLiteral("id"), QStringLiteral("req_") + id.mid(4)},
                                                    {QStringLiteral("idempotency_key"), key}}));
    return e;
}

namespace {
void insertNewestFirst(QList<QJsonObject>& list, const QJsonObject& object)
{
    const qint64 created = object.value(QStringLiteral("created")).toInteger();
    auto it = std::find_if(list.begin(), list.end(), [created](const QJsonObject& o) {
        return o.value(QStringLiteral("created")).toInteger() < created;
    });
    list.insert(it, object);
}

StoredRefund storedRefund(const QJsonObject& r)
{
    StoredRefund out;
    out.id = r.value(QStringLiteral("id")).toString();
    out.paymentIntent = r.value(QStringLiteral("payment_intent")).toString();
    out.charge = r.value(QStringLiteral("charge")).toString();
    out.amount = r.value(QStringLiteral("amount")).toInteger();
    out.currency = r.value(QStringLiteral("currency")).toString();
    out.reason = r.value(QStringLiteral("reason")).toString();
    out.status = r.value(QStringLiteral("status")).toString();
    out.metadata = r.value(QStringLiteral("metadata")).toObject();
    out.created = r.value(QStringLiteral("created")).toInteger();
    out.failureReason = r.value(QStringLiteral("failure_reason")).toString();
    return out;
}

StoredEvent storedEvent(const QJsonObject& e)
{
    StoredEvent out;
    out.id = e.value(QStringLiteral("id")).toString();
    out.type = e.value(QStringLiteral("type")).toString();
    out.created = e.value(QStringLiteral("created")).toInteger();
    out.data = e.value(QStringLiteral("data")).toObject();
    const QJsonObject request = e.value(QStringLiteral("request")).toObject();
    out.requestId = request.value(QStringLiteral("id")).toString();
    out.idempotencyKey = request.value(QStringLiteral("idempotency_key")).toString();
    return out;
}
} // namespace

// The sandbox's own store and StripeApi serve the lists (one paging implementation): rebuilt
// from the objects, oldest first, whenever they changed, so "newest first" is by `created`.
bool FakeStripe::rebuildStore()
{
    if (!m_dirty && m_store)
        return true;
    m_api.reset();
    m_store.reset();
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<SandboxStore>();
    if (!m_store->open(m_dir->filePath(QStringLiteral("fake-stripe.sqlite"))))
        return false;
    for (auto it = m_refunds.crbegin(); it != m_refunds.crend(); ++it) {
        StoredRefund r = storedRefund(*it);
        if (!m_store->insertRefund(r))
            return false;
    }
    for (auto it = m_events.crbegin(); it != m_events.crend(); ++it) {
        StoredEvent e = storedEvent(*it);
        if (!m_store->insertEvent(e))
            return false;
    }
    m_api = std::make_unique<StripeApi>(*m_store, m_clock);
    m_dirty = false;
    return true;
}

void FakeStripe::addRefund(const QJsonObject& refund)
{
    insertNewestFirst(m_refunds, refund);
    m_dirty = true;
}

void FakeStripe::addEvent(const QJsonObject& event)
{
    insertNewestFirst(m_events, event);
    m_dirty = true;
}

void FakeStripe::failWith(const QString& pathPrefix, const FakeReply& reply, int count)
{
    m_failPrefix = pathPrefix;
    m_failReply = reply;
    m_failCount = count;
}

int FakeStripe::requestsTo(const QString& path) const
{
    return int(std::count_if(m_server.requests.cbegin(), m_server.requests.cend(),
                             [&path](const RecordedRequest& r) { return r.path() == path; }));
}

FakeReply FakeStripe::answer(const RecordedRequest& request)
{
    if (!m_failPrefix.isEmpty() && m_failCount != 0 && request.path().startsWith(m_failPrefix)) {
        if (m_failCount > 0)
            --m_failCount;
        return m_failReply;
    }
    if (request.method == "GET" &&
        (request.path() == QLatin1String("/v1/refunds") || request.path() == QLatin1String("/v1/events"))) {
        if (!rebuildStore())
            return FakeReply::json(500, R"({"error":{"type":"api_error","message":"fake store failed"}})");
        HttpRequest http;
        http.method = request.method;
        http.path = request.path();
        http.query = request.query();
        const StripeApi::Route route = StripeApi::route(http.method, http.path);
        if (const auto refusal = m_api->validate(route, http))
            return FakeReply::json(refusal->status, refusal->body);
        const HttpResponse response = m_api->execute(route, http, {});
        return FakeReply::json(response.status, response.body);
    }
    return FakeReply::json(404, R"({"error":{"type":"invalid_request_error","code":"resource_missing","message":"Unrecognized request URL."}})");
}
