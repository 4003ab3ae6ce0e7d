// The MCP protocol layer without a process or a database (issue 13): JSON-RPC framing and
// errors, notifications, version negotiation, the tool-call id (R12), the worker pool and the
// shutdown at the end of stdin with calls in flight. The tools' argument checks are the real
// ones (RefundMcpTools); the worker is a recorder that stands in for the refund tool.
#include "mcp/McpServer.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/RefundMcpTools.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <atomic>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace {

/** Records every call; sleeps delayMs to stand for a provider round trip. */
struct Recorder
{
    std::mutex mutex;
    QStringList toolCallIds;
    QList<QJsonObject> arguments;
    std::atomic<int> running{0};
    std::atomic<int> maxRunning{0};
    int delayMs = 0;
};

class RecordingWorker : public McpToolWorker
{
public:
    explicit RecordingWorker(Recorder& r)
        : m_r(r)
    {
    }
    McpToolOutcome call(const QString& name, const QJsonObject& arguments, const QString& toolCallId) override
    {
        const int now = ++m_r.running;
        int seen = m_r.maxRunning.load();
        while (now > seen && !m_r.maxRunning.compare_exchange_weak(seen, now)) {
        }
        if (m_r.delayMs > 0)
            QThread::msleep(ulong(m_r.delayMs));
        {
            std::lock_guard lock(m_r.mutex);
            m_r.toolCallIds << toolCallId;
            m_r.arguments << arguments;
        }
        --m_r.running;
        if (name == QLatin1String("issue_refund"))
            return McpToolOutcome::result(
                QJsonObject{{QStringLiteral("status"), QStringLiteral("unconfirmed")},
                            {QStringLiteral("operation_id"), QStringLiteral("op_test")}});
        return McpToolOutcome::result(QJsonObject{{QStringLiteral("found"), false}});
    }

private:
    Recorder& m_r;
};

/** A server over an in-memory writer; every message it writes is kept, parsed. */
struct Harness
{
    explicit Harness(int workers = 4, const QString& session = {})
    {
        RefundMcpTools::addTo(registry);
        registry.setWorkerFactory([this] { return std::make_unique<RecordingWorker>(recorder); });
        McpServer::Options o;
        o.workers = workers;
        o.sessionId = session;
        o.maxLineBytes = 4096;
        server = std::make_unique<McpServer>(
            registry,
            [this](const QByteArray& line) {
                std::lock_guard lock(mutex);
                raw << line;
            },
            o);
    }
    QList<QJsonObject> messages()
    {
        std::lock_guard lock(mutex);
        QList<QJsonObject> out;
        for (const QByteArray& l : raw)
            out << QJsonDocument::fromJson(l).object();
        return out;
    }
    QJsonObject only()
    {
        const auto all = messages();
        return all.size() == 1 ? all.first() : QJsonObject{{QStringLiteral("count"), int(all.size())}};
    }
    void send(const QJsonObject& o) { server->handleLine(QJsonDocument(o).toJson(QJsonDocument::Compact)); }
    static QJsonObject request(const QJsonValue& id, const QString& method, const QJsonObject& params = {})
    {
        QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                      {QStringLiteral("id"), id},
                      {QStringLiteral("method"), method}};
        if (!params.isEmpty())
            o.insert(QStringLiteral("params"), params);
        return o;
    }
    static QJsonObject call(const QJsonValue& id, const QString& tool, const QJsonObject& args)
    {
        return request(id, QStringLiteral("tools/call"),
                       QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), args}});
    }

    Recorder recorder;
    McpToolRegistry registry;
    std::unique_ptr<McpServer> server;
    std::mutex mutex;
    QList<QByteArray> raw;
};

int errorCode(const QJsonObject& m)
{
    return m.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}

} // namespace

