#pragma once

#include <QByteArray>

#include <cstdio>

class McpServer;

/**
 * The MCP stdio transport: newline-delimited messages on a file descriptor (stdin) in, on a
 * FILE (stdout) out. stdout carries nothing but protocol messages; logs go to stderr.
 *
 * run() reads until end of input, handing each line to the server (a line over the server's
 * limit is dropped up to its newline and answered -32700 without being held in memory), then
 * calls McpServer::shutdown(), which lets in-flight calls finish and answer.
 */
class McpStdioTransport
{
public:
    McpStdioTransport(McpServer& server, int inputFd, std::FILE* output);

    /** Returns when the input ended (EOF or a read error) and every accepted call has answered. */
    void run();
    /** A Writer for McpServer that writes one line to `output` and flushes it. */
    static void writeLine(std::FILE* output, const QByteArray& message);

private:
    McpServer& m_server;
    int m_fd;
    std::FILE* m_output;
};
