#pragma once

#include <QJsonObject>
#include <QString>

/**
 * What one `tools/call` produced, before it is framed as JSON-RPC.
 *
 *  - a result: structuredContent (matching the tool's outputSchema) with the same JSON as the
 *    text content; isError false for every answer the tool gives by design (every R8 status);
 *    isError true only when the tool could not run (e.g. the operation database is down),
 *    with a text saying so and that nothing was sent.
 *  - invalid params: the arguments are malformed (JSON-RPC error -32602 naming the field);
 *    nothing was written.
 */
struct McpToolOutcome
{
    enum class Kind { Result, InvalidParams };

    Kind kind = Kind::Result;
    QJsonObject structured; ///< Result, isError false: the structuredContent
    bool isError = false;
    QString text;  ///< isError true: the text content; InvalidParams: the message
    QString field; ///< InvalidParams: the argument at fault ("" = the arguments object)

    static McpToolOutcome result(const QJsonObject& structured);
    static McpToolOutcome error(const QString& text);
    static McpToolOutcome invalidParams(const QString& field, const QString& message);

    /** The CallToolResult object (content, structuredContent, isError); Kind::Result only. */
    QJsonObject toCallToolResult() const;
};
