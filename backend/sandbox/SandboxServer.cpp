#include "sandbox/SandboxServer.h"

#include "Logging.h"

#include "sandbox/WebhookSigner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <memory>

SandboxServer::SandboxServer(SandboxConfig config, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_api(m_store, m_clock)
{
    m_idempotency = std::make_unique<IdempotencyLayer>(m_store, m_clock, m_config.profile,
                                                       qint64(m_config.retentionHours) * 3600 * 1000);
    m_pipeline = std::make_unique<SandboxPipeline>(m_store, m_api, *m_idempotency, m_faults);
    m_webhooks = std::make_unique<WebhookDispatcher>(m_store, m_api, m_config.webhooks);
    connect(&m_tcp, &QTcpServer::newConnection, this, &SandboxServer::onNewConnection);
}

SandboxServer::~SandboxServer() = default;

bool SandboxServer::start(QString* error)
{
    if (!m_config.address.isLoopback()) {
        *error = QStringLiteral("refusing to listen on non-loopback address %1").arg(m_config.address.toString());
        return false;
    }
    if (auto opened = m_store.open(m_config.dbPath); !opened) {
        *error = QStringLiteral("cannot open database %1: %2").arg(m_config.dbPath, opened.error().message);
        return false;
    }
    // The clock's offset is what a test advanced it to (retention expiry, key deadlines): a
    // sandbox that cannot read it would start on another day's clock, so it does not start.
    const auto offset = m_store.clockOffsetMs();
    if (!offset) {
        *error = QStringLiteral("cannot read the clock offset from %1: %2").arg(m_config.dbPath, offset.error().message);
        return false;
    }
    m_clock.setOffsetMs(offset.value());
    if (!m_tcp.listen(m_config.address, m_config.port)) {
        *error = QStringLiteral("cannot listen on %1:%2: %3")
                     .arg(m_config.address.toString())
                     .arg(m_config.port)
                     .arg(m_tcp.errorString());
        return false;
    }
    // Deliveries still pending from before a restart are resumed (at least once).
    m_webhooks->poke();
    return true;
}

quint16 SandboxServer::port() const { return m_tcp.serverPort(); }

QUrl SandboxServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_tcp.serverAddress().toString());
    url.setPort(m_tcp.serverPort());
    return url;
}

void SandboxServer::onNewConnection()
{
    while (QTcpSocket* socket = m_tcp.nextPendingConnection()) {
        auto* connection = new HttpConnection(socket, m_config.http, this);
        connect(connection, &HttpConnection::limitHit, this,
                [this](const QString& reason) { ++m_limitHits[reason]; });
        if (m_openConnections >= m_config.http.maxConnections) {
            // Answered and closed rather than left in the backlog, so the client learns why.
            ++m_refusedConnections;
            connection->refuse("Too many open connections (limit " +
                               QByteArray::number(m_config.http.maxConnections) + ")");
            continue;
        }
        ++m_openConnections;
        ++m_acceptedConnections;
        connect(connection, &QObject::destroyed, this, [this] { --m_openConnections; });
        connect(connection, &HttpConnection::requestReady, this,
                [this, connection](const HttpRequest& request) { handle(connection, request); });
    }
}

SandboxServer::Access SandboxServer::authenticate(const HttpRequest& request) const
{
    const QByteArray auth = request.header("authorization");
    QString key;
    if (auth.startsWith("Bearer ") || auth.startsWith("bearer ")) {
        key = QString::fromUtf8(auth.mid(7).trimmed());
    } else if (auth.startsWith("Basic ") || auth.startsWith("basic ")) {
        // Stripe also accepts the key as the basic-auth user name (curl -u sk_test_...:).
        const QByteArray decoded = QByteArray::fromBase64(auth.mid(6).trimmed());
        key = QString::fromUtf8(decoded.left(decoded.indexOf(':') < 0 ? decoded.size() : decoded.indexOf(':')));
    }
    if (key.isEmpty())
        return Access::None;
    if (key == m_config.secretKey)
        return Access::Secret;
    if (!m_config.readKey.isEmpty() && key == m_config.readKey)
        return Access::ReadOnly;
    return Access::None;
}

void SandboxServer::send(HttpConnection* connection, const HttpRequest& request, HttpResponse response,
                         const QString& requestId)
{
    response.setHeader("Request-Id", requestId.toLatin1());
    Logging::info(QStringLiteral("%1 %2 -> %3 %4%5")
                      .arg(QString::fromLatin1(request.method), request.path)
                      .arg(response.status)
                      .arg(requestId, response.header("Idempotent-Replayed") == "true" ? QStringLiteral(" (replay)")
                                                                                        : QString()));
    if (connection)
        connection->respond(response);
}

