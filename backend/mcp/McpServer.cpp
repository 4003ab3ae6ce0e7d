#include "mcp/McpServer.h"

#include "Logging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUuid>

#include <cmath>

namespace {
const QString kVersionLatest = QStringLiteral("2025-11-25");
const QString kVersion20250618 = QStringLiteral("2025-06-18");
constexpr double kMaxSafeInteger = 9007199254740991.0; // 2^53 - 1: integers a double holds exactly
constexpr int kMaxIdLength = 200;
} // namespace

McpServer::McpServer(const McpToolRegistry& registry, Writer writer)
    : McpServer(registry, std::move(writer), Options())
{
}

McpServer::McpServer(const McpToolRegistry& registry, Writer writer, Options options)
    : m_registry(registry)
    , m_writer(std::move(writer))
    , m_options(std::move(options))
{
    m_options.workers = qBound(1, m_options.workers, 64);
    m_sessionId =
        m_options.sessionId.isEmpty() ? QUuid::createUuid().toString(QUuid::Id128) : m_options.sessionId;
}

McpServer::~McpServer()
{
    shutdown();
}

QStringList McpServer::supportedProtocolVersions()
{
    return {kVersionLatest, kVersion20250618};
}

QString McpServer::negotiateVersion(const QString& requested)
{
    return supportedProtocolVersions().contains(requested) ? requested : kVersionLatest;
}

QString McpServer::idKey(const QJsonValue& id)
{
    // JSON text of the id: the number 1 and the string "1" stay different ids.
    return QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QString McpServer::toolCallId(const QJsonValue& requestId) const
{
    return QStringLiteral("mcp-%1/%2").arg(m_sessionId, idKey(requestId));
}

int McpServer::callsInFlight() const
{
    std::lock_guard lock(m_mutex);
    return int(m_queue.size()) + m_running;
}

void McpServer::send(const QJsonObject& message)
{
    // Compact JSON escapes every control character inside strings, so a message is one line.
    const QByteArray bytes = QJsonDocument(message).toJson(QJsonDocument::Compact);
    std::lock_guard lock(m_writeMutex);
    m_writer(bytes);
}

void McpServer::sendResult(const QJsonValue& id, const QJsonObject& result)
{
    send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                     {QStringLiteral("id"), id},
                     {QStringLiteral("result"), result}});
}

void McpServer::sendError(const QJsonValue& id, int code, const QString& message, const QJsonObject& data)
{
    QJsonObject error{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isEmpty())
        error.insert(QStringLiteral("data"), data);
    send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                     {QStringLiteral("id"), id},
                     {QStringLiteral("error"), error}});
}

void McpServer::handleOversizedLine(qsizetype bytes)
{
    Logging::warn(QStringLiteral("mcp: dropped a message of %1 bytes (limit %2)")
                      .arg(bytes)
                      .arg(m_options.maxLineBytes));
    sendError(QJsonValue::Null, kParseError,
              QStringLiteral("Parse error: message longer than %1 bytes").arg(m_options.maxLineBytes));
}

