# The refund tool as a Model Context Protocol server (issue 13): protocol, stdio transport, tools.
target_sources(refund_backend PRIVATE
    mcp/McpServer.h mcp/McpServer.cpp
    mcp/McpStdioTransport.h mcp/McpStdioTransport.cpp
    mcp/McpTool.h mcp/McpTool.cpp
    mcp/McpToolOutcome.h mcp/McpToolOutcome.cpp
    mcp/McpToolRegistry.h mcp/McpToolRegistry.cpp
    mcp/McpToolWorker.h
    mcp/RefundMcpTools.h mcp/RefundMcpTools.cpp
    mcp/RefundMcpWorker.h mcp/RefundMcpWorker.cpp)
