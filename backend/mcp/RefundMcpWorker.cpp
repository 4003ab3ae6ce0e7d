#include "mcp/RefundMcpWorker.h"

#include "Logging.h"
#include "provider/ProviderClient.h"
#include "review/CustomerMessage.h"
#include "tool/RefundTool.h"

#include <QDateTime>
#include <QTimeZone>

namespace {
QString argField(const QString& storeField)
{
    // StoreError names CLI options; the tool's arguments use underscores.
    if (storeField == QLatin1String("order"))
        return QStringLiteral("order_id");
    QString f = storeField;
    return f.replace(QLatin1Char('-'), QLatin1Char('_'));
}
} // namespace

std::unique_ptr<RefundMcpWorker> RefundMcpWorker::open(const Config& config, QString* error)
{
    QString urlError;
    const auto url = DatabaseUrl::parse(config.databaseUrl, &urlError);
    if (!url) {
        *error = urlError;
        return nullptr;
    }
    auto db = Database::open(*url, QStringLiteral("refund-tool-mcp"));
    if (!db) {
        *error = db.error().message;
        return nullptr;
    }
    std::unique_ptr<RefundMcpWorker> w(new RefundMcpWorker);
    w->m_db = std::move(db).value();
    w->m_provider = std::make_unique<ProviderClient>(config.provider);
    w->m_tool = std::make_unique<RefundTool>(*w->m_db, *w->m_provider);
    w->m_tool->setFollowRequestTimeoutSetting(true);
    w->m_store = std::make_unique<OperationStore>(*w->m_db);
    return w;
}

RefundMcpWorker::~RefundMcpWorker()
{
    // The tool and store refer to the connection: they go first.
    m_tool.reset();
    m_store.reset();
    m_provider.reset();
    m_db.reset();
}

McpToolOutcome RefundMcpWorker::call(const QString& name, const QJsonObject& arguments,
                                     const QString& toolCallId)
{
    if (name == QLatin1String("issue_refund"))
        return issueRefund(arguments, toolCallId);
    if (name == QLatin1String("refund_status"))
        return refundStatus(arguments);
    return McpToolOutcome::invalidParams(QStringLiteral("name"),
                                         QStringLiteral("Unknown tool: %1").arg(name));
}

void RefundMcpWorker::reconnectAfter(const StoreError& error)
{
    if (error.code != StoreError::Code::ConnectionFailed)
        return;
    // The next call on this worker gets a fresh connection (e.g. after a PostgreSQL restart).
    if (auto r = m_db->reconnect(); !r)
        Logging::warn(
            QStringLiteral("mcp: reconnecting to the operation database failed: %1").arg(r.error().message));
}

McpToolOutcome RefundMcpWorker::issueRefund(const QJsonObject& args, const QString& toolCallId)
{
    RefundTool::Request request(toolCallId, args.value(QStringLiteral("order_id")).toString(),
                                qint64(args.value(QStringLiteral("amount_cents")).toDouble()),
                                args.value(QStringLiteral("request_ref")).toString());
    auto result = m_tool->call(request);
    if (!result) {
        const StoreError& e = result.error();
        using C = StoreError::Code;
        if (e.code == C::NotFound || e.code == C::InvalidArgument) {
            const QString field = e.field.isEmpty() ? QStringLiteral("order_id") : argField(e.field);
            QString message = e.message;
            if (e.code == C::NotFound && !message.startsWith(field))
                message = field + QStringLiteral(": ") + message.section(QStringLiteral(": "), -1);
            return McpToolOutcome::invalidParams(field, message);
        }
        Logging::error(QStringLiteral("tool call %1: %2").arg(toolCallId, e.message));
        reconnectAfter(e);
        return McpToolOutcome::error(
            QStringLiteral("The refund tool could not use its operation database (%1). Nothing "
                           "was sent to the payment provider. Call again later.")
                .arg(e.message));
    }
    Logging::info(QStringLiteral("tool call %1: %2").arg(toolCallId, result.value().statusName()));
    return McpToolOutcome::result(result.value().toJson());
}

McpToolOutcome RefundMcpWorker::refundStatus(const QJsonObject& args)
{
    const auto language =
        MessageLanguages::fromCode(args.value(QStringLiteral("language")).toString(QStringLiteral("en")))
            .value_or(MessageLanguage::English);
    std::optional<Operation> op;
    if (args.contains(QStringLiteral("operation_id"))) {
        auto r = m_store->operation(args.value(QStringLiteral("operation_id")).toString());
        if (r)
            op = r.value();
        else if (r.error().code != StoreError::Code::NotFound) {
            reconnectAfter(r.error());
            return McpToolOutcome::error(
                QStringLiteral("The operation database could not be read (%1).").arg(r.error().message));
        }
    } else {
        auto r = m_store->latestOperation(args.value(QStringLiteral("order_id")).toString(),
                                          qint64(args.value(QStringLiteral("amount_cents")).toDouble()),
                                          args.value(QStringLiteral("request_ref")).toString());
        if (!r) {
            reconnectAfter(r.error());
            return McpToolOutcome::error(
                QStringLiteral("The operation database could not be read (%1).").arg(r.error().message));
        }
        op = r.value();
    }
    if (!op)
        return McpToolOutcome::result(
            QJsonObject{{QStringLiteral("found"), false},
                        {QStringLiteral("note"),
                         QStringLiteral("No refund operation matches. This tool has not started a refund for "
                                        "it; issue_refund starts one.")}});
    QJsonObject o{{QStringLiteral("found"), true},
                  {QStringLiteral("operation_id"), op->operationId},
                  {QStringLiteral("status"), statusName(op->status)},
                  {QStringLiteral("order_id"), op->orderId},
                  {QStringLiteral("amount_cents"), op->amountCents},
                  {QStringLiteral("currency"), op->currency},
                  {QStringLiteral("request_ref"), op->requestRef},
                  {QStringLiteral("attempts"), op->attempts},
                  {QStringLiteral("language"), MessageLanguages::code(language)},
                  {QStringLiteral("customer_message"),
                   CustomerMessage::draft(CustomerMessage::Facts::from(*op), language)}};
    if (!op->providerRefundId.isEmpty())
        o.insert(QStringLiteral("refund_id"), op->providerRefundId);
    if (op->keyExpiresAt)
        o.insert(QStringLiteral("key_expires_at"),
                 QDateTime::fromMSecsSinceEpoch(*op->keyExpiresAt, QTimeZone::utc()).toString(Qt::ISODate));
    if (op->status == OperationStatus::Unknown || op->status == OperationStatus::Open)
        o.insert(QStringLiteral("note"), RefundToolResult::checkingNote());
    return McpToolOutcome::result(o);
}