class TestMcpServer : public QObject
{
    Q_OBJECT

private slots:
    void issue13_parseErrorAnswersMinus32700WithNullId();
    void issue13_invalidRequestsAnswerMinus32600();
    void issue13_unknownMethodAnswersMinus32601();
    void issue13_notificationsAreNeverAnswered();
    void issue13_versionNegotiation_data();
    void issue13_versionNegotiation();
    void issue13_pingAnswersEmptyResult();
    void issue13_toolsListHasSchemasAndAnnotations();
    void r8_malformedArgumentsAreInvalidParamsAndNeverRun_data();
    void r8_malformedArgumentsAreInvalidParamsAndNeverRun();
    void r8_toolResultCarriesStructuredContentAndTheSameText();
    void r12_toolCallIdIsRequestIdScopedBySession();
    void r12_idInFlightTwiceIsRefused();
    void issue13_callsRunConcurrentlyOnABoundedPool();
    void issue13_framingOneMessagePerLine();
    void issue13_stdinEofFinishesInFlightCallsThenReturns();
    void issue13_hugeLineIsDroppedAndTheNextMessageServed();
};

void TestMcpServer::issue13_parseErrorAnswersMinus32700WithNullId()
{
    for (const QByteArray& bad :
         {QByteArray("{"), QByteArray("garbage"), QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,")}) {
        Harness h;
        h.server->handleLine(bad);
        const QJsonObject m = h.only();
        QCOMPARE(errorCode(m), McpServer::kParseError);
        QVERIFY(m.value(QStringLiteral("id")).isNull());
        QCOMPARE(m.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
    }
}

void TestMcpServer::issue13_invalidRequestsAnswerMinus32600()
{
    const QList<QByteArray> bad = {
        R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])",     // a batch
        R"({"id":1,"method":"ping"})",                       // no jsonrpc
        R"({"jsonrpc":"1.0","id":1,"method":"ping"})",       // wrong jsonrpc
        R"({"jsonrpc":"2.0","id":null,"method":"ping"})",    // null id
        R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})",     // fractional id
        R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})", // object id
        R"({"jsonrpc":"2.0","id":"","method":"ping"})",      // empty id
        R"({"jsonrpc":"2.0","id":7,"method":42})",           // method not a string
        R"("just a string")",
    };
    for (const QByteArray& line : bad) {
        Harness h;
        h.server->handleLine(line);
        QVERIFY2(errorCode(h.only()) == McpServer::kInvalidRequest, line.constData());
    }
    Harness h;
    h.server->handleLine(R"({"jsonrpc":"2.0","id":7,"method":42})");
    QCOMPARE(h.only().value(QStringLiteral("id")).toInt(), 7); // answered with the id when it is usable
}

void TestMcpServer::issue13_unknownMethodAnswersMinus32601()
{
    Harness h;
    h.send(Harness::request(3, QStringLiteral("resources/list")));
    const QJsonObject m = h.only();
    QCOMPARE(errorCode(m), McpServer::kMethodNotFound);
    QCOMPARE(m.value(QStringLiteral("id")).toInt(), 3);
}

void TestMcpServer::issue13_notificationsAreNeverAnswered()
{
    Harness h;
    h.server->handleLine(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    h.server->handleLine(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}})");
    h.server->handleLine(R"({"jsonrpc":"2.0","method":"no/such/notification"})");
    h.server->handleLine(
        R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"issue_refund","arguments":{"order_id":"1","amount_cents":5}}})");
    h.server->handleLine(R"({"method":"notifications/initialized"})"); // malformed, still a notification
    h.server->handleLine(R"({"jsonrpc":"2.0","id":9,"result":{}})");   // a response: nothing to answer
    h.server->handleLine("   ");
    h.server->shutdown();
    QCOMPARE(h.messages().size(), 0);
    QCOMPARE(h.recorder.toolCallIds.size(), 0); // a tools/call without id is not run either
}

void TestMcpServer::issue13_versionNegotiation_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("answered");
    QTest::newRow("2025-11-25") << "2025-11-25"
                                << "2025-11-25";
    QTest::newRow("2025-06-18") << "2025-06-18"
                                << "2025-06-18";
    QTest::newRow("older") << "2024-11-05"
                           << "2025-11-25";
    QTest::newRow("future") << "2099-01-01"
                            << "2025-11-25";
}

