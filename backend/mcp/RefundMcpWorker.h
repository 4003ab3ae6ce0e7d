#pragma once

#include "db/Database.h"
#include "db/OperationStore.h"
#include "mcp/McpToolWorker.h"
#include "provider/ProviderConfig.h"

#include <memory>

class ProviderClient;
class RefundTool;

/**
 * Runs issue_refund and refund_status (RefundMcpTools) for one McpServer worker thread: its
 * own Database connection, ProviderClient and RefundTool for the worker's life, so a
 * long-running server pays for a connection, its prepared statements and the schema check once.
 *
 * issue_refund is RefundTool::call with the MCP tool-call id (R12); an unknown order or a
 * refused value is InvalidParams (nothing written); a database that cannot be reached before
 * anything was written is an isError result saying nothing was sent. The provider client's
 * deadline follows request_timeout_ms at every call (R20).
 */
class RefundMcpWorker : public McpToolWorker
{
public:
    struct Config
    {
        QString databaseUrl;
        ProviderConfig provider; ///< requestTimeoutMs is replaced by the setting at each call
    };

    /** Opens the worker's connection; null with *error set when it cannot. */
    static std::unique_ptr<RefundMcpWorker> open(const Config& config, QString* error);
    ~RefundMcpWorker() override;

    McpToolOutcome call(const QString& name, const QJsonObject& arguments,
                        const QString& toolCallId) override;

private:
    RefundMcpWorker() = default;
    McpToolOutcome issueRefund(const QJsonObject& arguments, const QString& toolCallId);
    McpToolOutcome refundStatus(const QJsonObject& arguments);
    void reconnectAfter(const StoreError& error);

    std::unique_ptr<Database> m_db;
    std::unique_ptr<ProviderClient> m_provider;
    std::unique_ptr<RefundTool> m_tool;
    std::unique_ptr<OperationStore> m_store;
};
