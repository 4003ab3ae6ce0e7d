#pragma once

#include "mcp/McpToolOutcome.h"

#include <QJsonObject>
#include <QString>

/**
 * Runs tool calls on one worker thread of McpServer. Created by the registry's factory in
 * the thread that uses it (a Qt SQL connection belongs to the thread that opened it), so one
 * worker holds one database connection for its whole life.
 */
class McpToolWorker
{
public:
    virtual ~McpToolWorker() = default;

    /**
     * Runs tool `name` (already checked by McpToolRegistry::validate) with `arguments`.
     * toolCallId is the client's request id scoped by the server session (R12: logged with
     * the tool call). Never throws.
     */
    virtual McpToolOutcome call(const QString& name, const QJsonObject& arguments,
                                const QString& toolCallId) = 0;
};