void McpServer::handleLine(const QByteArray& rawLine)
{
    const QByteArray line = rawLine.trimmed();
    if (line.isEmpty())
        return;
    if (line.size() > m_options.maxLineBytes) {
        handleOversizedLine(line.size());
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt parses only objects and arrays at the top; valid JSON of another kind (a string, a
        // number) is an invalid request, not a parse error.
        if (QJsonDocument::fromJson('[' + line + ']').isArray()) {
            sendError(QJsonValue::Null, kInvalidRequest,
                      QStringLiteral("Invalid Request: a message is a JSON object"));
            return;
        }
        sendError(QJsonValue::Null, kParseError,
                  QStringLiteral("Parse error: %1 at offset %2")
                      .arg(parseError.errorString())
                      .arg(parseError.offset));
        return;
    }
    if (doc.isArray()) {
        // MCP since 2025-06-18 has no JSON-RPC batches.
        sendError(QJsonValue::Null, kInvalidRequest,
                  QStringLiteral("Invalid Request: batches are not supported"));
        return;
    }
    const QJsonObject msg = doc.object();
    const bool hasId = msg.contains(QStringLiteral("id"));
    const QJsonValue id = msg.value(QStringLiteral("id"));
    const QJsonValue method = msg.value(QStringLiteral("method"));
    if (!method.isString()) {
        if (hasId && (msg.contains(QStringLiteral("result")) || msg.contains(QStringLiteral("error"))))
            return; // a response: this server sends no requests, so there is nothing to match it to
        sendError(hasId && (id.isString() || id.isDouble()) ? id : QJsonValue(QJsonValue::Null),
                  kInvalidRequest, QStringLiteral("Invalid Request: method must be a string"));
        return;
    }
    if (!hasId) {
        // A notification is never answered, not even when it is malformed (JSON-RPC 2.0 §4.1).
        Logging::debug(QStringLiteral("mcp: notification %1").arg(method.toString()));
        return;
    }
    const QJsonValue replyId = (id.isString() || id.isDouble()) ? id : QJsonValue(QJsonValue::Null);
    if (msg.value(QStringLiteral("jsonrpc")).toString() != QLatin1String("2.0")) {
        sendError(replyId, kInvalidRequest, QStringLiteral("Invalid Request: jsonrpc must be \"2.0\""));
        return;
    }
    // MCP: a request id is a string or an integer, never null.
    bool idOk = false;
    if (id.isString()) {
        const QString s = id.toString();
        idOk = !s.isEmpty() && s.size() <= kMaxIdLength;
        for (const QChar c : s)
            idOk = idOk && c.category() != QChar::Other_Control;
    } else if (id.isDouble()) {
        const double d = id.toDouble();
        idOk = std::isfinite(d) && std::floor(d) == d && std::fabs(d) <= kMaxSafeInteger;
    }
    if (!idOk) {
        sendError(replyId, kInvalidRequest,
                  QStringLiteral(
                      "Invalid Request: id must be an integer or a non-empty string of at most %1 printable "
                      "characters")
                      .arg(kMaxIdLength));
        return;
    }
    handleRequest(id, method.toString(), msg.value(QStringLiteral("params")));
}

void McpServer::handleRequest(const QJsonValue& id, const QString& method, const QJsonValue& params)
{
    if (!params.isUndefined() && !params.isObject()) {
        sendError(id, kInvalidParams, QStringLiteral("Invalid params: params must be an object"));
        return;
    }
    const QJsonObject p = params.toObject();
    if (method == QLatin1String("initialize")) {
        const QJsonValue requested = p.value(QStringLiteral("protocolVersion"));
        if (!requested.isString()) {
            sendError(id, kInvalidParams, QStringLiteral("Invalid params: protocolVersion must be a string"),
                      QJsonObject{{QStringLiteral("supported"),
                                   QJsonArray::fromStringList(supportedProtocolVersions())}});
            return;
        }
        const QString version = negotiateVersion(requested.toString());
        const QJsonObject client = p.value(QStringLiteral("clientInfo")).toObject();
        Logging::info(QStringLiteral("mcp session %1: client %2 %3 asked for protocol %4, answering %5")
                          .arg(m_sessionId, client.value(QStringLiteral("name")).toString(),
                               client.value(QStringLiteral("version")).toString(), requested.toString(),
                               version));
        QJsonObject info{{QStringLiteral("name"), m_options.serverName},
                         {QStringLiteral("version"), m_options.serverVersion}};
        if (!m_options.serverTitle.isEmpty())
            info.insert(QStringLiteral("title"), m_options.serverTitle);
        QJsonObject result{
            {QStringLiteral("protocolVersion"), version},
            {QStringLiteral("capabilities"),
             QJsonObject{{QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}}}},
            {QStringLiteral("serverInfo"), info}};
        if (!m_options.instructions.isEmpty())
            result.insert(QStringLiteral("instructions"), m_options.instructions);
        sendResult(id, result);
        return;
    }
    if (method == QLatin1String("ping")) {
        sendResult(id, {});
        return;
    }
    if (method == QLatin1String("tools/list")) {
        QJsonArray tools;
        for (const McpTool& t : m_registry.tools())
            tools.append(t.toJson());
        sendResult(id, QJsonObject{{QStringLiteral("tools"), tools}});
        return;
    }
    if (method == QLatin1String("tools/call")) {
        handleToolCall(id, params);
        return;
    }
    sendError(id, kMethodNotFound, QStringLiteral("Method not found: %1").arg(method));
}

