#include "provider/ProviderClient.h"

#include "Backoff.h"

#include "Logging.h"
#include "provider/CurlPost.h"
#include "provider/ProviderListPage.h"
#include "provider/ProviderText.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <thread>
#include <utility>

namespace {

constexpr int kPageLimit = 100;    // Stripe's maximum page size
constexpr int kMaxKeyLength = 255; // Stripe and the sandbox refuse longer keys (R14)
static_assert(kMaxKeyLength == ProviderText::kMaxTokenLength);

bool isLowerCaseCurrency(const QString& currency)
{
    if (currency.size() != 3)
        return false;
    return std::all_of(currency.begin(), currency.end(), [](QChar c) { return c >= u'a' && c <= u'z'; });
}

bool isTransportError(QNetworkReply::NetworkError error)
{
    // 1..99 network layer (refused, closed, timeout, canceled, TLS), 101..199 proxy.
    // Content (2xx), protocol (3xx) and server (4xx) codes mirror an HTTP status.
    return error != QNetworkReply::NoError && static_cast<int>(error) < 200;
}

bool parseJsonObject(const QByteArray& body, QJsonObject* out, QString* error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("body is not JSON (%1 at offset %2)")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("body is JSON but not an object");
        return false;
    }
    *out = doc.object();
    return true;
}

ProviderError localRefusal(const QString& param, const QString& message)
{
    ProviderError error;
    error.type = QStringLiteral("invalid_request_error");
    error.code = QStringLiteral("client_validation");
    error.param = param;
    error.message = message;
    return error;
}

ReadFailure classifyReadError(int status)
{
    if (status == 401)
        return ReadFailure::WrongKey;
    if (status == 403)
        return ReadFailure::NoReadRights;
    if (status == 429)
        return ReadFailure::RateLimited;
    if (status == 404)
        return ReadFailure::NotFound;
    if (status >= 500)
        return ReadFailure::ServerError;
    if (status >= 400)
        return ReadFailure::Refused;
    return ReadFailure::MalformedResponse; // 1xx/3xx where JSON was expected
}

} // namespace

