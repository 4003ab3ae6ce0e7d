#include "SimProvider.h"

#include "provider/ProviderRefund.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

SimProvider::SimProvider(const Clock& clock)
    : m_clock(clock)
    , m_api(m_store, m_clock)
    , m_idempotency(m_store, m_clock, IdempotencyProfile::Stripe, 24LL * 3600 * 1000)
    , m_pipeline(m_store, m_api, m_idempotency, m_faults)
{
}

bool SimProvider::open(const QString& path, QString* error)
{
    if (auto opened = m_store.open(path); !opened) {
        *error = opened.error().message;
        return false;
    }
    return true;
}

QString SimProvider::addPayment(const QString& orderId, qint64 amountCents, const QString& currency)
{
    const HttpResponse r = m_api.createPaymentIntent(QJsonObject{
        {QStringLiteral("amount"), amountCents},
        {QStringLiteral("currency"), currency},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("order_id"), orderId}}}});
    if (r.status != 200)
        return {};
    return QJsonDocument::fromJson(r.body).object().value(QStringLiteral("id")).toString();
}

SimProvider::Pending SimProvider::admit(const QUrl& url, const QList<QPair<QByteArray, QByteArray>>& headers,
                                        const QByteArray& body)
{
    Pending p;
    p.request.method = "POST";
    p.request.path = url.path();
    for (const auto& [name, value] : headers)
        p.request.headers.append({name.toLower(), value.trimmed()});
    p.request.body = body;
    m_arrivals[QString::fromUtf8(p.request.header("idempotency-key"))] += 1;
    const QString requestId = StripeApi::newId(QStringLiteral("req_"), 14);
    p.admission = m_pipeline.admit(p.request, StripeApi::route(p.request.method, p.request.path), requestId);
    return p;
}

CurlPost::Result SimProvider::run(const Pending& pending)
{
    const SandboxPipeline::Execution done = m_pipeline.run(pending.admission, pending.request);
    if (done.committedWrite)
        keepCreatedEvents();
    CurlPost::Result out;
    out.httpStatus = done.response.status;
    out.body = done.response.body;
    out.requestId = pending.admission.requestId.toUtf8();
    out.idempotentReplayed = done.response.header("Idempotent-Replayed");
    return out;
}

bool SimProvider::failRefundLater(const QString& refundId)
{
    if (!m_store.transaction())
        return false;
    const HttpResponse r = m_api.failRefund(
        refundId, QJsonObject{{QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card")}});
    if (r.status != 200) {
        m_store.rollback();
        m_api.takeCreatedEvents();
        return false;
    }
    if (!m_store.commit())
        return false;
    keepCreatedEvents();
    return true;
}

void SimProvider::keepCreatedEvents()
{
    for (const QString& id : m_api.takeCreatedEvents())
        if (const auto stored = m_store.event(id).valueOr(std::nullopt))
            if (auto event = ProviderEvent::fromJson(m_api.eventJson(*stored)))
                m_events << *event;
}

QList<StoredRefund> SimProvider::refunds()
{
    QList<StoredRefund> all;
    PageRequest page;
    page.limit = 100;
    for (;;) {
        const Page<StoredRefund> p = m_store.refunds({}, {}, page).valueOr({});
        all += p.items;
        if (!p.hasMore || p.items.isEmpty())
            break;
        page.startingAfterSeq = p.items.last().seq;
    }
    return all;
}

QList<ProviderEvent> SimProvider::takeEvents()
{
    QList<ProviderEvent> out;
    out.swap(m_events);
    return out;
}

std::optional<ProviderRefund> SimProvider::providerRefund(const StoredRefund& refund) const
{
    return ProviderRefund::fromJson(m_api.refundJson(refund));
}

RefundReadResult SimProvider::fetchRefund(const QString& refundId)
{
    RefundReadResult r;
    r.requests = 1;
    const auto stored = m_store.refund(refundId).valueOr(std::nullopt);
    if (!stored) {
        r.failure = ReadFailure::NotFound;
        r.httpStatus = 404;
        return r;
    }
    r.httpStatus = 200;
    r.value = providerRefund(*stored);
    if (!r.value)
        r.failure = ReadFailure::MalformedResponse;
    return r;
}

CurlPost::Result SimProvider::foreignRefund(const QByteArray& requestBody)
{
    const QUrlQuery form(QString::fromUtf8(requestBody));
    const qint64 amount = form.queryItemValue(QStringLiteral("amount")).toLongLong();
    const QJsonObject refund{
        {QStringLiteral("id"), QStringLiteral("re_foreign000000000000000")},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("amount"), amount + 1},
        {QStringLiteral("currency"), QStringLiteral("usd")},
        {QStringLiteral("payment_intent"), QStringLiteral("pi_foreign000000000000000")},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("created"), 1700000000},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), QStringLiteral("op_someone_else")}}}};
    CurlPost::Result out;
    out.httpStatus = 200;
    out.body = QJsonDocument(refund).toJson(QJsonDocument::Compact);
    out.requestId = "req_foreign";
    return out;
}