void McpServer::handleToolCall(const QJsonValue& id, const QJsonValue& params)
{
    const QJsonObject p = params.toObject();
    const QJsonValue name = p.value(QStringLiteral("name"));
    if (!name.isString()) {
        sendError(id, kInvalidParams, QStringLiteral("Invalid params: name must be a string"),
                  QJsonObject{{QStringLiteral("field"), QStringLiteral("name")}});
        return;
    }
    if (!m_registry.find(name.toString())) {
        sendError(id, kInvalidParams, QStringLiteral("Unknown tool: %1").arg(name.toString()),
                  QJsonObject{{QStringLiteral("field"), QStringLiteral("name")}});
        return;
    }
    const QJsonValue args = p.value(QStringLiteral("arguments"));
    if (!args.isUndefined() && !args.isObject()) {
        sendError(id, kInvalidParams, QStringLiteral("Invalid params: arguments must be an object"),
                  QJsonObject{{QStringLiteral("field"), QStringLiteral("arguments")}});
        return;
    }
    if (auto bad = m_registry.validate(name.toString(), args.toObject())) {
        Logging::warn(QStringLiteral("mcp session %1: %2 %3 refused: %4")
                          .arg(m_sessionId, name.toString(), idKey(id), bad->text));
        sendError(id, kInvalidParams, QStringLiteral("Invalid params: %1").arg(bad->text),
                  QJsonObject{{QStringLiteral("field"), bad->field}});
        return;
    }
    {
        std::unique_lock lock(m_mutex);
        if (m_stopping) {
            lock.unlock();
            sendError(id, kInvalidRequest, QStringLiteral("Invalid Request: the server is shutting down"));
            return;
        }
        const QString key = idKey(id);
        if (m_inFlightIds.contains(key)) {
            // Two calls under one id would be one tool-call id in the log (R12), and the
            // client could not tell the answers apart.
            lock.unlock();
            sendError(id, kInvalidRequest,
                      QStringLiteral("Invalid Request: id %1 is already used by a call in flight").arg(key));
            return;
        }
        m_inFlightIds.insert(key);
        m_queue.push_back(Job{id, name.toString(), args.toObject()});
        if (m_threads.empty())
            startWorkers();
    }
    m_cv.notify_one();
}

void McpServer::startWorkers()
{
    // Under m_mutex. Started with the first call, so a session that only lists tools opens
    // no database connection.
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
}

void McpServer::workerLoop(int index)
{
    std::unique_ptr<McpToolWorker> worker = m_registry.makeWorker();
    if (!worker)
        Logging::error(
            QStringLiteral("mcp worker %1: could not start; its calls answer with an error").arg(index));
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping, and nothing left to answer
            job = std::move(m_queue.front());
            m_queue.pop_front();
            ++m_running;
        }
        const QString callId = toolCallId(job.id);
        McpToolOutcome outcome =
            worker ? worker->call(job.tool, job.arguments, callId)
                   : McpToolOutcome::error(QStringLiteral(
                         "The refund tool could not connect to its operation database; nothing was "
                         "sent. Try again later."));
        if (outcome.kind == McpToolOutcome::Kind::InvalidParams)
            sendError(job.id, kInvalidParams, QStringLiteral("Invalid params: %1").arg(outcome.text),
                      QJsonObject{{QStringLiteral("field"), outcome.field}});
        else
            sendResult(job.id, outcome.toCallToolResult());
        {
            std::lock_guard lock(m_mutex);
            --m_running;
            m_inFlightIds.remove(idKey(job.id));
        }
        m_cv.notify_all();
    }
}

void McpServer::shutdown()
{
    std::vector<std::thread> threads;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
        threads.swap(m_threads);
    }
    m_cv.notify_all();
    // Workers drain the queue before they return: every accepted call is answered.
    for (std::thread& t : threads)
        t.join();
}