void TestMcpServer::issue13_versionNegotiation()
{
    QFETCH(QString, requested);
    QFETCH(QString, answered);
    Harness h;
    h.send(Harness::request(1, QStringLiteral("initialize"),
                            QJsonObject{{QStringLiteral("protocolVersion"), requested},
                                        {QStringLiteral("capabilities"), QJsonObject{}},
                                        {QStringLiteral("clientInfo"),
                                         QJsonObject{{QStringLiteral("name"), QStringLiteral("t")},
                                                     {QStringLiteral("version"), QStringLiteral("1")}}}}));
    const QJsonObject r = h.only().value(QStringLiteral("result")).toObject();
    QCOMPARE(r.value(QStringLiteral("protocolVersion")).toString(), answered);
    QVERIFY(r.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("tools")));
    QCOMPARE(r.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("refund-tool"));

    Harness noVersion;
    noVersion.send(Harness::request(2, QStringLiteral("initialize"),
                                    QJsonObject{{QStringLiteral("capabilities"), QJsonObject{}}}));
    QCOMPARE(errorCode(noVersion.only()), McpServer::kInvalidParams);
}

void TestMcpServer::issue13_pingAnswersEmptyResult()
{
    Harness h;
    h.send(Harness::request(QStringLiteral("p-1"), QStringLiteral("ping")));
    const QJsonObject m = h.only();
    QCOMPARE(m.value(QStringLiteral("id")).toString(), QStringLiteral("p-1"));
    QVERIFY(m.value(QStringLiteral("result")).isObject());
    QVERIFY(m.value(QStringLiteral("result")).toObject().isEmpty());
}

void TestMcpServer::issue13_toolsListHasSchemasAndAnnotations()
{
    Harness h;
    h.send(Harness::request(1, QStringLiteral("tools/list")));
    const QJsonArray tools =
        h.only().value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray();
    QCOMPARE(tools.size(), 2);
    QJsonObject issue, status;
    for (const QJsonValue& t : tools)
        (t.toObject().value(QStringLiteral("name")).toString() == QLatin1String("issue_refund") ? issue
                                                                                                : status) =
            t.toObject();
    QCOMPARE(issue.value(QStringLiteral("name")).toString(), QStringLiteral("issue_refund"));
    QCOMPARE(status.value(QStringLiteral("name")).toString(), QStringLiteral("refund_status"));
    const QJsonObject ia = issue.value(QStringLiteral("annotations")).toObject();
    QCOMPARE(ia.value(QStringLiteral("destructiveHint")).toBool(false), true);
    QCOMPARE(ia.value(QStringLiteral("idempotentHint")).toBool(false), true);
    QCOMPARE(ia.value(QStringLiteral("openWorldHint")).toBool(false), true);
    QCOMPARE(status.value(QStringLiteral("annotations"))
                 .toObject()
                 .value(QStringLiteral("readOnlyHint"))
                 .toBool(false),
             true);
    const QJsonObject in = issue.value(QStringLiteral("inputSchema")).toObject();
    QCOMPARE(in.value(QStringLiteral("required")).toArray(),
             (QJsonArray{QStringLiteral("order_id"), QStringLiteral("amount_cents")}));
    QCOMPARE(in.value(QStringLiteral("properties"))
                 .toObject()
                 .value(QStringLiteral("amount_cents"))
                 .toObject()
                 .value(QStringLiteral("type"))
                 .toString(),
             QStringLiteral("integer"));
    const QJsonObject out = issue.value(QStringLiteral("outputSchema")).toObject();
    QCOMPARE(out.value(QStringLiteral("properties"))
                 .toObject()
                 .value(QStringLiteral("status"))
                 .toObject()
                 .value(QStringLiteral("enum"))
                 .toArray()
                 .size(),
             5);
    for (const QString& word :
         {QStringLiteral("same order"), QStringLiteral("unconfirmed"), QStringLiteral("checking"),
          QStringLiteral("Never say the refund succeeded or failed")})
        QVERIFY2(issue.value(QStringLiteral("description")).toString().contains(word), qPrintable(word));
    // Model APIs refuse oneOf/anyOf/allOf at the top of a tool's input schema.
    for (const QJsonObject& t : {issue, status}) {
        for (const char* k : {"oneOf", "anyOf", "allOf"})
            QVERIFY(!t.value(QStringLiteral("inputSchema")).toObject().contains(QLatin1String(k)));
    }
}

