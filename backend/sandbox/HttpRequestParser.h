#pragma once

#include "sandbox/HttpRequest.h"

#include <QByteArray>

/**
 * Parses the first HTTP/1.1 request at the start of a connection's buffer: request line,
 * headers (names lower case, values trimmed), a Content-Length body (no chunked bodies),
 * the path percent-decoded and the query split. The head (request line, headers and the
 * blank line) may have at most maxHeaderBytes, the body at most maxBodyBytes.
 *
 * A pure function of the bytes and the limits, so HttpConnection and the fuzzer run the
 * same code; the connection adds the peer address and does the socket work (100 Continue,
 * error answers, closing).
 */
class HttpRequestParser
{
public:
    enum class State {
        Incomplete, ///< more bytes are needed; nothing consumed
        Complete,   ///< request holds the first request; consumed bytes belong to it
        Error,      ///< the buffer cannot be a valid request: answer errorStatus and close
    };

    struct Result
    {
        State state = State::Incomplete;
        HttpRequest request;          ///< Complete: the request (peer not set)
        qsizetype consumed = 0;       ///< Complete: bytes of the buffer the request used
        bool closeAfter = false;      ///< Complete: the client asked to close after the answer
        bool expectsContinue = false; ///< Incomplete: headers are in, the body is not, and the
                                      ///< client waits for "100 Continue" before sending it
        int errorStatus = 0;          ///< Error: 400, 411 or 413
        QByteArray errorMessage;      ///< Error: one sentence for the answer body
    };

    /** Parses buffer with the given limits (bytes). */
    static Result parse(const QByteArray& buffer, qsizetype maxHeaderBytes, qsizetype maxBodyBytes);
};
