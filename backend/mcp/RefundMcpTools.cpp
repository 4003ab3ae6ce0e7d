#include "mcp/RefundMcpTools.h"

#include "db/OperationStore.h"

#include <QJsonArray>

#include <cmath>

namespace {

using Outcome = std::optional<McpToolOutcome>;

QJsonObject stringProp(const QString& description, int maxLength)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                       {QStringLiteral("minLength"), 1},
                       {QStringLiteral("maxLength"), maxLength},
                       {QStringLiteral("description"), description}};
}

QJsonObject amountProp()
{
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("integer")},
        {QStringLiteral("minimum"), 1},
        {QStringLiteral("maximum"), double(RefundMcpTools::kMaxAmountCents)},
        {QStringLiteral("description"),
         QStringLiteral("Refund amount in minor units of the order's currency (cents: 3800 = $38.00).")}};
}

const QString kOrderIdText = QStringLiteral("The order to refund, as the shop knows it (e.g. \"4417\").");
const QString kRequestRefText = QStringLiteral("The support ticket or conversation that asked for this "
                                               "refund (e.g. \"ticket-8812\"). Leave it out when there is "
                                               "none. Never a tool-call id and never invented: the same "
                                               "order, amount and request_ref is the same refund.");

Outcome bad(const QString& field, const QString& message)
{
    return McpToolOutcome::invalidParams(field, field + QStringLiteral(": ") + message);
}

Outcome unknownFields(const QJsonObject& args, const QStringList& allowed)
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (!allowed.contains(it.key()))
            return McpToolOutcome::invalidParams(it.key(),
                                                 QStringLiteral("%1: unknown argument (allowed: %2)")
                                                     .arg(it.key(), allowed.join(QStringLiteral(", "))));
    }
    return std::nullopt;
}

Outcome checkId(const QJsonObject& args, const QString& field)
{
    const QJsonValue v = args.value(field);
    if (v.isUndefined())
        return bad(field, QStringLiteral("is required"));
    if (!v.isString())
        return bad(field, QStringLiteral("must be a string"));
    const QString s = v.toString();
    if (s.trimmed().isEmpty())
        return bad(field, QStringLiteral("is empty"));
    if (s.size() > RefundMcpTools::kMaxIdLength)
        return bad(field, QStringLiteral("longer than %1 characters").arg(RefundMcpTools::kMaxIdLength));
    for (const QChar c : s) {
        if (c.category() == QChar::Other_Control)
            return bad(field, QStringLiteral("contains a control character"));
    }
    if (s != s.trimmed())
        return bad(field, QStringLiteral("has leading or trailing spaces"));
    return std::nullopt;
}

Outcome checkAmount(const QJsonObject& args)
{
    const QString field = QStringLiteral("amount_cents");
    const QJsonValue v = args.value(field);
    if (v.isUndefined())
        return bad(field, QStringLiteral("is required"));
    if (!v.isDouble())
        return bad(field, QStringLiteral("must be an integer number of minor units (cents), not a %1")
                              .arg(v.isString() ? QStringLiteral("string") : QStringLiteral("non-number")));
    const double d = v.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d)
        return bad(field, QStringLiteral("must be a whole number of minor units (cents), got %1").arg(d));
    if (d <= 0)
        return bad(field, QStringLiteral("must be greater than zero, got %1").arg(qint64(d)));
    if (d > double(RefundMcpTools::kMaxAmountCents))
        return bad(field, QStringLiteral("is too large (at most %1)").arg(RefundMcpTools::kMaxAmountCents));
    return std::nullopt;
}

Outcome checkRequestRef(const QJsonObject& args)
{
    const QString field = QStringLiteral("request_ref");
    const QJsonValue v = args.value(field);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isString())
        return bad(field, QStringLiteral("must be a string"));
    if (v.toString().isEmpty())
        return bad(field,
                   QStringLiteral("is empty; leave it out when there is no ticket or conversation to name"));
    if (auto e = OperationStore::requestRefError(v.toString()))
        return McpToolOutcome::invalidParams(field, e->message.replace(QLatin1String("request-ref"), field));
    return std::nullopt;
}

