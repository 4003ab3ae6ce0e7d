// SettingsStore's pure half: keys, descriptions, parsing and validation (R20). Kept apart from
// the database half in SettingsStore.cpp so the fuzzer (tests/fuzz) links it without a database.
#include "db/SettingsStore.h"

namespace {
using Code = StoreError::Code;

constexpr qint64 kHourMs = 3600LL * 1000;

StoreError invalid(const QString& key, const QString& reason)
{
    return StoreError::make(Code::InvalidArgument, QStringLiteral("%1: %2").arg(key, reason), key);
}

StoreResult<void> parseInt(const QString& key, const QString& text, int lo, int hi, int* out)
{
    bool ok = false;
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok)
        return invalid(key, QStringLiteral("must be a whole number, got \"%1\"").arg(text));
    if (v < lo || v > hi)
        return invalid(key, QStringLiteral("must be between %1 and %2, got %3").arg(lo).arg(hi).arg(v));
    *out = int(v);
    return {};
}
} // namespace

qint64 SettingsStore::Values::keyRetentionMs() const
{
    return providerApi == QLatin1String("stripe_v2") ? 30 * 24 * kHourMs : 24 * kHourMs;
}

QVariant SettingsStore::Values::get(const QString& key) const
{
    if (key == QLatin1String("max_attempts_per_call"))
        return maxAttemptsPerCall;
    if (key == QLatin1String("max_attempts_per_operation"))
        return maxAttemptsPerOperation;
    if (key == QLatin1String("backoff_base_ms"))
        return backoffBaseMs;
    if (key == QLatin1String("backoff_cap_ms"))
        return backoffCapMs;
    if (key == QLatin1String("request_timeout_ms"))
        return requestTimeoutMs;
    if (key == QLatin1String("provider_api"))
        return providerApi;
    if (key == QLatin1String("lookup_concurrency"))
        return lookupConcurrency;
    if (key == QLatin1String("repeat_window_hours"))
        return repeatWindowHours;
    if (key == QLatin1String("auto_resolve_refunded"))
        return autoResolveRefunded ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

QStringList SettingsStore::keys()
{
    return {QStringLiteral("max_attempts_per_call"), QStringLiteral("max_attempts_per_operation"),
            QStringLiteral("backoff_base_ms"),       QStringLiteral("backoff_cap_ms"),
            QStringLiteral("request_timeout_ms"),    QStringLiteral("provider_api"),
            QStringLiteral("lookup_concurrency"),    QStringLiteral("repeat_window_hours"),
            QStringLiteral("auto_resolve_refunded")};
}

QString SettingsStore::describe(const QString& key)
{
    if (key == QLatin1String("max_attempts_per_call"))
        return QStringLiteral("provider attempts one tool call may make (1-20, at most max_attempts_per_operation)");
    if (key == QLatin1String("max_attempts_per_operation"))
        return QStringLiteral("provider attempts over an operation's life before it becomes unknown (1-100)");
    if (key == QLatin1String("backoff_base_ms"))
        return QStringLiteral("first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)");
    if (key == QLatin1String("backoff_cap_ms"))
        return QStringLiteral("largest backoff ceiling in ms (backoff_base_ms-300000)");
    if (key == QLatin1String("request_timeout_ms"))
        return QStringLiteral("provider request timeout in ms; expiry means the outcome is unknown (100-300000)");
    if (key == QLatin1String("provider_api"))
        return QStringLiteral("provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)");
    if (key == QLatin1String("lookup_concurrency"))
        return QStringLiteral("parallel provider lookups in the console (1-16)");
    if (key == QLatin1String("repeat_window_hours"))
        return QStringLiteral("hours a refunded operation answers repeated calls without a request ref, "
                              "sending nothing (1-8760)");
    if (key == QLatin1String("auto_resolve_refunded"))
        return QStringLiteral("the reconciler resolves an unknown operation refunded by itself when the provider's "
                              "refund matches it; it never resolves failed (true or false)");
    return {};
}

StoreResult<void> SettingsStore::assign(Values& v, const QString& key, const QString& text)
{
    if (key == QLatin1String("max_attempts_per_call"))
        return parseInt(key, text, 1, 20, &v.maxAttemptsPerCall);
    if (key == QLatin1String("max_attempts_per_operation"))
        return parseInt(key, text, 1, 100, &v.maxAttemptsPerOperation);
    if (key == QLatin1String("backoff_base_ms"))
        return parseInt(key, text, 1, 60000, &v.backoffBaseMs);
    if (key == QLatin1String("backoff_cap_ms"))
        return parseInt(key, text, 1, 300000, &v.backoffCapMs);
    if (key == QLatin1String("request_timeout_ms"))
        return parseInt(key, text, 100, 300000, &v.requestTimeoutMs);
    if (key == QLatin1String("lookup_concurrency"))
        return parseInt(key, text, 1, 16, &v.lookupConcurrency);
    if (key == QLatin1String("repeat_window_hours"))
        return parseInt(key, text, 1, 8760, &v.repeatWindowHours);
    if (key == QLatin1String("auto_resolve_refunded")) {
        const QString t = text.trimmed().toLower();
        if (t != QLatin1String("true") && t != QLatin1String("false"))
            return invalid(key, QStringLiteral("must be true or false, got \"%1\"").arg(text));
        v.autoResolveRefunded = t == QLatin1String("true");
        return {};
    }
    if (key == QLatin1String("provider_api")) {
        const QString t = text.trimmed();
        if (t != QLatin1String("stripe_v1") && t != QLatin1String("stripe_v2"))
            return invalid(key, QStringLiteral("must be stripe_v1 or stripe_v2, got \"%1\"").arg(text));
        v.providerApi = t;
        return {};
    }
    return StoreError::make(Code::InvalidArgument,
                            QStringLiteral("%1: unknown setting; known settings are %2").arg(key, keys().join(QStringLiteral(", "))),
                            key);
}

StoreResult<void> SettingsStore::validate(const Values& v)
{
    // Re-run the per-key ranges, so a Values built in code is held to the same rules as text.
    Values copy = v;
    for (const QString& key : keys()) {
        if (auto r = assign(copy, key, v.get(key).toString()); !r)
            return r;
    }
    if (v.maxAttemptsPerCall > v.maxAttemptsPerOperation)
        return invalid(QStringLiteral("max_attempts_per_call"),
                       QStringLiteral("%1 is above max_attempts_per_operation (%2); a call could never use them all")
                           .arg(v.maxAttemptsPerCall)
                           .arg(v.maxAttemptsPerOperation));
    if (v.backoffCapMs < v.backoffBaseMs)
        return invalid(QStringLiteral("backoff_cap_ms"), QStringLiteral("%1 is below backoff_base_ms (%2)")
                                                             .arg(v.backoffCapMs)
                                                             .arg(v.backoffBaseMs));
    return {};
}

