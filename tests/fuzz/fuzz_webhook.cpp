// Fuzzes the webhook's two pure gates (R25, R24): WebhookSignature::verify, which decides whether
// a body came from the provider, and WebhookEventParser::parse, which reads the event from it.
// A header is accepted only with a v1 signature of exactly this body and a fresh timestamp; the
// reason never shows the secret; a parsed event names a refund only when data.object is one.
//
// Input: the Stripe-Signature header up to the first '\n', the body after it.
#include "FuzzCheck.h"
#include "reconcile/WebhookEventParser.h"
#include "reconcile/WebhookSignature.h"

namespace {
const QByteArray kSecret = QByteArrayLiteral("whsec_fuzz_3b1f0c9e7a5d");
constexpr qint64 kNow = 1764600000; // 2025-12-01T14:40:00Z
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = fuzzBytes(data, size);
    const qsizetype nl = input.indexOf('\n');
    const QByteArray header = nl < 0 ? input : input.left(nl);
    const QByteArray body = nl < 0 ? QByteArray() : input.mid(nl + 1);

    const WebhookSignature::Result r = WebhookSignature::verify(header, body, kSecret, kNow);
    FUZZ_CHECK(!r.reason.contains(QString::fromLatin1(kSecret)), r.reason);
    if (r.ok()) {
        FUZZ_CHECK(qAbs(kNow - r.timestamp) <= WebhookSignature::kDefaultToleranceSeconds,
                   QString::number(r.timestamp));
        FUZZ_CHECK(header.toLower().contains("v1=" +
                                             WebhookSignature::expectedSignature(body, kSecret, r.timestamp)),
                   QString::fromLatin1(header));
        // The same header never vouches for another body or under another secret.
        FUZZ_CHECK(!WebhookSignature::verify(header, body + 'x', kSecret, kNow).ok(),
                   QString::fromLatin1(header));
        FUZZ_CHECK(!WebhookSignature::verify(header, body, kSecret + 'x', kNow).ok(),
                   QString::fromLatin1(header));
    }
    FUZZ_CHECK(!WebhookSignature::verify(header, body, QByteArray(), kNow).ok(), QString::fromLatin1(header));

    // What the provider signs is accepted: sign() and verify() agree for any body and time.
    const qint64 t = kNow - qint64(size % 600) + 300;
    const QByteArray signedHeader = WebhookSignature::sign(body, kSecret, t);
    const WebhookSignature::Result own = WebhookSignature::verify(signedHeader, body, kSecret, kNow);
    FUZZ_CHECK(own.ok() && own.timestamp == t, own.reason);
    FUZZ_CHECK(WebhookSignature::constantTimeEquals(header, body) == (header == body), QString());

    QString error;
    const std::optional<ProviderEvent> event = WebhookEventParser::parse(body, &error);
    FUZZ_CHECK(event.has_value() == error.isEmpty(), error);
    if (event) {
        const QString refundId = WebhookEventParser::refundId(*event);
        if (!refundId.isEmpty())
            FUZZ_CHECK(event->dataObject.value(QStringLiteral("object")).toString() ==
                               QLatin1String("refund") &&
                           event->dataObject.value(QStringLiteral("id")).toString() == refundId,
                       refundId);
        WebhookEventParser::isRefundEvent(event->type);
    } else {
        FUZZ_CHECK(body.size() > WebhookEventParser::kMaxBodyBytes ||
                       error.startsWith(QLatin1String("body")) || error.startsWith(QLatin1String("event.")),
                   error);
    }
    return 0;
}