void TestMcpServer::r8_malformedArgumentsAreInvalidParamsAndNeverRun_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QByteArray>("arguments");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no order") << "issue_refund" << QByteArray(R"({"amount_cents":100})") << "order_id"
                              << "order_id";
    QTest::newRow("empty order") << "issue_refund" << QByteArray(R"({"order_id":" ","amount_cents":100})")
                                 << "order_id"
                                 << "order_id";
    QTest::newRow("order not string")
        << "issue_refund" << QByteArray(R"({"order_id":4417,"amount_cents":100})") << "order_id"
        << "order_id";
    QTest::newRow("amount string") << "issue_refund"
                                   << QByteArray(R"({"order_id":"4417","amount_cents":"100"})")
                                   << "amount_cents"
                                   << "amount_cents";
    QTest::newRow("amount zero") << "issue_refund" << QByteArray(R"({"order_id":"4417","amount_cents":0})")
                                 << "amount_cents"
                                 << "amount_cents";
    QTest::newRow("amount negative") << "issue_refund"
                                     << QByteArray(R"({"order_id":"4417","amount_cents":-5})")
                                     << "amount_cents"
                                     << "amount_cents";
    QTest::newRow("amount fraction") << "issue_refund"
                                     << QByteArray(R"({"order_id":"4417","amount_cents":10.5})")
                                     << "amount_cents"
                                     << "amount_cents";
    QTest::newRow("amount huge") << "issue_refund"
                                 << QByteArray(R"({"order_id":"4417","amount_cents":1e300})")
                                 << "amount_cents"
                                 << "amount_cents";
    QTest::newRow("ref empty") << "issue_refund"
                               << QByteArray(R"({"order_id":"4417","amount_cents":1,"request_ref":""})")
                               << "request_ref"
                               << "request_ref";
    QTest::newRow("ref control") << "issue_refund"
                                 << QByteArray(
                                        R"({"order_id":"4417","amount_cents":1,"request_ref":"a\u0001"})")
                                 << "request_ref"
                                 << "request_ref";
    QTest::newRow("unknown field") << "issue_refund"
                                   << QByteArray(
                                          R"({"order_id":"4417","amount_cents":1,"idempotency_key":"k"})")
                                   << "idempotency_key"
                                   << "idempotency_key";
    QTest::newRow("status both shapes")
        << "refund_status" << QByteArray(R"({"operation_id":"op_1","order_id":"4417"})") << "order_id"
        << "order_id";
    QTest::newRow("status neither") << "refund_status" << QByteArray(R"({})") << ""
                                    << "operation_id";
    QTest::newRow("status language") << "refund_status"
                                     << QByteArray(R"({"operation_id":"op_1","language":"de"})") << "language"
                                     << "language";
    QTest::newRow("unknown tool") << "create_refund" << QByteArray(R"({})") << "name"
                                  << "create_refund";
}

void TestMcpServer::r8_malformedArgumentsAreInvalidParamsAndNeverRun()
{
    QFETCH(QString, tool);
    QFETCH(QByteArray, arguments);
    QFETCH(QString, field);
    QFETCH(QString, mentions);
    Harness h;
    h.send(Harness::call(11, tool, QJsonDocument::fromJson(arguments).object()));
    h.server->shutdown();
    const QJsonObject m = h.only();
    QCOMPARE(errorCode(m), McpServer::kInvalidParams);
    QCOMPARE(m.value(QStringLiteral("id")).toInt(), 11);
    QCOMPARE(m.value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("data"))
                 .toObject()
                 .value(QStringLiteral("field"))
                 .toString(),
             field);
    QVERIFY(m.value(QStringLiteral("error"))
                .toObject()
                .value(QStringLiteral("message"))
                .toString()
                .contains(mentions));
    QCOMPARE(h.recorder.toolCallIds.size(), 0); // nothing ran, so nothing was written

    Harness notObject; // arguments that are not an object at all
    notObject.server->handleLine(
        R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"issue_refund","arguments":[1]}})");
    QCOMPARE(errorCode(notObject.only()), McpServer::kInvalidParams);
}

