#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

/**
 * Reads typed fields from one Stripe JSON object and remembers the first problem as
 * "<context>.<field>: <reason>" (e.g. "refund.amount: expected an integer, got a string").
 *
 * Stripe's conventions are built in: optional fields may be absent or null (null reads as
 * empty / 0), unknown fields are ignored, integers arrive as JSON numbers and must be
 * integral, "expandable" references are either an id string or an expanded object with
 * an "id". Once an error is recorded, later reads return defaults and ok() stays false.
 */
class JsonFieldReader
{
public:
    JsonFieldReader(const QJsonObject& object, QString context);

    /** Non-empty string; error when absent, null, empty or not a string. */
    QString requiredString(const QString& key);
    /** String, or empty when absent/null; error when another type. */
    QString optionalString(const QString& key);
    /** Integral JSON number within +-2^53; error when absent, null or not integral. */
    qint64 requiredInteger(const QString& key);
    /** As requiredInteger(), but absent/null gives fallback. */
    qint64 optionalInteger(const QString& key, qint64 fallback = 0);
    /** Id string, expanded object's "id", or empty when absent/null. */
    QString expandableId(const QString& key);
    /** Map of string to string, empty when absent/null; a non-string value is an error. */
    QMap<QString, QString> metadata(const QString& key = QStringLiteral("metadata"));
    /** Object value, empty when absent/null (or an error when required). */
    QJsonObject object(const QString& key, bool required);
    /** Requires the "object" field to equal expected (Stripe's type tag). */
    void expectObjectType(const QString& expected);

    /** Records an error at key, unless one is already recorded. */
    void fail(const QString& key, const QString& reason);

    /** Takes over the first error of a reader of a nested object (its context names the
        full path, e.g. "event.request"). */
    void merge(const JsonFieldReader& nested);

    bool ok() const { return m_error.isEmpty(); }
    const QString& error() const { return m_error; }
    /** Copies the error to *error when non-null; returns ok(). */
    bool report(QString* error) const;

    /** "a string", "a number", "an object", ... for error messages. */
    static QString describeType(const QJsonValue& value);

private:
    const QJsonObject& m_object;
    QString m_context;
    QString m_error;
};
