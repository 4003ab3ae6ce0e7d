#include "sandbox/HttpResponse.h"

#include <QJsonDocument>

HttpResponse HttpResponse::json(int status, const QJsonObject& object)
{
    HttpResponse r;
    r.status = status;
    r.contentType = "application/json";
    r.body = QJsonDocument(object).toJson(QJsonDocument::Indented);
    return r;
}

HttpResponse HttpResponse::stripeError(int status, const QString& type, const QString& code,
                                       const QString& message, const QString& param)
{
    QJsonObject error{{QStringLiteral("type"), type}, {QStringLiteral("message"), message}};
    if (!code.isEmpty())
        error.insert(QStringLiteral("code"), code);
    if (!param.isEmpty())
        error.insert(QStringLiteral("param"), param);
    return json(status, QJsonObject{{QStringLiteral("error"), error}});
}

HttpResponse HttpResponse::storageFailure()
{
    HttpResponse r = stripeError(500, QStringLiteral("api_error"), {}, QStringLiteral("Storage failure."));
    r.storageFailed = true;
    return r;
}

HttpResponse HttpResponse::problem(int status, const QString& type, const QString& title,
                                   const QString& detail)
{
    HttpResponse r = json(status, QJsonObject{{QStringLiteral("type"), type},
                                              {QStringLiteral("title"), title},
                                              {QStringLiteral("status"), status},
                                              {QStringLiteral("detail"), detail}});
    r.contentType = "application/problem+json";
    return r;
}

void HttpResponse::setHeader(const QByteArray& name, const QByteArray& value)
{
    for (auto& h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0) {
            h.second = value;
            return;
        }
    }
    headers.append({name, value});
}

QByteArray HttpResponse::header(const QByteArray& name) const
{
    for (const auto& h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

QByteArray HttpResponse::toWire(bool closeConnection) const
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto& h : headers)
        out += h.first + ": " + h.second + "\r\n";
    out += closeConnection ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    out += "\r\n";
    out += body;
    return out;
}

QByteArray HttpResponse::reasonPhrase(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 402: return "Request Failed";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}
