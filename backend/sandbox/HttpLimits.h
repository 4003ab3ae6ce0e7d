#pragma once

#include <QtGlobal>

/**
 * What one HTTP connection may cost the sandbox (sandbox-provider flags of the same names).
 * Without them a client could hold connections forever (idle or dripping headers, slowloris)
 * or make the server buffer without bound while it holds a response (delay fault).
 */
struct HttpLimits
{
    qsizetype maxHeaderBytes = 16 * 1024; ///< request line + headers; larger: 431
    qsizetype maxBodyBytes = 1024 * 1024; ///< Content-Length above this: 413 (before the body is read)
    int idleTimeoutMs = 30000;            ///< no request in progress for this long: the connection is closed
    int headerTimeoutMs = 10000;          ///< first byte of a request to its blank line; else 408
    int bodyTimeoutMs = 30000;            ///< end of the headers to the last body byte; else 408
    int maxConnections = 512;             ///< more at once: answered 503 and closed
    qsizetype maxPendingOutputBytes = 1024 * 1024; ///< unread answers queued; above: no more requests read
};
