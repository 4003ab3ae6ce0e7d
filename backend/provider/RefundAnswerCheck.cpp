#include "provider/RefundAnswerCheck.h"

#include "provider/JsonFieldReader.h"
#include "provider/ProviderText.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>

namespace {

// Doubles hold every integer up to 2^53 exactly (as in JsonFieldReader); beyond it nothing compares.
constexpr double kMaxExactInteger = 9007199254740992.0;

/** A value as it may appear in a mismatch line: cleaned, at most 40 characters. */
QString shown(const QString& text)
{
    if (text.isEmpty())
        return QStringLiteral("(none)");
    QString out = ProviderText::cleanMessage(text.left(40), 40);
    if (text.size() > 40)
        out += QStringLiteral("... (%1 chars)").arg(text.size());
    return out;
}

/** A string field, or the id of an expanded object; describes anything else. */
QString idOf(const QJsonValue& value, bool* ok)
{
    *ok = true;
    if (value.isString())
        return value.toString();
    if (value.isObject() && value.toObject().value(QStringLiteral("id")).isString())
        return value.toObject().value(QStringLiteral("id")).toString();
    if (value.isNull() || value.isUndefined())
        return QString();
    *ok = false;
    return QString();
}

void compareId(const QJsonObject& json, const QString& key, const QString& expected, QStringList& diffs)
{
    bool ok = false;
    const QString actual = idOf(json.value(key), &ok);
    if (!ok)
        diffs
            << QStringLiteral("%1 is %2, not an id").arg(key, JsonFieldReader::describeType(json.value(key)));
    else if (actual != expected)
        diffs << QStringLiteral("%1 %2 != %3").arg(key, shown(actual), shown(expected));
}

} // namespace

RefundAnswerCheck::Verdict RefundAnswerCheck::check(const QByteArray& body, const RefundCreateParams& p)
{
    Verdict verdict;
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        verdict.mismatch = QStringLiteral("body is not JSON (%1 at offset %2)")
                               .arg(parseError.errorString())
                               .arg(parseError.offset);
        return verdict;
    }
    if (!doc.isObject()) {
        verdict.mismatch = QStringLiteral("body is JSON but not an object");
        return verdict;
    }
    const QJsonObject json = doc.object();
    const QJsonValue object = json.value(QStringLiteral("object"));
    if (object.toString() != QLatin1String("refund")) {
        verdict.mismatch =
            QStringLiteral("object %1 != refund")
                .arg(object.isString() ? shown(object.toString()) : JsonFieldReader::describeType(object));
        return verdict;
    }

    QStringList diffs;
    const QJsonValue id = json.value(QStringLiteral("id"));
    if (!id.isString() || !ProviderText::isToken(id.toString()))
        diffs << QStringLiteral("id %1 is not 1..%2 printable ASCII characters")
                     .arg(id.isString() ? ProviderText::quote(id.toString())
                                        : JsonFieldReader::describeType(id))
                     .arg(ProviderText::kMaxTokenLength);

    const QJsonValue amount = json.value(QStringLiteral("amount"));
    const double number = amount.toDouble(std::nan(""));
    if (!amount.isDouble() || std::trunc(number) != number)
        diffs << QStringLiteral("amount is %1, not an integer").arg(JsonFieldReader::describeType(amount));
    else if (std::fabs(number) > kMaxExactInteger)
        // Converting it to qint64 would be undefined (found by tests/fuzz: "amount": 1.5e38).
        diffs << QStringLiteral("amount %1 is beyond 2^53, not an exact integer").arg(number, 0, 'g', 17);
    else if (qint64(number) != p.amountCents)
        diffs << QStringLiteral("amount %1 != %2").arg(qint64(number)).arg(p.amountCents);

    const QJsonValue currency = json.value(QStringLiteral("currency"));
    if (!currency.isString())
        diffs << QStringLiteral("currency is %1 != %2")
                     .arg(JsonFieldReader::describeType(currency), p.currency);
    else if (currency.toString() != p.currency)
        diffs << QStringLiteral("currency %1 != %2").arg(shown(currency.toString()), shown(p.currency));

    if (!p.paymentIntent.isEmpty())
        compareId(json, QStringLiteral("payment_intent"), p.paymentIntent, diffs);
    if (!p.charge.isEmpty())
        compareId(json, QStringLiteral("charge"), p.charge, diffs);

    const QString expectedOperation = p.metadata.value(QStringLiteral("operation_id"));
    const QJsonValue metadata = json.value(QStringLiteral("metadata"));
    const QJsonValue operation = metadata.toObject().value(QStringLiteral("operation_id"));
    if (!metadata.isObject() && !(metadata.isNull() || metadata.isUndefined()))
        diffs << QStringLiteral("metadata is %1, not an object").arg(JsonFieldReader::describeType(metadata));
    else if (!operation.isString() && !operation.isUndefined() && !operation.isNull())
        diffs << QStringLiteral("metadata.operation_id is %1").arg(JsonFieldReader::describeType(operation));
    else if (operation.toString() != expectedOperation)
        diffs << QStringLiteral("metadata.operation_id %1 != %2")
                     .arg(shown(operation.toString()), shown(expectedOperation));

    const QJsonValue status = json.value(QStringLiteral("status"));
    static const QStringList known{QStringLiteral("succeeded"), QStringLiteral("pending"),
                                   QStringLiteral("failed"), QStringLiteral("canceled")};
    if (!status.isString())
        diffs << QStringLiteral("status is %1, not a string").arg(JsonFieldReader::describeType(status));
    else if (!known.contains(status.toString()))
        diffs << QStringLiteral("status %1 is not succeeded, pending, failed or canceled")
                     .arg(ProviderText::quote(status.toString()));

    const QJsonValue failureReason = json.value(QStringLiteral("failure_reason"));
    if (failureReason.isString()
            ? !failureReason.toString().isEmpty() && !ProviderText::isToken(failureReason.toString())
            : !(failureReason.isNull() || failureReason.isUndefined()))
        diffs << QStringLiteral("failure_reason %1 is not 1..%2 printable ASCII characters")
                     .arg(failureReason.isString() ? ProviderText::quote(failureReason.toString())
                                                   : JsonFieldReader::describeType(failureReason))
                     .arg(ProviderText::kMaxTokenLength);

    if (diffs.isEmpty()) {
        // Everything compared matches; the full parse also requires created and the types.
        QString error;
        verdict.refund = ProviderRefund::fromJson(json, &error);
        if (!verdict.refund)
            diffs << error;
    }
    if (!diffs.isEmpty()) {
        verdict.refund.reset();
        verdict.mismatch = diffs.join(QStringLiteral("; "));
        return verdict;
    }
    const bool definiteFailure = verdict.refund->status == QLatin1String("failed") ||
                                 verdict.refund->status == QLatin1String("canceled");
    verdict.outcome = definiteFailure ? AttemptOutcome::RefundFailed : AttemptOutcome::Succeeded;
    return verdict;
}