void TestMcpServer::r8_toolResultCarriesStructuredContentAndTheSameText()
{
    Harness h;
    h.send(Harness::call(5, QStringLiteral("issue_refund"),
                         QJsonObject{{QStringLiteral("order_id"), QStringLiteral("4417")},
                                     {QStringLiteral("amount_cents"), 3800}}));
    h.server->shutdown();
    const QJsonObject r = h.only().value(QStringLiteral("result")).toObject();
    QCOMPARE(r.value(QStringLiteral("isError")).toBool(true), false);
    const QJsonObject structured = r.value(QStringLiteral("structuredContent")).toObject();
    QCOMPARE(structured.value(QStringLiteral("status")).toString(), QStringLiteral("unconfirmed"));
    const QJsonObject text = r.value(QStringLiteral("content")).toArray().first().toObject();
    QCOMPARE(text.value(QStringLiteral("type")).toString(), QStringLiteral("text"));
    QCOMPARE(QJsonDocument::fromJson(text.value(QStringLiteral("text")).toString().toUtf8()).object(),
             structured);
    QCOMPARE(h.recorder.arguments.first().value(QStringLiteral("amount_cents")).toInt(), 3800);
}

void TestMcpServer::r12_toolCallIdIsRequestIdScopedBySession()
{
    Harness a(2, QStringLiteral("sessionA"));
    Harness b(2, QStringLiteral("sessionB"));
    const QJsonObject args{{QStringLiteral("order_id"), QStringLiteral("4417")},
                           {QStringLiteral("amount_cents"), 100}};
    a.send(Harness::call(1, QStringLiteral("issue_refund"), args));
    a.send(Harness::call(QStringLiteral("1"), QStringLiteral("issue_refund"), args));
    b.send(Harness::call(1, QStringLiteral("issue_refund"), args));
    a.server->shutdown();
    b.server->shutdown();
    QStringList ids = a.recorder.toolCallIds;
    ids.sort();
    QCOMPARE(ids, (QStringList{QStringLiteral("mcp-sessionA/\"1\""), QStringLiteral("mcp-sessionA/1")}));
    QCOMPARE(b.recorder.toolCallIds, QStringList{QStringLiteral("mcp-sessionB/1")});
    // Without a given session id every server makes its own.
    Harness c, d;
    QVERIFY(c.server->sessionId() != d.server->sessionId());
    QVERIFY(c.server->toolCallId(1) != d.server->toolCallId(1));
}

void TestMcpServer::r12_idInFlightTwiceIsRefused()
{
    Harness h(4);
    h.recorder.delayMs = 300;
    const QJsonObject args{{QStringLiteral("order_id"), QStringLiteral("4417")},
                           {QStringLiteral("amount_cents"), 100}};
    h.send(Harness::call(42, QStringLiteral("issue_refund"), args));
    h.send(Harness::call(42, QStringLiteral("issue_refund"), args));
    h.server->shutdown();
    const auto all = h.messages();
    QCOMPARE(all.size(), 2);
    QCOMPARE(errorCode(all.first()), McpServer::kInvalidRequest); // the refusal leaves at once
    QVERIFY(all.last().contains(QStringLiteral("result")));
    QCOMPARE(h.recorder.toolCallIds.size(), 1);
    // Once answered, the id may be used again.
    Harness again(1);
    again.send(Harness::call(42, QStringLiteral("issue_refund"), args));
    QTRY_COMPARE(again.messages().size(), 1);
    again.send(Harness::call(42, QStringLiteral("issue_refund"), args));
    again.server->shutdown();
    QCOMPARE(again.recorder.toolCallIds.size(), 2);
}

void TestMcpServer::issue13_callsRunConcurrentlyOnABoundedPool()
{
    Harness h(4);
    h.recorder.delayMs = 200;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < 8; ++i)
        h.send(Harness::call(i, QStringLiteral("issue_refund"),
                             QJsonObject{{QStringLiteral("order_id"), QStringLiteral("o%1").arg(i)},
                                         {QStringLiteral("amount_cents"), 100}}));
    h.server->shutdown();
    const qint64 ms = t.elapsed();
    QCOMPARE(h.messages().size(), 8);
    QCOMPARE(h.recorder.maxRunning.load(), 4); // concurrent, and never more than the pool
    QVERIFY2(ms < 8 * 200, qPrintable(QString::number(ms)));
    QSet<int> ids;
    for (const QJsonObject& m : h.messages())
        ids.insert(m.value(QStringLiteral("id")).toInt());
    QCOMPARE(ids.size(), 8);
}

