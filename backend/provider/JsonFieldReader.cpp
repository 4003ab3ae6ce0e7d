#include "provider/JsonFieldReader.h"

#include <QJsonValue>

#include <cmath>
#include <utility>

namespace {
// Doubles represent every integer up to 2^53 exactly; beyond it "integral" means nothing.
constexpr double kMaxExactInteger = 9007199254740992.0;
} // namespace

JsonFieldReader::JsonFieldReader(const QJsonObject& object, QString context)
    : m_object(object)
    , m_context(std::move(context))
{
}

void JsonFieldReader::fail(const QString& key, const QString& reason)
{
    if (m_error.isEmpty())
        m_error = QStringLiteral("%1.%2: %3").arg(m_context, key, reason);
}

void JsonFieldReader::merge(const JsonFieldReader& nested)
{
    if (m_error.isEmpty())
        m_error = nested.m_error;
}

bool JsonFieldReader::report(QString* error) const
{
    if (error && !ok())
        *error = m_error;
    return ok();
}

QString JsonFieldReader::describeType(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("missing");
}

QString JsonFieldReader::requiredString(const QString& key)
{
    if (!ok())
        return QString();
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull()) {
        fail(key, QStringLiteral("missing"));
        return QString();
    }
    if (!v.isString()) {
        fail(key, QStringLiteral("expected a string, got %1").arg(describeType(v)));
        return QString();
    }
    if (v.toString().isEmpty())
        fail(key, QStringLiteral("empty"));
    return v.toString();
}

QString JsonFieldReader::optionalString(const QString& key)
{
    if (!ok())
        return QString();
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        return QString();
    if (!v.isString()) {
        fail(key, QStringLiteral("expected a string or null, got %1").arg(describeType(v)));
        return QString();
    }
    return v.toString();
}

qint64 JsonFieldReader::requiredInteger(const QString& key)
{
    if (!ok())
        return 0;
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull()) {
        fail(key, QStringLiteral("missing"));
        return 0;
    }
    if (!v.isDouble()) {
        fail(key, QStringLiteral("expected an integer, got %1").arg(describeType(v)));
        return 0;
    }
    const double d = v.toDouble();
    if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) > kMaxExactInteger) {
        fail(key, QStringLiteral("expected an integer, got %1").arg(d, 0, 'g', 17));
        return 0;
    }
    // toInteger() is exact for values Qt stored as integers; toDouble() could round them.
    return v.toInteger(static_cast<qint64>(d));
}

qint64 JsonFieldReader::optionalInteger(const QString& key, qint64 fallback)
{
    if (!ok())
        return fallback;
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    return requiredInteger(key);
}

QString JsonFieldReader::expandableId(const QString& key)
{
    if (!ok())
        return QString();
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        return QString();
    if (v.isString())
        return v.toString();
    if (v.isObject()) {
        const QJsonValue id = v.toObject().value(QStringLiteral("id"));
        if (id.isString() && !id.toString().isEmpty())
            return id.toString();
        fail(key, QStringLiteral("expanded object without a string \"id\""));
        return QString();
    }
    fail(key, QStringLiteral("expected an id string, an object or null, got %1").arg(describeType(v)));
    return QString();
}

QMap<QString, QString> JsonFieldReader::metadata(const QString& key)
{
    QMap<QString, QString> out;
    if (!ok())
        return out;
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        return out;
    if (!v.isObject()) {
        fail(key, QStringLiteral("expected an object or null, got %1").arg(describeType(v)));
        return out;
    }
    const QJsonObject map = v.toObject();
    for (auto it = map.constBegin(); it != map.constEnd(); ++it) {
        // Stripe metadata values are always strings; anything else means we are not
        // reading what we think we are, and R11 matching must not guess.
        if (!it.value().isString()) {
            fail(key + QLatin1Char('.') + it.key(),
                 QStringLiteral("expected a string, got %1").arg(describeType(it.value())));
            return {};
        }
        out.insert(it.key(), it.value().toString());
    }
    return out;
}

QJsonObject JsonFieldReader::object(const QString& key, bool required)
{
    if (!ok())
        return {};
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, QStringLiteral("missing"));
        return {};
    }
    if (!v.isObject()) {
        fail(key, QStringLiteral("expected an object, got %1").arg(describeType(v)));
        return {};
    }
    return v.toObject();
}

void JsonFieldReader::expectObjectType(const QString& expected)
{
    if (!ok())
        return;
    const QJsonValue v = m_object.value(QStringLiteral("object"));
    if (v.isString() && v.toString() == expected)
        return;
    if (v.isString())
        fail(QStringLiteral("object"),
             QStringLiteral("expected \"%1\", got \"%2\"").arg(expected, v.toString()));
    else
        fail(QStringLiteral("object"),
             QStringLiteral("expected \"%1\", got %2").arg(expected, describeType(v)));
}
