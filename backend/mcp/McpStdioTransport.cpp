#include "mcp/McpStdioTransport.h"

#include "Logging.h"
#include "mcp/McpServer.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

McpStdioTransport::McpStdioTransport(McpServer& server, int inputFd, std::FILE* output)
    : m_server(server)
    , m_fd(inputFd)
    , m_output(output)
{
}

void McpStdioTransport::writeLine(std::FILE* output, const QByteArray& message)
{
    // A client that went away makes this fail (EPIPE, SIGPIPE ignored by the caller); the
    // call's outcome is in the database either way.
    std::fwrite(message.constData(), 1, size_t(message.size()), output);
    std::fputc('\n', output);
    std::fflush(output);
}

void McpStdioTransport::run()
{
    // A line past the server's limit is never held whole: a client cannot grow this process's memory.
    const qsizetype kMaxLine = m_server.maxLineBytes();
    QByteArray line;
    qsizetype dropped = 0; // > 0: inside an oversized line, counting its bytes
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(m_fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n < 0)
                Logging::warn(QStringLiteral("mcp: reading stdin failed: %1")
                                  .arg(QString::fromLocal8Bit(std::strerror(errno))));
            break;
        }
        const char* p = buf;
        const char* end = buf + n;
        while (p < end) {
            const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
            const char* stop = nl ? nl : end;
            if (dropped > 0) {
                dropped += stop - p;
            } else {
                line.append(p, stop - p);
                if (line.size() > kMaxLine) {
                    dropped = line.size();
                    line.clear();
                    line.squeeze();
                }
            }
            if (nl) {
                if (dropped > 0)
                    m_server.handleOversizedLine(dropped);
                else
                    m_server.handleLine(line);
                dropped = 0;
                line.clear();
            }
            p = nl ? nl + 1 : end;
        }
    }
    // A last message without its newline still counts.
    if (dropped > 0)
        m_server.handleOversizedLine(dropped);
    else if (!line.trimmed().isEmpty())
        m_server.handleLine(line);
    m_server.shutdown();
}