QString SandboxServer::routeOf(const HttpRequest& request)
{
    const QStringList parts = request.path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString route = QString::fromLatin1(request.method.left(8)) + QLatin1Char(' ');
    if (parts.size() < 2 || parts.first() != QLatin1String("v1"))
        return route + QStringLiteral("(other)");
    static const QStringList kResources{QStringLiteral("refunds"), QStringLiteral("events"),
                                        QStringLiteral("payment_intents"), QStringLiteral("charges")};
    if (!kResources.contains(parts.at(1)))
        return route + QStringLiteral("/v1/(other)");
    route += QStringLiteral("/v1/") + parts.at(1);
    if (parts.size() >= 3)
        route += parts.at(2) == QLatin1String("search") ? QStringLiteral("/search") : QStringLiteral("/{id}");
    if (parts.size() >= 4)
        route += QStringLiteral("/…");
    return route;
}

void SandboxServer::handle(HttpConnection* connection, const HttpRequest& request)
{
    const QString requestId = StripeApi::newId(QStringLiteral("req_"), 14);
    if (request.path.startsWith(QLatin1String("/_sandbox/"))) {
        handleControl(connection, request, requestId);
        return;
    }
    m_store.incrementCounter(QStringLiteral("requests_total"));
    // Per method and route (no query; ids folded, so a client cannot grow the table): what a
    // reader such as the unknown sweep costs the provider, e.g. "GET /v1/events".
    m_store.incrementKeyedCounter(QStringLiteral("requests_by_path"), routeOf(request));
    if (request.method == "POST" && request.path == QLatin1String("/v1/refunds")) {
        // R12: counted as it arrives, before auth, faults and the idempotency layer, so tests can
        // compare the requests that left the tool with the attempts it logged.
        m_store.incrementCounter(QStringLiteral("refund_posts_total"));
        m_store.incrementKeyedCounter(QStringLiteral("refund_posts"),
                                      QString::fromUtf8(request.header("idempotency-key")));
    }

    const Access access = authenticate(request);
    if (access == Access::None) {
        const bool missing = request.header("authorization").isEmpty();
        send(connection, request,
             HttpResponse::stripeError(401, QStringLiteral("invalid_request_error"), {},
                                       missing ? QStringLiteral("You did not provide an API key. Provide it in the "
                                                                "Authorization header (Bearer auth).")
                                               : QStringLiteral("Invalid API Key provided.")),
             requestId);
        return;
    }
    const StripeApi::Route route = StripeApi::route(request.method, request.path);
    if (route.endpoint == StripeApi::Endpoint::None) {
        send(connection, request,
             HttpResponse::stripeError(404, QStringLiteral("invalid_request_error"), {},
                                       QStringLiteral("Unrecognized request URL (%1: %2).")
                                           .arg(QString::fromLatin1(request.method), request.path)),
             requestId);
        return;
    }
    if (route.write && access == Access::ReadOnly) {
        send(connection, request,
             HttpResponse::stripeError(403, QStringLiteral("invalid_request_error"), QStringLiteral("permission_error"),
                                       QStringLiteral("The provided key does not have the required permissions for "
                                                      "this endpoint (a restricted read-only key).")),
             requestId);
        return;
    }
    auto admission = std::make_shared<SandboxPipeline::Admission>(m_pipeline->admit(request, route, requestId));
    if (admission->answer) {
        send(connection, request, *admission->answer, requestId);
        return;
    }
    QPointer<HttpConnection> conn(connection);
    auto proceed = [this, conn, request, admission]() {
        const SandboxPipeline::Execution done = m_pipeline->run(*admission, request);
        if (done.committedWrite)
            eventsCommitted(request);
        finish(conn, request, done.response, admission->requestId, admission->key);
    };
    if (const auto delay = m_faults.take(request.method, request.path, {FaultKind::Delay})) {
        // A timer, not a sleep: other requests (e.g. a 409 for the same key) keep being served.
        QTimer::singleShot(delay->delayMs, this, proceed);
        return;
    }
    proceed();
}

