#include "mcp/McpToolOutcome.h"

#include <QJsonArray>
#include <QJsonDocument>

McpToolOutcome McpToolOutcome::result(const QJsonObject& structured)
{
    McpToolOutcome o;
    o.structured = structured;
    return o;
}

McpToolOutcome McpToolOutcome::error(const QString& text)
{
    McpToolOutcome o;
    o.isError = true;
    o.text = text;
    return o;
}

McpToolOutcome McpToolOutcome::invalidParams(const QString& field, const QString& message)
{
    McpToolOutcome o;
    o.kind = Kind::InvalidParams;
    o.field = field;
    o.text = message;
    return o;
}

QJsonObject McpToolOutcome::toCallToolResult() const
{
    // The spec asks a tool with structured output to repeat it as text for clients that read
    // only `content`.
    const QString text =
        isError ? this->text : QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact));
    QJsonObject r{
        {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                           {QStringLiteral("text"), text}}}},
        {QStringLiteral("isError"), isError}};
    if (!isError)
        r.insert(QStringLiteral("structuredContent"), structured);
    return r;
}
