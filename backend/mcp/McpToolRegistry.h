#pragma once

#include "mcp/McpTool.h"
#include "mcp/McpToolOutcome.h"
#include "mcp/McpToolWorker.h"

#include <QList>

#include <functional>
#include <memory>
#include <optional>

/**
 * The tools an McpServer offers: their descriptions for `tools/list`, the argument checks
 * that run before a call is queued (pure: no database), and the factory of per-thread
 * workers that run the calls.
 */
class McpToolRegistry
{
public:
    /** Checks a call's arguments; nullopt when they are well-formed, else an InvalidParams outcome. */
    using Validator = std::function<std::optional<McpToolOutcome>(const QJsonObject& arguments)>;
    /** Makes one worker; called once in each worker thread. May return null (then calls answer isError). */
    using WorkerFactory = std::function<std::unique_ptr<McpToolWorker>()>;

    void add(const McpTool& tool, Validator validator);
    void setWorkerFactory(WorkerFactory factory) { m_factory = std::move(factory); }

    QList<McpTool> tools() const;
    const McpTool* find(const QString& name) const;
    /** nullopt when the arguments suit the tool `name` (which must exist). */
    std::optional<McpToolOutcome> validate(const QString& name, const QJsonObject& arguments) const;
    std::unique_ptr<McpToolWorker> makeWorker() const;

private:
    struct Entry
    {
        McpTool tool;
        Validator validator;
    };
    QList<Entry> m_entries;
    WorkerFactory m_factory;
};