void SandboxServer::finish(QPointer<HttpConnection> connection, const HttpRequest& request, HttpResponse response,
                           const QString& requestId, const QString& key)
{
    if (!key.isEmpty())
        response.setHeader("Idempotency-Key", key.toUtf8());
    if (m_faults.take(request.method, request.path, {FaultKind::DropAfterCommit})) {
        m_store.incrementCounter(QStringLiteral("dropped_total"));
        Logging::info(QStringLiteral("%1 %2 -> dropped after commit %3")
                          .arg(QString::fromLatin1(request.method), request.path, requestId));
        if (connection)
            connection->drop();
        return;
    }
    send(connection, request, response, requestId);
}

StoreResult<QJsonObject> SandboxServer::stats()
{
    QJsonObject out{{QStringLiteral("requests_total"), 0},
                    {QStringLiteral("replays_total"), 0},
                    {QStringLiteral("conflicts_409_total"), 0},
                    {QStringLiteral("rate_limited_429_total"), 0},
                    {QStringLiteral("idempotency_mismatch_total"), 0},
                    {QStringLiteral("stored_500_total"), 0},
                    {QStringLiteral("dropped_total"), 0},
                    {QStringLiteral("refund_posts_total"), 0}};
    // Tests count refunds here (per logical refund, at the provider): a count that could not be
    // read must fail the request, never read as zero refunds.
    const auto counters = m_store.counters();
    const auto refunds = m_store.refundCount();
    const auto byPaymentIntent = m_store.refundCountsBy(QStringLiteral("payment_intent"));
    const auto byKey = m_store.refundCountsBy(QStringLiteral("idempotency_key"));
    const auto postsByKey = m_store.keyedCounters(QStringLiteral("refund_posts"));
    const auto byPath = m_store.keyedCounters(QStringLiteral("requests_by_path"));
    const auto inProgress = m_store.inProgressKeyCount();
    for (const StoreError* e : {counters ? nullptr : &counters.error(), refunds ? nullptr : &refunds.error(),
                                byPaymentIntent ? nullptr : &byPaymentIntent.error(), byKey ? nullptr : &byKey.error(),
                                postsByKey ? nullptr : &postsByKey.error(), byPath ? nullptr : &byPath.error(),
                                inProgress ? nullptr : &inProgress.error()}) {
        if (e)
            return *e;
    }
    for (auto it = counters.value().begin(); it != counters.value().end(); ++it)
        out.insert(it.key(), it.value());
    out.insert(QStringLiteral("refunds_executed_total"), refunds.value());
    out.insert(QStringLiteral("refunds_by_payment_intent"), byPaymentIntent.value());
    out.insert(QStringLiteral("refunds_by_idempotency_key"), byKey.value());
    out.insert(QStringLiteral("refund_posts_by_idempotency_key"), postsByKey.value());
    out.insert(QStringLiteral("requests_by_path"), byPath.value());
    out.insert(QStringLiteral("in_progress_keys"), inProgress.value());
    out.insert(QStringLiteral("now_ms"), m_clock.nowMs());
    out.insert(QStringLiteral("connections_open"), m_openConnections);
    out.insert(QStringLiteral("connections_refused_total"), m_refusedConnections);
    out.insert(QStringLiteral("connections_accepted_total"), m_acceptedConnections);
    QJsonObject limits;
    for (auto it = m_limitHits.cbegin(); it != m_limitHits.cend(); ++it)
        limits.insert(it.key(), it.value());
    out.insert(QStringLiteral("connection_limits"), limits);
    return out;
}