Outcome validateIssueRefund(const QJsonObject& args)
{
    if (auto e = unknownFields(args, {QStringLiteral("order_id"), QStringLiteral("amount_cents"),
                                      QStringLiteral("request_ref")}))
        return e;
    if (auto e = checkId(args, QStringLiteral("order_id")))
        return e;
    if (auto e = checkAmount(args))
        return e;
    return checkRequestRef(args);
}

Outcome validateRefundStatus(const QJsonObject& args)
{
    if (auto e = unknownFields(args, {QStringLiteral("operation_id"), QStringLiteral("order_id"),
                                      QStringLiteral("amount_cents"), QStringLiteral("request_ref"),
                                      QStringLiteral("language")}))
        return e;
    const QJsonValue lang = args.value(QStringLiteral("language"));
    if (!lang.isUndefined() &&
        (!lang.isString() ||
         !QStringList{QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("tr")}.contains(
             lang.toString())))
        return bad(QStringLiteral("language"), QStringLiteral("must be \"en\", \"ru\" or \"tr\""));
    if (args.contains(QStringLiteral("operation_id"))) {
        for (const char* other : {"order_id", "amount_cents", "request_ref"}) {
            if (args.contains(QLatin1String(other)))
                return bad(
                    QLatin1String(other),
                    QStringLiteral("give either operation_id, or order_id with amount_cents, not both"));
        }
        return checkId(args, QStringLiteral("operation_id"));
    }
    if (!args.contains(QStringLiteral("order_id")))
        return McpToolOutcome::invalidParams(
            QString(), QStringLiteral("arguments: give operation_id, or order_id with amount_cents"));
    if (auto e = checkId(args, QStringLiteral("order_id")))
        return e;
    if (auto e = checkAmount(args))
        return e;
    return checkRequestRef(args);
}

QJsonObject stringType()
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}};
}

McpTool issueRefundTool()
{
    McpTool t;
    t.name = QStringLiteral("issue_refund");
    t.title = QStringLiteral("Issue a refund");
    t.description = QStringLiteral(
        "Refund an order to the customer, at most once. Calling again with the same order_id and "
        "amount_cents (and "
        "request_ref) continues the same refund with the same idempotency key, so it is safe to call again "
        "when the "
        "customer says \"try again\": it never pays twice. Read `status` and tell the customer only what it "
        "says: "
        "`refunded` = done (give the refund_id); `unconfirmed` = not confirmed yet, call again later with "
        "the same "
        "arguments; `checking` = the outcome is unknown and a person is checking: tell the customer exactly "
        "that, "
        "and that a colleague will reply; `failed` = the provider refused (reason says why); `rejected` = "
        "there is "
        "nothing left to refund. Never say the refund succeeded or failed unless the status says so.");
    t.inputSchema = QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{{QStringLiteral("order_id"), stringProp(kOrderIdText, RefundMcpTools::kMaxIdLength)},
                     {QStringLiteral("amount_cents"), amountProp()},
                     {QStringLiteral("request_ref"),
                      stringProp(kRequestRefText, OperationStore::kMaxRequestRefLength)}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("order_id"), QStringLiteral("amount_cents")}},
        {QStringLiteral("additionalProperties"), false}};
    // R8: exactly the fields RefundToolResult::toJson() writes.
    t.outputSchema = QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{{QStringLiteral("status"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                  {QStringLiteral("enum"),
                                   QJsonArray{QStringLiteral("refunded"), QStringLiteral("unconfirmed"),
                                              QStringLiteral("checking"), QStringLiteral("failed"),
                                              QStringLiteral("rejected")}}}},
                     {QStringLiteral("operation_id"), stringType()},
                     {QStringLiteral("refund_id"), stringType()},
                     {QStringLiteral("note"), stringType()},
                     {QStringLiteral("reason"), stringType()}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("status")}},
        {QStringLiteral("additionalProperties"), false}};
    t.annotations = QJsonObject{{QStringLiteral("title"), t.title},
                                {QStringLiteral("readOnlyHint"), false},
                                {QStringLiteral("destructiveHint"), true},
                                {QStringLiteral("idempotentHint"), true},
                                {QStringLiteral("openWorldHint"), true}};
    return t;
}

