// Fuzzes JsonFieldReader, the typed reader under every Stripe object parser: each read of each
// field of an arbitrary object either succeeds or records "ctx.<field>: <reason>", the first
// error sticks, and integers are exact within +-2^53.
#include "FuzzCheck.h"
#include "provider/JsonFieldReader.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(fuzzBytes(data, size));
    if (!doc.isObject())
        return 0;
    const QJsonObject json = doc.object();
    const QString context = QStringLiteral("ctx");
    QStringList keys = json.keys();
    keys << QStringLiteral("absent");

    JsonFieldReader sticky(json, context);
    QString firstError;
    for (const QString& key : std::as_const(keys)) {
        const QJsonValue value = json.value(key);
        for (int method = 0; method < 8; ++method) {
            JsonFieldReader r(json, context);
            switch (method) {
            case 0: {
                const QString s = r.requiredString(key);
                if (r.ok())
                    FUZZ_CHECK(value.isString() && !s.isEmpty() && s == value.toString(), key);
                break;
            }
            case 1: {
                const QString s = r.optionalString(key);
                if (r.ok())
                    FUZZ_CHECK(s == value.toString(), key);
                break;
            }
            case 2: {
                const qint64 n = r.requiredInteger(key);
                if (r.ok()) {
                    FUZZ_CHECK(value.isDouble(), key);
                    FUZZ_CHECK(std::fabs(double(n)) <= 9007199254740992.0, QString::number(n));
                    FUZZ_CHECK(double(n) == value.toDouble(), QString::number(n));
                }
                break;
            }
            case 3: {
                const qint64 n = r.optionalInteger(key, 42);
                if (r.ok() && (value.isNull() || value.isUndefined()))
                    FUZZ_CHECK(n == 42, QString::number(n));
                break;
            }
            case 4: {
                const QString id = r.expandableId(key);
                if (r.ok() && value.isObject())
                    FUZZ_CHECK(!id.isEmpty(), key);
                break;
            }
            case 5: {
                const QMap<QString, QString> m = r.metadata(key);
                if (r.ok() && value.isObject())
                    FUZZ_CHECK(m.size() == value.toObject().size(), key);
                break;
            }
            case 6:
                r.object(key, true);
                break;
            case 7:
                r.expectObjectType(key);
                break;
            }
            FUZZ_CHECK(r.ok() == r.error().isEmpty(), r.error());
            if (!r.ok())
                FUZZ_CHECK(r.error().startsWith(context + QLatin1Char('.')), r.error());
            QString reported;
            FUZZ_CHECK(r.report(&reported) == r.ok() && reported == r.error(), reported);
            sticky.merge(r);
            if (firstError.isEmpty())
                firstError = r.error();
            FUZZ_CHECK(sticky.error() == firstError, sticky.error());
        }
    }
    return 0;
}