void SandboxServer::handleControl(HttpConnection* connection, const HttpRequest& request, const QString& requestId)
{
    if (!request.peer.isLoopback()) {
        send(connection, request,
             HttpResponse::stripeError(403, QStringLiteral("invalid_request_error"), {},
                                       QStringLiteral("The control API is available on loopback only.")),
             requestId);
        return;
    }
    QJsonParseError parseError{};
    const QJsonObject body = request.body.isEmpty() ? QJsonObject()
                                                    : QJsonDocument::fromJson(request.body, &parseError).object();
    if (!request.body.isEmpty() && parseError.error != QJsonParseError::NoError) {
        send(connection, request,
             HttpResponse::stripeError(400, QStringLiteral("invalid_request_error"), {},
                                       QStringLiteral("Body must be a JSON object: %1").arg(parseError.errorString())),
             requestId);
        return;
    }
    const QByteArray& method = request.method;
    const QString& path = request.path;
    auto bad = [](const QString& message, const QString& param = {}) {
        return HttpResponse::stripeError(400, QStringLiteral("invalid_request_error"), {}, message, param);
    };
    HttpResponse response;
    if (path == QLatin1String("/_sandbox/payment_intents") && method == "POST") {
        response = m_api.createPaymentIntent(body);
    } else if (path == QLatin1String("/_sandbox/faults") && method == "POST") {
        response = addFault(body);
    } else if (path == QLatin1String("/_sandbox/webhook_endpoints") && method == "POST") {
        response = addWebhookEndpoint(body);
    } else if (path == QLatin1String("/_sandbox/webhook_endpoints") && method == "GET") {
        QJsonArray data;
        const auto endpoints = m_store.webhookEndpoints();
        for (const StoredWebhookEndpoint& e : endpoints.valueOr({})) // the secret is shown once, at creation
            data.append(QJsonObject{{QStringLiteral("id"), e.id},
                                    {QStringLiteral("object"), QStringLiteral("webhook_endpoint")},
                                    {QStringLiteral("url"), e.url},
                                    {QStringLiteral("created"), e.createdMs / 1000}});
        response = endpoints ? HttpResponse::json(200, QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                                                   {QStringLiteral("data"), data}})
                             : HttpResponse::storageFailure();
    } else if (path.startsWith(QLatin1String("/_sandbox/webhook_endpoints/")) && method == "DELETE") {
        const QString id = path.mid(QStringLiteral("/_sandbox/webhook_endpoints/").size());
        const auto found = m_store.deleteWebhookEndpoint(id);
        if (!found)
            response = HttpResponse::storageFailure();
        else if (!found.value())
            response = HttpResponse::stripeError(
                404, QStringLiteral("invalid_request_error"), QStringLiteral("resource_missing"),
                QStringLiteral("No such webhook endpoint: '%1'").arg(id), QStringLiteral("id"));
        else
            response = HttpResponse::json(
                200, QJsonObject{{QStringLiteral("id"), id},
                                 {QStringLiteral("object"), QStringLiteral("webhook_endpoint")},
                                 {QStringLiteral("deleted"), true}});
    } else if (path == QLatin1String("/_sandbox/webhook_deliveries") && method == "GET") {
        response =
            HttpResponse::json(200, QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                                {QStringLiteral("data"), m_webhooks->deliveriesJson()}});
    } else if (path.startsWith(QLatin1String("/_sandbox/refunds/")) &&
               path.endsWith(QLatin1String("/fail")) && method == "POST") {
        const QString id = path.mid(18, path.size() - 18 - 5);
        // The refund, its failure and both events commit together or not at all.
        if (!m_store.transaction()) {
            response = HttpResponse::storageFailure();
        } else {
            response = m_api.failRefund(id, body);
            if (response.status == 200 && m_store.commit().ok()) {
                eventsCommitted(request);
            } else {
                if (response.status == 200)
                    response = HttpResponse::storageFailure();
                m_store.rollback();
                m_api.takeCreatedEvents();
            }
        }
    } else if (path == QLatin1String("/_sandbox/faults") && method == "GET") {
        response = HttpResponse::json(200, QJsonObject{{QStringLiteral("faults"), m_faults.toJson()}});
    } else if (path == QLatin1String("/_sandbox/faults") && method == "DELETE") {
        m_faults.clear();
        response = HttpResponse::json(200, QJsonObject{{QStringLiteral("cleared"), true}});
    } else if (path == QLatin1String("/_sandbox/clock") && (method == "POST" || method == "GET")) {
        if (method == "POST") {
            const QJsonValue advance = body.value(QStringLiteral("advance_seconds"));
            if (!advance.isDouble() || advance.toDouble() < 0) {
                send(connection, request, bad(QStringLiteral("advance_seconds must be a number >= 0."),
                                              QStringLiteral("advance_seconds")),
                     requestId);
                return;
            }
            m_clock.advanceMs(static_cast<qint64>(advance.toDouble() * 1000));
            m_store.setClockOffsetMs(m_clock.offsetMs());
        }
        response = HttpResponse::json(200, QJsonObject{{QStringLiteral("now_ms"), m_clock.nowMs()},
                                                       {QStringLiteral("now"), m_clock.nowSeconds()},
                                                       {QStringLiteral("offset_ms"), m_clock.offsetMs()}});
    } else if (path == QLatin1String("/_sandbox/stats") && method == "GET") {
        const auto counted = stats();
        response = counted ? HttpResponse::json(200, counted.value()) : HttpResponse::storageFailure();
    } else {
        response = HttpResponse::stripeError(404, QStringLiteral("invalid_request_error"), {},
                                             QStringLiteral("Unknown control endpoint %1 %2.")
                                                 .arg(QString::fromLatin1(method), path));
    }
    send(connection, request, response, requestId);
}

