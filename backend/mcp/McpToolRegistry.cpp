#include "mcp/McpToolRegistry.h"

void McpToolRegistry::add(const McpTool& tool, Validator validator)
{
    m_entries.append(Entry{tool, std::move(validator)});
}

QList<McpTool> McpToolRegistry::tools() const
{
    QList<McpTool> out;
    for (const Entry& e : m_entries)
        out << e.tool;
    return out;
}

const McpTool* McpToolRegistry::find(const QString& name) const
{
    for (const Entry& e : m_entries) {
        if (e.tool.name == name)
            return &e.tool;
    }
    return nullptr;
}

std::optional<McpToolOutcome> McpToolRegistry::validate(const QString& name,
                                                        const QJsonObject& arguments) const
{
    for (const Entry& e : m_entries) {
        if (e.tool.name == name)
            return e.validator ? e.validator(arguments) : std::nullopt;
    }
    return McpToolOutcome::invalidParams(QStringLiteral("name"),
                                         QStringLiteral("Unknown tool: %1").arg(name));
}

std::unique_ptr<McpToolWorker> McpToolRegistry::makeWorker() const
{
    return m_factory ? m_factory() : nullptr;
}
