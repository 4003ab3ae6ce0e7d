#include "sandbox/HttpRequest.h"

#include <QUrl>

bool HttpRequest::hasHeader(const QByteArray& name) const
{
    const QByteArray lower = name.toLower();
    for (const auto& h : headers) {
        if (h.first == lower)
            return true;
    }
    return false;
}

QByteArray HttpRequest::header(const QByteArray& name) const
{
    const QByteArray lower = name.toLower();
    for (const auto& h : headers) {
        if (h.first == lower)
            return h.second;
    }
    return {};
}

QList<QPair<QString, QString>> HttpRequest::formParams() const
{
    return decodeForm(body);
}

QList<QPair<QString, QString>> HttpRequest::decodeForm(const QByteArray& encoded)
{
    QList<QPair<QString, QString>> out;
    const QList<QByteArray> pairs = encoded.split('&');
    for (const QByteArray& pair : pairs) {
        if (pair.isEmpty())
            continue;
        const qsizetype eq = pair.indexOf('=');
        QByteArray key = eq < 0 ? pair : pair.left(eq);
        QByteArray value = eq < 0 ? QByteArray() : pair.mid(eq + 1);
        // '+' means space in form encoding; QByteArray::fromPercentEncoding does not know that.
        key.replace('+', ' ');
        value.replace('+', ' ');
        out.append({QString::fromUtf8(QByteArray::fromPercentEncoding(key)),
                    QString::fromUtf8(QByteArray::fromPercentEncoding(value))});
    }
    return out;
}

HttpParseResult HttpRequest::parse(const QByteArray& buffer, qsizetype maxHeaderBytes, qsizetype maxBodyBytes)
{
    HttpParseResult out;
    const auto error = [&out](int status, const QByteArray& message) {
        out.state = HttpParseResult::State::Error;
        out.errorStatus = status;
        out.errorMessage = message;
        return out;
    };
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0 || headerEnd + 4 > maxHeaderBytes) {
        if (buffer.size() > maxHeaderBytes || headerEnd >= 0)
            return error(431, "Request header fields too large");
        return out;
    }
    out.headersComplete = true;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return error(400, "Malformed request line");
    HttpRequest& request = out.request;
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
        return error(411, "Chunked request bodies are not supported; send Content-Length");
    bool ok = true;
    const QByteArray lengthHeader = request.header("content-length");
    const qint64 length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
    if (!ok || length < 0)
        return error(400, "Invalid Content-Length");
    if (length > maxBodyBytes)
        return error(413, "Request body larger than " + QByteArray::number(maxBodyBytes) + " bytes");
    request.target = requestLine.at(1);
    const QUrl target = QUrl::fromEncoded(requestLine.at(1));
    request.path = target.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(target.query(QUrl::FullyEncoded));
    const QByteArray connection = request.header("connection").toLower();
    out.closeAfter = version == "HTTP/1.0" ? connection != "keep-alive" : connection == "close";
    const qsizetype total = headerEnd + 4 + length;
    if (buffer.size() < total) {
        out.expectContinue = request.header("expect").toLower() == "100-continue";
        return out;
    }
    request.body = buffer.mid(headerEnd + 4, length);
    out.consumed = total;
    out.state = HttpParseResult::State::Complete;
    return out;
}