HttpResponse SandboxServer::addFault(const QJsonObject& body)
{
    auto bad = [](const QString& message, const QString& param) {
        return HttpResponse::stripeError(400, QStringLiteral("invalid_request_error"), {}, message, param);
    };
    const auto kind = FaultInjector::parseKind(body.value(QStringLiteral("fault")).toString());
    const QString faultMethod = body.value(QStringLiteral("method")).toString().toUpper();
    const QString faultPath = body.value(QStringLiteral("path")).toString();
    const int count = body.value(QStringLiteral("count")).toInt(1);
    const int delayMs = body.value(QStringLiteral("delay_ms")).toInt(0);
    if (!kind)
        return bad(QStringLiteral("fault must be one of %1.").arg(FaultInjector::kindNames()),
                   QStringLiteral("fault"));
    if (faultMethod.isEmpty() || !faultPath.startsWith(QLatin1Char('/')))
        return bad(QStringLiteral("method and path (starting with /) are required."), QStringLiteral("path"));
    if (count < 1)
        return bad(QStringLiteral("count must be >= 1."), QStringLiteral("count"));
    if (delayMs < 0 || ((*kind == FaultKind::Delay || *kind == FaultKind::WebhookDelay) && delayMs == 0))
        return bad(QStringLiteral("%1 needs delay_ms > 0.").arg(FaultInjector::kindName(*kind)),
                   QStringLiteral("delay_ms"));
    const int id = m_faults.add(faultMethod.toLatin1(), faultPath, *kind, count, delayMs);
    return HttpResponse::json(200, QJsonObject{{QStringLiteral("id"), id},
                                               {QStringLiteral("method"), faultMethod},
                                               {QStringLiteral("path"), faultPath},
                                               {QStringLiteral("fault"), FaultInjector::kindName(*kind)},
                                               {QStringLiteral("count"), count},
                                               {QStringLiteral("delay_ms"), delayMs}});
}

HttpResponse SandboxServer::addWebhookEndpoint(const QJsonObject& body)
{
    const QUrl url(body.value(QStringLiteral("url")).toString(), QUrl::StrictMode);
    const QHostAddress host(url.host() == QLatin1String("localhost") ? QStringLiteral("127.0.0.1")
                                                                     : url.host());
    // The sandbox never talks to anything but loopback.
    if (!url.isValid() || url.scheme() != QLatin1String("http") || url.port() < 1 || host.isNull() ||
        !host.isLoopback())
        return HttpResponse::stripeError(
            400, QStringLiteral("invalid_request_error"), QStringLiteral("url_invalid"),
            QStringLiteral("url must be http://127.0.0.1:PORT/path (loopback, with a "
                           "port), got '%1'.")
                .arg(body.value(QStringLiteral("url")).toString()),
            QStringLiteral("url"));
    StoredWebhookEndpoint endpoint;
    endpoint.id = StripeApi::newId(QStringLiteral("we_"));
    endpoint.url = url.toString(QUrl::FullyEncoded);
    endpoint.secret = WebhookSigner::newSecret();
    endpoint.createdMs = Clock::system().nowMs();
    if (!m_store.insertWebhookEndpoint(endpoint))
        return HttpResponse::storageFailure();
    Logging::info(QStringLiteral("webhook endpoint %1 registered for %2").arg(endpoint.id, endpoint.url));
    return HttpResponse::json(200, QJsonObject{{QStringLiteral("id"), endpoint.id},
                                               {QStringLiteral("object"), QStringLiteral("webhook_endpoint")},
                                               {QStringLiteral("url"), endpoint.url},
                                               {QStringLiteral("secret"), endpoint.secret},
                                               {QStringLiteral("status"), QStringLiteral("enabled")},
                                               {QStringLiteral("created"), endpoint.createdMs / 1000}});
}

void SandboxServer::eventsCommitted(const HttpRequest& request)
{
    const QStringList events = m_api.takeCreatedEvents();
    for (const QString& eventId : events) {
        const bool duplicate =
            m_faults.take(request.method, request.path, {FaultKind::WebhookDuplicate}).has_value();
        const auto reorder = m_faults.take(request.method, request.path, {FaultKind::WebhookReorder});
        const auto delay = m_faults.take(request.method, request.path, {FaultKind::WebhookDelay});
        m_webhooks->applyFaults(eventId, duplicate, reorder.has_value(),
                                reorder && reorder->delayMs > 0 ? reorder->delayMs : 5000,
                                delay ? delay->delayMs : 0);
    }
    if (!events.isEmpty())
        m_webhooks->poke();
}