McpTool refundStatusTool()
{
    McpTool t;
    t.name = QStringLiteral("refund_status");
    t.title = QStringLiteral("Refund status");
    t.description = QStringLiteral("Read-only: look up a refund and get what to tell the customer. Give "
                                   "either operation_id (from issue_refund), "
                                   "or order_id with amount_cents (and request_ref if the refund had one). "
                                   "Optional language: en (default), ru "
                                   "or tr. Returns the operation's status (open, unknown, refunded, failed) "
                                   "and customer_message, a draft that "
                                   "never claims more than is known: for open or unknown it says a colleague "
                                   "is checking. Sends nothing to the "
                                   "payment provider and changes nothing.");
    t.inputSchema = QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{
             {QStringLiteral("operation_id"),
              stringProp(QStringLiteral("The operation id issue_refund returned (op_...)."),
                         RefundMcpTools::kMaxIdLength)},
             {QStringLiteral("order_id"), stringProp(kOrderIdText, RefundMcpTools::kMaxIdLength)},
             {QStringLiteral("amount_cents"), amountProp()},
             {QStringLiteral("request_ref"),
              stringProp(kRequestRefText, OperationStore::kMaxRequestRefLength)},
             {QStringLiteral("language"),
              QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                          {QStringLiteral("enum"),
                           QJsonArray{QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("tr")}},
                          {QStringLiteral("description"),
                           QStringLiteral("Language of customer_message (default en).")}}}}},
        {QStringLiteral("additionalProperties"), false}};
    t.outputSchema = QJsonObject{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{
             {QStringLiteral("found"), QJsonObject{{QStringLiteral("type"), QStringLiteral("boolean")}}},
             {QStringLiteral("operation_id"), stringType()},
             {QStringLiteral("status"),
              QJsonObject{
                  {QStringLiteral("type"), QStringLiteral("string")},
                  {QStringLiteral("enum"),
                   QJsonArray{QStringLiteral("open"), QStringLiteral("unknown"), QStringLiteral("refunded"),
                              QStringLiteral("failed"), QStringLiteral("reversed")}}}},
             {QStringLiteral("order_id"), stringType()},
             {QStringLiteral("amount_cents"),
              QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}}},
             {QStringLiteral("currency"), stringType()},
             {QStringLiteral("request_ref"), stringType()},
             {QStringLiteral("refund_id"), stringType()},
             {QStringLiteral("attempts"), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}}},
             {QStringLiteral("key_expires_at"), stringType()},
             {QStringLiteral("language"), stringType()},
             {QStringLiteral("customer_message"), stringType()},
             {QStringLiteral("note"), stringType()}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("found")}},
        {QStringLiteral("additionalProperties"), false}};
    t.annotations = QJsonObject{{QStringLiteral("title"), t.title},
                                {QStringLiteral("readOnlyHint"), true},
                                {QStringLiteral("destructiveHint"), false},
                                {QStringLiteral("idempotentHint"), true},
                                {QStringLiteral("openWorldHint"), false}};
    return t;
}

} // namespace

void RefundMcpTools::addTo(McpToolRegistry& registry)
{
    registry.add(issueRefundTool(), validateIssueRefund);
    registry.add(refundStatusTool(), validateRefundStatus);
}

QString RefundMcpTools::serverInstructions()
{
    return QStringLiteral("Refunds through issue_refund are exactly-once per order, amount and request_ref: "
                          "repeat a call rather than "
                          "varying it. Tell the customer only what the returned status says; refund_status "
                          "drafts the message.");
}
