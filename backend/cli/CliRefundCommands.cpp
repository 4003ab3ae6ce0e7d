#include "cli/CliCommands.h"

#include "Logging.h"
#include "db/SettingsStore.h"
#include "mcp/McpServer.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/RefundMcpTools.h"
#include "mcp/RefundMcpWorker.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QUrl>

#include <csignal>
#include <cstdio>

// refund-tool refund, mcp: the refund tool itself, one call per process or as an MCP server (SPEC section 3, issue 13).
namespace Cli {

QList<Command> refundCommands()
{
    QList<Command> list;

    list << Command{{QStringLiteral("refund")},
                    QStringLiteral("Issue a refund as the agent's tool call: prints one JSON object (SPEC R8). "
                                   "The provider key is read from PROVIDER_API_KEY."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("tool-call-id"), QStringLiteral("The agent's tool-call id (logged, R12)."),
                                     QStringLiteral("id")});
                        p.addOption({QStringLiteral("order"), QStringLiteral("Order id."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("amount-cents"), QStringLiteral("Refund amount in minor units (cents)."),
                                     QStringLiteral("n")});
                        p.addOption({QStringLiteral("request-ref"),
                                     QStringLiteral("The caller's unit of work that asked for this refund (ticket or "
                                                    "conversation id; never the tool-call id). Optional. A refunded "
                                                    "(order, amount, request ref) is never refunded again (R5a)."),
                                     QStringLiteral("ref")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        RefundTool::Request request;
                        if (p.isSet(QStringLiteral("request-ref"))) {
                            request.requestRef = p.value(QStringLiteral("request-ref"));
                            if (request.requestRef.trimmed().isEmpty())
                                throw CliError{2, QStringLiteral("--request-ref: is empty; leave the option out when "
                                                                 "there is no unit of work to name")};
                        }
                        request.toolCallId = checkId(p.value(QStringLiteral("tool-call-id")), QStringLiteral("tool-call-id"));
                        request.orderId = checkId(p.value(QStringLiteral("order")), QStringLiteral("order"));
                        request.amountCents = parseAmountCents(p.value(QStringLiteral("amount-cents")));
                        const QUrl providerUrl = parseProviderUrl(p);
                        const QString key = writeKeyFromEnvironment();
                        auto db = openDatabase(p);
                        ProviderClient provider(providerConfig(*db, providerUrl, key));
                        RefundTool tool(*db, provider);
                        // Test hook: die like a SIGKILL at a named point, to prove a restarted tool resends the same key.
                        const QString crashPoint = qEnvironmentVariable("REFUND_TOOL_CRASH_POINT");
                        if (!crashPoint.isEmpty()) {
                            tool.setCrashHook([crashPoint](const char* point) {
                                if (crashPoint == QLatin1String(point))
                                    std::raise(SIGKILL);
                            });
                        }
                        auto result = tool.call(request);
                        if (!result)
                            fail(result.error());
                        out << QJsonDocument(result.value().toJson()).toJson(QJsonDocument::Compact) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("mcp")},
                    QStringLiteral("Serve the refund tool to an AI agent over the Model Context Protocol (stdio): tools "
                                   "issue_refund and refund_status. The provider key is read from PROVIDER_API_KEY."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("workers"),
                                     QStringLiteral("Tool calls served at once, each with its own database connection "
                                                    "(1-32, default 4)."),
                                     QStringLiteral("n"), QStringLiteral("4")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream&) {
                        const QUrl providerUrl = parseProviderUrl(p);
                        bool ok = false;
                        const int workers = p.value(QStringLiteral("workers")).toInt(&ok);
                        if (!ok || workers < 1 || workers > 32)
                            throw CliError{2, QStringLiteral("--workers: must be a whole number from 1 to 32, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("workers")))};
                        const QString key = writeKeyFromEnvironment();
                        // Configuration problems are exit 2 before the first message, as for `refund`.
                        {
                            auto db = openDatabase(p);
                            if (auto settings = SettingsStore(*db).load(); !settings)
                                fail(settings.error());
                        }
                        RefundMcpWorker::Config config;
                        config.databaseUrl = requireValue(p, QStringLiteral("db"));
                        config.provider.baseUrl = providerUrl;
                        config.provider.apiKey = key;
                        McpToolRegistry registry;
                        RefundMcpTools::addTo(registry);
                        registry.setWorkerFactory([config]() -> std::unique_ptr<McpToolWorker> {
                            QString error;
                            auto worker = RefundMcpWorker::open(config, &error);
                            if (!worker)
                                Logging::error(QStringLiteral("mcp worker: %1").arg(error));
                            return worker;
                        });
                        McpServer::Options options;
                        options.workers = workers;
                        options.serverVersion = QStringLiteral(REFUND_VERSION);
                        options.serverTitle = QStringLiteral("Refund Ops refund tool");
                        options.instructions = RefundMcpTools::serverInstructions();
                        // stdout carries protocol messages only; a client that vanished must not
                        // kill the server while calls finish (their outcome is in the database).
                        std::signal(SIGPIPE, SIG_IGN);
                        McpServer server(registry, [](const QByteArray& m) { McpStdioTransport::writeLine(stdout, m); },
                                         options);
                        Logging::info(QStringLiteral("mcp session %1: serving on stdio with %2 workers")
                                          .arg(server.sessionId())
                                          .arg(workers));
                        McpStdioTransport(server, 0, stdout).run();
                        Logging::info(QStringLiteral("mcp session %1: stdin closed; every call answered").arg(server.sessionId()));
                        return 0;
                    }};

    return list;
}

} // namespace Cli
