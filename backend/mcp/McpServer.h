#pragma once

#include "mcp/McpToolRegistry.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

/**
 * A Model Context Protocol server (JSON-RPC 2.0, one message per line), transport-free: the
 * caller feeds it lines (handleLine) and it writes each message through the Writer. The stdio
 * transport is McpStdioTransport; tests drive this class directly.
 *
 * Protocol: `initialize` (protocol versions 2025-11-25 and 2025-06-18: the client's version
 * when supported, else the latest), `ping`, `tools/list`, `tools/call`. Notifications (no id)
 * are never answered. Errors are JSON-RPC errors: -32700 parse error (also a line over
 * maxLineBytes), -32600 invalid request (not an object, jsonrpc not "2.0", a batch, a bad id,
 * an id already in flight), -32601 method not found, -32602 invalid params (unknown tool,
 * malformed arguments; nothing is written then).
 *
 * Concurrency: `tools/call` runs on a bounded pool of worker threads, each with its own
 * McpToolWorker (one database connection per worker); every other request is answered at once
 * on the calling thread. Answers may leave in any order (JSON-RPC matches them by id).
 * shutdown() (stdin's end) stops taking calls, lets queued and running calls finish and
 * write their answers, then joins the workers.
 *
 * The tool-call id given to a worker is "mcp-<session id>/<request id as JSON>", so two
 * sessions (or a client restarted with ids from 1 again) never share a tool-call id (R12).
 */
class McpServer
{
public:
    /** Writes one message (compact JSON, no newline inside). Called serialised. */
    using Writer = std::function<void(const QByteArray& message)>;

    struct Options
    {
        int workers = 4;   ///< size of the tools/call pool (1..64)
        QString sessionId; ///< empty: a random one
        QString serverName = QStringLiteral("refund-tool");
        QString serverTitle;
        QString serverVersion = QStringLiteral("0");
        QString instructions; ///< initialize result's instructions (empty: none)
        qsizetype maxLineBytes = 1024 * 1024;
    };

    McpServer(const McpToolRegistry& registry, Writer writer, Options options);
    McpServer(const McpToolRegistry& registry, Writer writer);
    ~McpServer();
    McpServer(const McpServer&) = delete;
    McpServer& operator=(const McpServer&) = delete;

    /** Handles one line (without its newline). Blank lines are ignored. */
    void handleLine(const QByteArray& line);
    /** A line longer than maxLineBytes was dropped by the transport: answers -32700. */
    void handleOversizedLine(qsizetype bytes);
    /** Stops taking calls, waits for queued and running calls to answer, joins the workers. Idempotent. */
    void shutdown();

    QString sessionId() const { return m_sessionId; }
    qsizetype maxLineBytes() const { return m_options.maxLineBytes; }
    /** The tool-call id for a request id (see the class comment). */
    QString toolCallId(const QJsonValue& requestId) const;
    /** Calls queued or running. */
    int callsInFlight() const;
    /** What initialize answers for a requested version: it when supported, else the latest. */
    static QString negotiateVersion(const QString& requested);
    /** Newest first: 2025-11-25, 2025-06-18. */
    static QStringList supportedProtocolVersions();

    // JSON-RPC error codes.
    static constexpr int kParseError = -32700;
    static constexpr int kInvalidRequest = -32600;
    static constexpr int kMethodNotFound = -32601;
    static constexpr int kInvalidParams = -32602;

private:
    struct Job
    {
        QJsonValue id;
        QString tool;
        QJsonObject arguments;
    };

    void send(const QJsonObject& message);
    void sendResult(const QJsonValue& id, const QJsonObject& result);
    void sendError(const QJsonValue& id, int code, const QString& message, const QJsonObject& data = {});
    void handleRequest(const QJsonValue& id, const QString& method, const QJsonValue& params);
    void handleToolCall(const QJsonValue& id, const QJsonValue& params);
    void workerLoop(int index);
    void startWorkers();
    static QString idKey(const QJsonValue& id);

    const McpToolRegistry& m_registry;
    Writer m_writer;
    Options m_options;
    QString m_sessionId;

    std::mutex m_writeMutex;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Job> m_queue;
    QSet<QString> m_inFlightIds; ///< idKey of queued and running calls
    int m_running = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};
