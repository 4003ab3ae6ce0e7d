#include "FakeStripe.h"

#include <QJsonDocument>

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

QByteArray page(const QList<QJsonObject>& all, const RecordedRequest& request, const QString& url)
{
    const QUrlQuery q = request.query();
    const int limit = q.hasQueryItem(QStringLiteral("limit")) ? q.queryItemValue(QStringLiteral("limit")).toInt() : 10;
    const QString after = q.queryItemValue(QStringLiteral("starting_after"));
    int start = 0;
    if (!after.isEmpty()) {
        for (int i = 0; i < all.size(); ++i) {
            if (all.at(i).value(QStringLiteral("id")).toString() == after)
                start = i + 1;
        }
    }
    QJsonArray data;
    for (int i = start; i < all.size() && data.size() < limit; ++i)
        data.append(all.at(i));
    const bool hasMore = start + data.size() < all.size();
    return QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                     {QStringLiteral("data"), data},
                                     {QStringLiteral("has_more"), hasMore},
                                     {QStringLiteral("url"), url}})
        .toJson(QJsonDocument::Compact);
}
} // namespace

void FakeStripe::addRefund(const QJsonObject& refund)
{
    insertNewestFirst(m_refunds, refund);
}

void FakeStripe::addEvent(const QJsonObject& event)
{
    insertNewestFirst(m_events, event);
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
    const QUrlQuery q = request.query();
    if (request.path() == QLatin1String("/v1/refunds")) {
        const QString pi = q.queryItemValue(QStringLiteral("payment_intent"));
        QList<QJsonObject> selected;
        for (const QJsonObject& r : std::as_const(m_refunds)) {
            if (pi.isEmpty() || r.value(QStringLiteral("payment_intent")).toString() == pi)
                selected.append(r);
        }
        return FakeReply::json(200, page(selected, request, QStringLiteral("/v1/refunds")));
    }
    if (request.path() == QLatin1String("/v1/events")) {
        const QString type = q.queryItemValue(QStringLiteral("type"));
        const qint64 gte = q.queryItemValue(QStringLiteral("created[gte]")).toLongLong();
        QList<QJsonObject> selected;
        for (const QJsonObject& e : std::as_const(m_events)) {
            if ((type.isEmpty() || e.value(QStringLiteral("type")).toString() == type)
                && e.value(QStringLiteral("created")).toInteger() >= gte)
                selected.append(e);
        }
        return FakeReply::json(200, page(selected, request, QStringLiteral("/v1/events")));
    }
    return FakeReply::json(404, R"({"error":{"type":"invalid_request_error","code":"resource_missing","message":"Unrecognized request URL."}})");
}
