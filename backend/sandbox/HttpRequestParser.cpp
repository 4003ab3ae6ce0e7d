#include "sandbox/HttpRequestParser.h"

#include <QList>
#include <QUrl>

namespace {
HttpRequestParser::Result failed(int status, const QByteArray& message)
{
    HttpRequestParser::Result r;
    r.state = HttpRequestParser::State::Error;
    r.errorStatus = status;
    r.errorMessage = message;
    return r;
}
} // namespace

HttpRequestParser::Result HttpRequestParser::parse(const QByteArray& buffer, qsizetype maxHeaderBytes,
                                                   qsizetype maxBodyBytes)
{
    Result result;
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buffer.size() > maxHeaderBytes)
            return failed(413, "Request headers too large");
        return result;
    }
    // The limit holds when the whole head arrives at once too, not only while it is incomplete
    // (a 1,173-byte head passed a 1,024-byte limit in one read; fuzz_http_request's long_header).
    if (headerEnd + 4 > maxHeaderBytes)
        return failed(413, "Request headers too large");
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return failed(400, "Malformed request line");
    HttpRequest& request = result.request;
    request.method = requestLine.at(0).toUpper();
    const QByteArray version = requestLine.at(2);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        request.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    if (request.header("transfer-encoding").toLower().contains("chunked"))
        return failed(411, "Chunked request bodies are not supported; send Content-Length");
    bool ok = true;
    const QByteArray lengthHeader = request.header("content-length");
    const qint64 length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
    if (!ok || length < 0 || length > maxBodyBytes)
        return failed(413, "Invalid or too large Content-Length");
    const qsizetype total = headerEnd + 4 + length;
    if (buffer.size() < total) {
        // Clients such as curl (stripe-php) wait for this before sending a larger body.
        result.expectsContinue = request.header("expect").toLower() == "100-continue";
        return result;
    }
    request.body = buffer.mid(headerEnd + 4, length);
    result.consumed = total;

    const QUrl target = QUrl::fromEncoded(requestLine.at(1));
    request.path = target.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(target.query(QUrl::FullyEncoded));

    const QByteArray connection = request.header("connection").toLower();
    result.closeAfter = version == "HTTP/1.0" ? connection != "keep-alive" : connection == "close";
    result.state = State::Complete;
    return result;
}
