#include "mcp/McpTool.h"

QJsonObject McpTool::toJson() const
{
    QJsonObject o{{QStringLiteral("name"), name},
                  {QStringLiteral("description"), description},
                  {QStringLiteral("inputSchema"), inputSchema}};
    if (!title.isEmpty())
        o.insert(QStringLiteral("title"), title);
    if (!outputSchema.isEmpty())
        o.insert(QStringLiteral("outputSchema"), outputSchema);
    if (!annotations.isEmpty())
        o.insert(QStringLiteral("annotations"), annotations);
    return o;
}