void TestMcpServer::issue13_framingOneMessagePerLine()
{
    Harness h;
    // A string with a newline, a tab and a NUL inside: the answer must still be one line.
    h.server->handleLine(QByteArray(R"({"jsonrpc":"2.0","id":"line\nbreak\t\u0000","method":"nope"})"));
    h.server->handleLine(R"(  {"jsonrpc":"2.0","id":2,"method":"ping"}  )"); // surrounding spaces are fine
    std::lock_guard lock(h.mutex);
    QCOMPARE(h.raw.size(), 2);
    for (const QByteArray& line : h.raw) {
        QVERIFY(!line.contains('\n'));
        QVERIFY(!line.contains('\r'));
        QVERIFY(QJsonDocument::fromJson(line).isObject());
    }
}

void TestMcpServer::issue13_stdinEofFinishesInFlightCallsThenReturns()
{
    int in[2], out[2];
    QVERIFY(::pipe(in) == 0);
    QVERIFY(::pipe(out) == 0);
    std::FILE* outFile = ::fdopen(out[1], "w");
    QVERIFY(outFile);
    Recorder rec;
    rec.delayMs = 400;
    McpToolRegistry registry;
    RefundMcpTools::addTo(registry);
    registry.setWorkerFactory([&rec] { return std::make_unique<RecordingWorker>(rec); });
    McpServer::Options o;
    o.workers = 2;
    McpServer server(
        registry, [outFile](const QByteArray& m) { McpStdioTransport::writeLine(outFile, m); }, o);
    std::thread reader([&] { McpStdioTransport(server, in[0], outFile).run(); });

    QByteArray input;
    for (int i = 1; i <= 3; ++i)
        input += QJsonDocument(
                     Harness::call(i, QStringLiteral("issue_refund"),
                                   QJsonObject{{QStringLiteral("order_id"), QStringLiteral("o%1").arg(i)},
                                               {QStringLiteral("amount_cents"), 100}}))
                     .toJson(QJsonDocument::Compact) +
                 '\n';
    // The last message has no newline: the end of input still delivers it.
    input += QJsonDocument(Harness::request(4, QStringLiteral("ping"))).toJson(QJsonDocument::Compact);
    QVERIFY(::write(in[1], input.constData(), size_t(input.size())) == input.size());
    QElapsedTimer t;
    t.start();
    ::close(in[1]); // the client closes stdin while the calls are still running
    reader.join();  // returns only once every accepted call answered
    const qint64 ms = t.elapsed();
    std::fclose(outFile);
    QByteArray written;
    char buf[4096];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;)
        written.append(buf, n);
    ::close(in[0]);
    ::close(out[0]);
    const QList<QByteArray> lines = written.trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QSet<int> ids;
    for (const QByteArray& l : lines)
        ids.insert(QJsonDocument::fromJson(l).object().value(QStringLiteral("id")).toInt());
    QCOMPARE(ids, (QSet<int>{1, 2, 3, 4}));
    QCOMPARE(rec.toolCallIds.size(), 3);
    QVERIFY2(ms >= 400, qPrintable(QString::number(ms))); // it waited for the calls
    QCOMPARE(server.callsInFlight(), 0);
}

void TestMcpServer::issue13_hugeLineIsDroppedAndTheNextMessageServed()
{
    int in[2];
    QVERIFY(::pipe(in) == 0);
    Harness h; // maxLineBytes 4096
    std::thread reader([&] { McpStdioTransport(*h.server, in[0], stdout).run(); });
    QByteArray huge =
        R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":")" + QByteArray(1 << 20, 'x') + "\"}}\n";
    huge += R"({"jsonrpc":"2.0","id":2,"method":"ping"})"
            "\n";
    for (qsizetype off = 0; off < huge.size();) {
        const ssize_t n = ::write(in[1], huge.constData() + off, size_t(huge.size() - off));
        QVERIFY(n > 0);
        off += n;
    }
    ::close(in[1]);
    reader.join();
    ::close(in[0]);
    const auto all = h.messages();
    QCOMPARE(all.size(), 2);
    QCOMPARE(errorCode(all[0]), McpServer::kParseError);
    QVERIFY(all[0].value(QStringLiteral("id")).isNull());
    QCOMPARE(all[1].value(QStringLiteral("id")).toInt(), 2);
    QVERIFY(all[1].contains(QStringLiteral("result")));
}

QTEST_GUILESS_MAIN(TestMcpServer)
#include "TestMcpServer.moc"
