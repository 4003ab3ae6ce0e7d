// Fuzzes the form encoding both ends of POST /v1/refunds use: FormEncoder (the client) and the
// sandbox's decoder (HttpRequest::formParams). Whatever keys and values the tool sends arrive
// unchanged, in order (the sandbox fingerprints them for R14), and decoding any bytes is safe.
//
// Input: pairs separated by 0x01, key and value by 0x00, each decoded as UTF-8. The whole input
// is also decoded as a raw form body.
#include "FuzzCheck.h"
#include "provider/FormEncoder.h"
#include "sandbox/HttpRequest.h"

namespace {
bool unreservedOrEscape(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '_' || c == '~' || c == '%' || c == '[' || c == ']' || c == '=' || c == '&';
}

QList<QPair<QString, QString>> decode(const QByteArray& body)
{
    HttpRequest request;
    request.body = body;
    return request.formParams();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = fuzzBytes(data, size);

    FormEncoder::Pairs pairs;
    if (!input.isEmpty()) {
        for (const QByteArray& chunk : input.split('\x01')) {
            const qsizetype zero = chunk.indexOf('\0');
            pairs.append({QString::fromUtf8(zero < 0 ? chunk : chunk.left(zero)),
                          zero < 0 ? QString() : QString::fromUtf8(chunk.mid(zero + 1))});
        }
    }
    const QByteArray encoded = FormEncoder::encode(pairs);
    for (const char c : encoded)
        FUZZ_CHECK(unreservedOrEscape(c), QString::fromLatin1(encoded.toPercentEncoding()));
    const QList<QPair<QString, QString>> decoded = decode(encoded);
    // An all-empty pair encodes as "=", which decodes as ("", ""): nothing is lost.
    FUZZ_CHECK(decoded == pairs, QString::fromLatin1(encoded));

    // Any body decodes without harm, and decoding is stable: encode(decode(x)) decodes to decode(x).
    const QList<QPair<QString, QString>> raw = decode(input);
    FUZZ_CHECK(decode(FormEncoder::encode(raw)) == raw, QString::fromLatin1(input.toPercentEncoding()));
    return 0;
}
