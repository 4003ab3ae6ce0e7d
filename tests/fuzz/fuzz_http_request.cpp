// Fuzzes the sandbox's HTTP/1.1 request parser (HttpRequest::parse, used by HttpConnection):
// any bytes give Incomplete, Complete or an error answer; a complete request respects the
// header and body limits, and the same request is found whether its bytes arrive whole or
// with more behind them (pipelining), never from fewer bytes than it has.
#include "FuzzCheck.h"
#include "sandbox/HttpRequest.h"

namespace {
constexpr qsizetype kMaxHeader = 1024; // smaller than the sandbox's 64 KiB, so inputs reach it
constexpr qsizetype kMaxBody = 2048;

void checkSame(const HttpRequest& a, const HttpRequest& b)
{
    FUZZ_CHECK(a.method == b.method && a.path == b.path && a.headers == b.headers && a.body == b.body &&
                   a.query.query() == b.query.query(),
               QString::fromLatin1(a.method));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray buffer = fuzzBytes(data, size);
    const HttpParseResult r = HttpRequest::parse(buffer, kMaxHeader, kMaxBody);
    switch (r.state) {
    case HttpParseResult::State::Incomplete:
        FUZZ_CHECK(r.consumed == 0, QString::number(r.consumed));
        FUZZ_CHECK(buffer.size() <= kMaxHeader || buffer.contains("\r\n\r\n"),
                   QString::number(buffer.size()));
        return 0;
    case HttpParseResult::State::Error:
        FUZZ_CHECK(r.errorStatus == 400 || r.errorStatus == 411 || r.errorStatus == 413 ||
                       r.errorStatus == 431,
                   QString::number(r.errorStatus));
        FUZZ_CHECK(!r.errorMessage.isEmpty(), QString::number(r.errorStatus));
        return 0;
    case HttpParseResult::State::Complete:
        break;
    }
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    FUZZ_CHECK(r.consumed > 0 && r.consumed <= buffer.size(), QString::number(r.consumed));
    FUZZ_CHECK(headerEnd >= 0 && headerEnd + 4 <= kMaxHeader, QString::number(headerEnd));
    FUZZ_CHECK(r.request.body.size() <= kMaxBody, QString::number(r.request.body.size()));
    FUZZ_CHECK(r.consumed == headerEnd + 4 + r.request.body.size(), QString::number(r.consumed));
    FUZZ_CHECK(r.request.method == r.request.method.toUpper(), QString::fromLatin1(r.request.method));
    for (const auto& header : r.request.headers) {
        FUZZ_CHECK(!header.first.isEmpty() && header.first == header.first.toLower(),
                   QString::fromLatin1(header.first));
        FUZZ_CHECK(header.second == header.second.trimmed(), QString::fromLatin1(header.second));
    }

    // Exactly its own bytes give the same request; one byte fewer is not yet a request.
    const HttpParseResult exact = HttpRequest::parse(buffer.left(r.consumed), kMaxHeader, kMaxBody);
    FUZZ_CHECK(exact.state == HttpParseResult::State::Complete && exact.consumed == r.consumed, QString());
    checkSame(exact.request, r.request);
    FUZZ_CHECK(exact.closeAfter == r.closeAfter, QString());
    const HttpParseResult shorter = HttpRequest::parse(buffer.left(r.consumed - 1), kMaxHeader, kMaxBody);
    FUZZ_CHECK(shorter.state == HttpParseResult::State::Incomplete, QString::number(int(shorter.state)));

    // A pipelined second request is parsed from what is left, like HttpConnection does.
    HttpRequest::parse(buffer.mid(r.consumed), kMaxHeader, kMaxBody);
    return 0;
}