ProviderClient::ProviderClient(ProviderConfig config, QObject* parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_nam(new QNetworkAccessManager(this))
    , m_random(QRandomGenerator::global()->generate())
{
    // A POST must never be replayed as a GET elsewhere, nor a GET leave the configured host.
    m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    m_nam->setTransferTimeout(m_config.requestTimeoutMs);
}

ProviderClient::~ProviderClient() = default;

void ProviderClient::setSleeper(Sleeper sleeper)
{
    m_sleeper = std::move(sleeper);
}

void ProviderClient::setRequestTimeoutMs(int ms)
{
    m_config.requestTimeoutMs = ms;
    if (m_nam)
        m_nam->setTransferTimeout(ms);
}

void ProviderClient::cancel()
{
    m_canceled.store(true);
    // The flag stops the next request or sleep; the queued call ends the one in progress
    // (the owning thread is inside a local QEventLoop, which delivers it).
    QMetaObject::invokeMethod(
        this, [this] { abortInFlight(); }, Qt::QueuedConnection);
}

void ProviderClient::abortInFlight()
{
    // A queued abort that outlived resetCancel() must not hit the next request.
    if (!m_canceled.load())
        return;
    if (m_inFlight && m_inFlightCancelable)
        m_inFlight->abort();
    if (m_sleepLoop)
        m_sleepLoop->quit();
}

QByteArray ProviderClient::refundFormBody(const RefundCreateParams& p)
{
    FormEncoder::Pairs pairs;
    if (!p.paymentIntent.isEmpty())
        pairs.append({QStringLiteral("payment_intent"), p.paymentIntent});
    if (!p.charge.isEmpty())
        pairs.append({QStringLiteral("charge"), p.charge});
    pairs.append({QStringLiteral("amount"), QString::number(p.amountCents)});
    if (!p.reason.isEmpty())
        pairs.append({QStringLiteral("reason"), p.reason});
    for (auto it = p.metadata.constBegin(); it != p.metadata.constEnd(); ++it)
        pairs.append({QStringLiteral("metadata[%1]").arg(it.key()), it.value()});
    return FormEncoder::encode(pairs);
}

QString ProviderClient::scrub(const QString& text) const
{
    QString out = text;
    // Logging::redact knows sk_/rk_/pk_ keys; the sandbox accepts any string as a key.
    if (!m_config.apiKey.isEmpty())
        out.replace(m_config.apiKey, QStringLiteral("***"));
    return Logging::redact(out);
}

QUrl ProviderClient::endpoint(const QString& path, const FormEncoder::Pairs& query) const
{
    QUrl url = m_config.baseUrl;
    QString basePath = url.path(QUrl::FullyEncoded);
    while (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    url.setPath(basePath + path, QUrl::TolerantMode);
    if (query.isEmpty())
        url.setQuery(QString());
    else
        url.setQuery(QString::fromLatin1(FormEncoder::encode(query)), QUrl::TolerantMode);
    return url;
}

ProviderClient::RawReply ProviderClient::send(const QByteArray& verb, const QUrl& url, const QByteArray& body,
                                              const QString& idempotencyKey, bool cancelable)
{
    Q_ASSERT_X(!m_inFlight, "ProviderClient", "re-entered while a request is in flight");
    QNetworkRequest request(url);
    request.setTransferTimeout(m_config.requestTimeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setRawHeader(QByteArrayLiteral("Authorization"),
                         QByteArrayLiteral("Bearer ") + m_config.apiKey.toUtf8());
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("User-Agent"), QByteArrayLiteral("RefundOps/" REFUND_VERSION));
    // Idempotency keys belong on POST only (STRIPE-FACTS §4: no effect on GET/DELETE).
    if (verb == "POST" && !idempotencyKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toUtf8());
    if (verb == "POST")
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/x-www-form-urlencoded"));

    QElapsedTimer timer;
    timer.start();
    std::unique_ptr<QNetworkReply> reply(verb == "POST" ? m_nam->post(request, body) : m_nam->get(request));
    m_inFlight = reply.get();
    m_inFlightCancelable = cancelable;
    if (!reply->isFinished()) {
        QEventLoop loop;
        connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    m_inFlight = nullptr;
    m_inFlightCancelable = false;

    RawReply raw;
    raw.elapsedMs = timer.elapsed();
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    raw.httpStatus = status.isValid() ? status.toInt() : 0;
    if (reply->isOpen()) // an aborted reply is closed; reading it only warns
        raw.body = reply->readAll();
    raw.requestId = scrub(QString::fromLatin1(reply->rawHeader(QByteArrayLiteral("Request-Id"))));
    raw.replayed = reply->rawHeader(QByteArrayLiteral("Idempotent-Replayed")).trimmed().toLower() == "true";
    const QNetworkReply::NetworkError error = reply->error();
    raw.transportFailed = raw.httpStatus == 0 || isTransportError(error);
    if (error == QNetworkReply::OperationCanceledError) {
        // Qt reports its transfer timeout as OperationCanceledError; only our own abort
        // (cancel(), reads only) is a real cancellation.
        raw.canceled = cancelable && m_canceled.load();
        raw.timedOut = !raw.canceled;
    }
    if (raw.transportFailed) {
        if (raw.timedOut)
            raw.networkError =
                QStringLiteral("no answer within %1 ms (transfer timeout)").arg(m_config.requestTimeoutMs);
        else if (raw.canceled)
            raw.networkError = QStringLiteral("canceled");
        else
            raw.networkError = scrub(reply->errorString());
    }
    Logging::debug(
        QStringLiteral("provider %1 %2 -> %3%4 in %5 ms")
            .arg(QString::fromLatin1(verb), scrub(url.path()))
            .arg(raw.httpStatus)
            .arg(raw.transportFailed ? QStringLiteral(" (") + raw.networkError + QLatin1Char(')') : QString())
            .arg(raw.elapsedMs));
    return raw;
}

ProviderResponse ProviderClient::createRefund(const RefundCreateParams& p, const QString& idempotencyKey)
{
    ProviderResponse response;
    if (p.amountCents <= 0) {
        response.outcome = AttemptOutcome::Refused;
        response.error = localRefusal(QStringLiteral("amount"), QStringLiteral("amount must be > 0 cents"));
    } else if (p.paymentIntent.isEmpty() && p.charge.isEmpty()) {
        response.outcome = AttemptOutcome::Refused;
        response.error = localRefusal(QStringLiteral("payment_intent"),
                                      QStringLiteral("one of payment_intent or charge is required"));
    } else if (!ProviderText::isToken(idempotencyKey)) {
        response.outcome = AttemptOutcome::Refused;
        response.error = localRefusal(
            QStringLiteral("Idempotency-Key"),
            QStringLiteral("idempotency key must have 1..%1 printable ASCII characters").arg(kMaxKeyLength));
    } else if (!isLowerCaseCurrency(p.currency)) {
        // Not sent, but without it no answer could be checked (R7).
        response.outcome = AttemptOutcome::Refused;
        response.error = localRefusal(
            QStringLiteral("currency"),
            QStringLiteral("expected currency must be a lower-case ISO 4217 code (e.g. usd), got %1")
                .arg(ProviderText::quote(p.currency)));
    }
    if (response.outcome == AttemptOutcome::Refused) {
        Logging::warn(QStringLiteral("refund not sent: %1").arg(response.error.toString()));
        return response;
    }

    const QUrl url = endpoint(QStringLiteral("/v1/refunds"));
    const PostHeaders headers{
        {QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + m_config.apiKey.toUtf8()},
        {QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")},
        {QByteArrayLiteral("User-Agent"), QByteArrayLiteral("RefundOps/" REFUND_VERSION)},
        {QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()},
        {QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/x-www-form-urlencoded")},
    };
    CurlPost::Result raw;
    if (m_postTransport) {
        raw = m_postTransport(url, headers, refundFormBody(p), m_config.requestTimeoutMs);
    } else {
        CurlPost post(url, m_config.requestTimeoutMs);
        for (const auto& [name, value] : headers)
            post.addHeader(name, value);
        raw = postWaiting(post, refundFormBody(p));
    }

    response = ProviderResponse::fromAnswer(raw, p, [this](const QString& text) { return scrub(text); });

    const QString line = QStringLiteral("refund attempt key %1: %2").arg(idempotencyKey, response.summary());
    if (response.outcome == AttemptOutcome::ResponseMismatch)
        // R7: a 2xx that is not our refund: someone must look at it before anything is believed.
        Logging::error(scrub(QStringLiteral("PROVIDER ANSWER NOT BELIEVED (response_mismatch): ") + line));
    else if (response.outcome == AttemptOutcome::IdempotencyMismatch)
        Logging::error(scrub(line)); // R7: a key naming another request is a bug; say it loudly
    else
        Logging::info(scrub(line));
    return response;
}

CurlPost::Result ProviderClient::postWaiting(const CurlPost& post, const QByteArray& body)
{
    // libcurl blocks; this thread keeps spinning its events meanwhile, as the Qt path did, so
    // an in-process server (tests, the demo's sandbox) or a UI thread's timers keep running.
    CurlPost::Result result;
    QEventLoop loop;
    std::thread worker([&result, &post, &body, &loop] {
        result = post.post(body);
        // Queued: delivered once loop.exec() runs, even if the request finished first.
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    worker.join();
    Logging::debug(QStringLiteral("provider POST /v1/refunds -> %1%2 in %3 ms")
                       .arg(result.httpStatus)
                       .arg(result.complete() ? QString()
                                              : QStringLiteral(" (") + scrub(result.error) + QLatin1Char(')'))
                       .arg(result.elapsedMs));
    return result;
}

bool ProviderClient::getObject(const QUrl& url, ProviderReadStatus& status, QJsonObject* out)
{
    RawReply raw;
    for (int retry = 0;; ++retry) {
        if (m_canceled.load()) {
            status.failure = ReadFailure::Canceled;
            status.networkError = QStringLiteral("canceled");
            return false;
        }
        raw = send(QByteArrayLiteral("GET"), url, {}, {}, true);
        ++status.requests;
        status.httpStatus = raw.httpStatus;
        status.requestId = raw.requestId;
        status.networkError = raw.networkError;
        status.error = ProviderError{};
        if (raw.transportFailed || raw.httpStatus != 429 || retry >= m_config.readRetryMax)
            break;
        ++status.rateLimitRetries;
        const int delayMs =
            Backoff::fullJitterDelayMs(retry, m_config.readBackoffBaseMs, m_config.readBackoffCapMs, m_random);
        emit readRetryScheduled(retry + 1, delayMs);
        sleepMs(delayMs);
    }

    if (raw.canceled) {
        status.failure = ReadFailure::Canceled;
        return false;
    }
    if (raw.transportFailed) {
        status.failure = raw.timedOut ? ReadFailure::TimedOut : ReadFailure::Unreachable;
        return false;
    }
    if (raw.httpStatus < 200 || raw.httpStatus >= 300) {
        status.error = ProviderError::fromHttp(raw.httpStatus, raw.body, raw.requestId);
        status.error.message = scrub(status.error.message);
        status.failure = classifyReadError(raw.httpStatus);
        return false;
    }
    QString parseError;
    if (!parseJsonObject(raw.body, out, &parseError)) {
        status.failure = ReadFailure::MalformedResponse;
        status.networkError = parseError;
        return false;
    }
    return true;
}

bool ProviderClient::getAllPages(const QString& path, const FormEncoder::Pairs& query, bool search,
                                 ProviderReadStatus& status, const ItemHandler& onItem)
{
    QString cursor;
    int itemIndex = 0;
    for (int page = 0;; ++page) {
        if (page >= m_config.maxListPages) {
            status.failure = ReadFailure::MalformedResponse;
            status.networkError = QStringLiteral("more than %1 pages; stopped").arg(m_config.maxListPages);
            return false;
        }
        FormEncoder::Pairs pageQuery = query;
        pageQuery.append({QStringLiteral("limit"), QString::number(kPageLimit)});
        if (!cursor.isEmpty())
            pageQuery.append({search ? QStringLiteral("page") : QStringLiteral("starting_after"), cursor});

        QJsonObject json;
        if (!getObject(endpoint(path, pageQuery), status, &json))
            return false;

        const ProviderListPage::Result read = ProviderListPage::read(json, search, page, itemIndex, onItem);
        itemIndex += read.items;
        if (!read.ok) {
            status.failure = ReadFailure::MalformedResponse;
            status.networkError = read.error;
            return false;
        }
        if (!read.hasMore)
            return true;
        cursor = read.nextCursor;
    }
}

void ProviderClient::finishRead(const char* what, ProviderReadStatus& status, qint64 elapsedMs) const
{
    status.elapsedMs = elapsedMs;
    status.networkError = scrub(status.networkError);
    // All provider text, as on the write path (ProviderResponse::fromAnswer): a provider can
    // echo the key in the error type, code or param too (R22).
    status.error.type = scrub(status.error.type);
    status.error.code = scrub(status.error.code);
    status.error.param = scrub(status.error.param);
    status.error.message = scrub(status.error.message);
    const QString line = QStringLiteral("provider read %1: %2 (%3 requests, %4 ms)")
                             .arg(QString::fromLatin1(what), status.describe())
                             .arg(status.requests)
                             .arg(elapsedMs);
    if (status.ok() || status.failure == ReadFailure::Canceled)
        Logging::debug(line);
    else
        Logging::warn(line);
}

RefundReadResult ProviderClient::retrieveRefund(const QString& id)
{
    QElapsedTimer timer;
    timer.start();
    RefundReadResult result;
    QJsonObject json;
    if (getObject(endpoint(QStringLiteral("/v1/refunds/") + QString::fromLatin1(QUrl::toPercentEncoding(id))),
                  result, &json)) {
        QString error;
        result.value = ProviderRefund::fromJson(json, &error);
        if (!result.value) {
            result.failure = ReadFailure::MalformedResponse;
            result.networkError = error;
        }
    }
    finishRead("retrieve refund", result, timer.elapsed());
    return result;
}

RefundListResult ProviderClient::listRefunds(const QString& paymentIntent, const QString& charge)
{
    QElapsedTimer timer;
    timer.start();
    RefundListResult result;
    FormEncoder::Pairs query;
    if (!paymentIntent.isEmpty())
        query.append({QStringLiteral("payment_intent"), paymentIntent});
    if (!charge.isEmpty())
        query.append({QStringLiteral("charge"), charge});
    getAllPages(QStringLiteral("/v1/refunds"), query, false, result,
                [&result](const QJsonObject& item, QString* error) {
                    std::optional<ProviderRefund> refund = ProviderRefund::fromJson(item, error);
                    if (refund)
                        result.value.append(std::move(*refund));
                    return refund.has_value();
                });
    finishRead("list refunds", result, timer.elapsed());
    return result;
}

PaymentIntentReadResult ProviderClient::retrievePaymentIntent(const QString& id)
{
    QElapsedTimer timer;
    timer.start();
    PaymentIntentReadResult result;
    QJsonObject json;
    if (getObject(endpoint(QStringLiteral("/v1/payment_intents/") +
                           QString::fromLatin1(QUrl::toPercentEncoding(id))),
                  result, &json)) {
        QString error;
        result.value = ProviderPaymentIntent::fromJson(json, &error);
        if (!result.value) {
            result.failure = ReadFailure::MalformedResponse;
            result.networkError = error;
        }
    }
    finishRead("retrieve payment intent", result, timer.elapsed());
    return result;
}

PaymentIntentListResult ProviderClient::searchPaymentIntents(const QString& query)
{
    QElapsedTimer timer;
    timer.start();
    PaymentIntentListResult result;
    getAllPages(QStringLiteral("/v1/payment_intents/search"), {{QStringLiteral("query"), query}}, true,
                result, [&result](const QJsonObject& item, QString* error) {
                    std::optional<ProviderPaymentIntent> pi = ProviderPaymentIntent::fromJson(item, error);
                    if (pi)
                        result.value.append(std::move(*pi));
                    return pi.has_value();
                });
    finishRead("search payment intents", result, timer.elapsed());
    return result;
}

EventListResult ProviderClient::listEvents(const QString& type, qint64 createdGteUtcSeconds)
{
    QElapsedTimer timer;
    timer.start();
    EventListResult result;
    FormEncoder::Pairs query;
    if (!type.isEmpty())
        query.append({QStringLiteral("type"), type});
    if (createdGteUtcSeconds > 0)
        query.append({QStringLiteral("created[gte]"), QString::number(createdGteUtcSeconds)});
    getAllPages(QStringLiteral("/v1/events"), query, false, result,
                [&result](const QJsonObject& item, QString* error) {
                    std::optional<ProviderEvent> event = ProviderEvent::fromJson(item, error);
                    if (event)
                        result.value.append(std::move(*event));
                    return event.has_value();
                });
    finishRead("list events", result, timer.elapsed());
    return result;
}

EventPageResult ProviderClient::listEventsPage(const QString& startingAfter, const QString& endingBefore, int limit)
{
    QElapsedTimer timer;
    timer.start();
    EventPageResult result;
    FormEncoder::Pairs query{{QStringLiteral("limit"), QString::number(qBound(1, limit, 100))}};
    if (!startingAfter.isEmpty())
        query.append({QStringLiteral("starting_after"), startingAfter});
    else if (!endingBefore.isEmpty())
        query.append({QStringLiteral("ending_before"), endingBefore});
    QJsonObject json;
    const auto malformed = [&result](const QString& why) {
        result.failure = ReadFailure::MalformedResponse;
        result.networkError = why;
    };
    if (getObject(endpoint(QStringLiteral("/v1/events"), query), result, &json)) {
        const QJsonValue data = json.value(QStringLiteral("data"));
        const QJsonValue hasMore = json.value(QStringLiteral("has_more"));
        if (json.value(QStringLiteral("object")).toString() != QLatin1String("list"))
            malformed(QStringLiteral("object is not \"list\""));
        else if (!data.isArray())
            malformed(QStringLiteral("data is not an array"));
        else if (!hasMore.isBool())
            malformed(QStringLiteral("has_more is not a boolean"));
        else {
            result.value.hasMore = hasMore.toBool();
            const QJsonArray items = data.toArray();
            for (qsizetype i = 0; i < items.size(); ++i) {
                QString error;
                std::optional<ProviderEvent> event = ProviderEvent::fromJson(items.at(i).toObject(), &error);
                if (!items.at(i).isObject() || !event) {
                    malformed(QStringLiteral("data[%1]: %2").arg(i).arg(items.at(i).isObject() ? error : QStringLiteral("not an object")));
                    result.value = {};
                    break;
                }
                result.value.events.append(std::move(*event));
            }
        }
    }
    finishRead("list events page", result, timer.elapsed());
    return result;
}

void ProviderClient::sleepMs(int ms)
{
    if (m_sleeper) {
        m_sleeper(ms);
        return;
    }
    if (ms <= 0 || m_canceled.load())
        return;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    m_sleepLoop = &loop;
    timer.start(ms);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    m_sleepLoop = nullptr;
}
