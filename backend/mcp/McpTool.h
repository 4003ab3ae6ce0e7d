#pragma once

#include <QJsonObject>
#include <QString>

/**
 * One tool as `tools/list` describes it (MCP 2025-06-18 / 2025-11-25 `Tool`): name, title,
 * description for the model, JSON Schemas of its arguments and of its structured result, and
 * the behaviour hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint).
 */
struct McpTool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema; ///< empty: the tool declares none
    QJsonObject annotations;

    /** The `Tool` object of a tools/list result. */
    QJsonObject toJson() const;
};
