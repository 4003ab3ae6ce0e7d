#include "provider/CurlPost.h"

#include <QElapsedTimer>

#include <curl/curl.h>

#include <memory>
#include <mutex>
#include <utility>

namespace {

/** Collects the answer inside libcurl's callbacks, with the caps enforced there. */
struct Sink
{
    QByteArray body;
    QByteArray requestId;
    QByteArray replayed;
    qint64 headerBytes = 0;
    bool bodyTooLarge = false;
    bool headersTooLarge = false;
};

size_t onBody(char* data, size_t size, size_t count, void* user)
{
    auto* sink = static_cast<Sink*>(user);
    const qint64 n = qint64(size * count);
    if (sink->body.size() + n > CurlPost::kMaxBodyBytes) {
        sink->bodyTooLarge = true;
        return 0; // anything but n: libcurl stops with CURLE_WRITE_ERROR
    }
    sink->body.append(data, n);
    return size_t(n);
}

size_t onHeader(char* data, size_t size, size_t count, void* user)
{
    auto* sink = static_cast<Sink*>(user);
    const qint64 n = qint64(size * count);
    sink->headerBytes += n;
    if (sink->headerBytes > CurlPost::kMaxHeaderBytes) {
        sink->headersTooLarge = true;
        return 0;
    }
    const QByteArray line(data, n);
    if (line.startsWith("HTTP/")) {
        // A new status line (after a 1xx): headers of the earlier answer do not count.
        sink->requestId.clear();
        sink->replayed.clear();
        return size_t(n);
    }
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return size_t(n);
    const QByteArray name = line.left(colon).trimmed().toLower();
    if (name == "request-id")
        sink->requestId = line.mid(colon + 1).trimmed();
    else if (name == "idempotent-replayed")
        sink->replayed = line.mid(colon + 1).trimmed();
    return size_t(n);
}

bool globalInit()
{
    // curl_global_init is not thread-safe and must run once per process.
    static std::once_flag once;
    static CURLcode code = CURLE_FAILED_INIT;
    std::call_once(once, [] { code = curl_global_init(CURL_GLOBAL_DEFAULT); });
    return code == CURLE_OK;
}

struct EasyDeleter
{
    void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};
struct ListDeleter
{
    void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

} // namespace

CurlPost::CurlPost(QUrl url, int timeoutMs)
    : m_url(std::move(url))
    , m_timeoutMs(timeoutMs)
{
}

void CurlPost::addHeader(const QByteArray& name, const QByteArray& value)
{
    // A CR or LF would let a value add header lines of its own.
    if (name.contains('\r') || name.contains('\n') || value.contains('\r') || value.contains('\n'))
        return;
    m_headers.append({name, value});
}

CurlPost::Result CurlPost::post(const QByteArray& body) const
{
    Result result;
    QElapsedTimer timer;
    timer.start();
    const auto fail = [&result, &timer](Failure failure, const QString& error) {
        result.failure = failure;
        result.error = error;
        result.elapsedMs = timer.elapsed();
        return result;
    };
    if (!globalInit())
        return fail(Failure::NotSent, QStringLiteral("libcurl could not be initialised"));
    std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
    if (!easy)
        return fail(Failure::NotSent, QStringLiteral("libcurl could not create a handle"));

    std::unique_ptr<curl_slist, ListDeleter> headers;
    const auto append = [&headers](const QByteArray& line) {
        curl_slist* grown = curl_slist_append(headers.get(), line.constData());
        if (grown) {
            (void)headers.release();
            headers.reset(grown);
        }
        return grown != nullptr;
    };
    bool headersOk = append(QByteArrayLiteral("Expect:")); // no 100-continue round trip
    for (const auto& [name, value] : m_headers)
        headersOk = headersOk && append(name + ": " + value);
    if (!headersOk)
        return fail(Failure::NotSent, QStringLiteral("out of memory building the request headers"));

    Sink sink;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    const QByteArray url = m_url.toEncoded();
    CURL* h = easy.get();
    curl_easy_setopt(h, CURLOPT_URL, url.constData());
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
    curl_easy_setopt(h, CURLOPT_PROXY, ""); // like Qt's default: no proxy from http_proxy & co.
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_FRESH_CONNECT, 1L);
    curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, long(qMax(1, m_timeoutMs)));
    curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(kMaxBodyBytes)); // early stop on Content-Length
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, body.constData());
    curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.size()));
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &onBody);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &sink);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, &sink);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errorBuffer);

    const CURLcode code = curl_easy_perform(h);
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    result.httpStatus = int(status);
    result.body = std::move(sink.body);
    result.requestId = std::move(sink.requestId);
    result.idempotentReplayed = std::move(sink.replayed);
    result.elapsedMs = timer.elapsed();

    // The error buffer names hosts and ports, never header values.
    const QString detail = QString::fromLatin1(errorBuffer[0] ? errorBuffer : curl_easy_strerror(code));
    switch (code) {
    case CURLE_OK:
        return result;
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        result.failure = Failure::NotSent;
        result.error = detail; // e.g. "Failed to connect to 127.0.0.1 port 9 ...: Couldn't connect to server"
        return result;
    case CURLE_OPERATION_TIMEDOUT:
        result.failure = Failure::TimedOut;
        result.error = QStringLiteral("no complete answer within %1 ms (deadline of the whole exchange)")
                           .arg(m_timeoutMs);
        return result;
    case CURLE_FILESIZE_EXCEEDED:
        result.failure = Failure::BodyTooLarge;
        break;
    case CURLE_WRITE_ERROR:
        result.failure = sink.headersTooLarge ? Failure::HeadersTooLarge
                         : sink.bodyTooLarge  ? Failure::BodyTooLarge
                                              : Failure::Transport;
        break;
    default:
        result.failure = Failure::Transport;
        break;
    }
    if (result.failure == Failure::BodyTooLarge)
        result.error = QStringLiteral("answer body over 1 MiB; cut off");
    else if (result.failure == Failure::HeadersTooLarge)
        result.error = QStringLiteral("answer headers over %1 KiB; cut off").arg(kMaxHeaderBytes / 1024);
    else
        result.error = QStringLiteral("no complete answer: %1").arg(detail);
    return result;
}
