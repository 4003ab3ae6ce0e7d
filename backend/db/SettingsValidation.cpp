// SettingsStore's pure half: keys, descriptions, parsing and validation (R20). Kept apart from
// the database half in SettingsStore.cpp so the fuzzer (tests/fuzz) links it without a database.
#include "db/SettingsStore.h"

#include <QCoreApplication>

namespace {
using Code = StoreError::Code;
using Values = SettingsStore::Values;

constexpr qint64 kHourMs = 3600LL * 1000;

/** A reason in the interface language where one is installed (the console); the key names the
    field and stays as it is. refund-tool installs no translation: its messages stay English. */
QString reasonText(const char* english)
{
    return QCoreApplication::translate("SettingsValidation", english);
}

StoreError invalid(const QString& key, const QString& reason)
{
    return StoreError::make(Code::InvalidArgument, QStringLiteral("%1: %2").arg(key, reason), key);
}

/**
 * The one table of settings (R20): key, type, the Values member it sets, default, range or
 * choices, and the description the console and `refund-tool settings` show. Values' member
 * initialisers hold the same defaults; tst_settings checks that the two agree.
 */
struct Spec
{
    enum class Type { Int, Bool, Choice };
    const char* key;
    Type type;
    int Values::*intField;
    bool Values::*boolField;
    QString Values::*textField;
    const char* defaultText;
    int lo, hi;                ///< Int: the inclusive range
    const char* choices[3];    ///< Choice: the allowed values
    const char* description;
};

constexpr Spec kSpecs[] = {
    {"max_attempts_per_call", Spec::Type::Int, &Values::maxAttemptsPerCall, nullptr, nullptr, "3", 1, 20, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "provider attempts one tool call may make (1-20, at most max_attempts_per_operation)")},
    {"max_attempts_per_operation", Spec::Type::Int, &Values::maxAttemptsPerOperation, nullptr, nullptr, "6", 1, 100, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "provider attempts over an operation's life before it becomes unknown (1-100)")},
    {"backoff_base_ms", Spec::Type::Int, &Values::backoffBaseMs, nullptr, nullptr, "250", 1, 60000, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)")},
    {"backoff_cap_ms", Spec::Type::Int, &Values::backoffCapMs, nullptr, nullptr, "4000", 1, 300000, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "largest backoff ceiling in ms (backoff_base_ms-300000)")},
    {"request_timeout_ms", Spec::Type::Int, &Values::requestTimeoutMs, nullptr, nullptr, "10000", 100, 300000, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "provider request timeout in ms; expiry means the outcome is unknown (100-300000)")},
    {"provider_api", Spec::Type::Choice, nullptr, nullptr, &Values::providerApi, "stripe_v1", 0, 0,
     {"stripe_v1", "stripe_v2", nullptr},
     QT_TRANSLATE_NOOP("SettingsValidation", "provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)")},
    {"lookup_concurrency", Spec::Type::Int, &Values::lookupConcurrency, nullptr, nullptr, "4", 1, 16, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "parallel provider lookups in the console (1-16)")},
    {"repeat_window_hours", Spec::Type::Int, &Values::repeatWindowHours, nullptr, nullptr, "72", 1, 8760, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "hours a refunded operation answers repeated calls without a request ref, sending nothing (1-8760)")},
    {"auto_resolve_refunded", Spec::Type::Bool, nullptr, &Values::autoResolveRefunded, nullptr, "true", 0, 0, {},
     QT_TRANSLATE_NOOP("SettingsValidation", "the reconciler resolves an unknown operation refunded by itself when the provider's refund matches it; "
     "it never resolves failed (true or false)")},
};

const Spec* specOf(const QString& key)
{
    for (const Spec& spec : kSpecs)
        if (key == QLatin1String(spec.key))
            return &spec;
    return nullptr;
}

QStringList choicesOf(const Spec& spec)
{
    QStringList out;
    for (const char* c : spec.choices)
        if (c)
            out << QString::fromLatin1(c);
    return out;
}
} // namespace

qint64 SettingsStore::Values::keyRetentionMs() const
{
    return providerApi == QLatin1String("stripe_v2") ? 30 * 24 * kHourMs : 24 * kHourMs;
}

QVariant SettingsStore::Values::get(const QString& key) const
{
    const Spec* spec = specOf(key);
    if (!spec)
        return {};
    switch (spec->type) {
    case Spec::Type::Int: return this->*(spec->intField);
    case Spec::Type::Bool: return this->*(spec->boolField) ? QStringLiteral("true") : QStringLiteral("false");
    case Spec::Type::Choice: return this->*(spec->textField);
    }
    return {};
}

QStringList SettingsStore::keys()
{
    QStringList out;
    for (const Spec& spec : kSpecs)
        out << QString::fromLatin1(spec.key);
    return out;
}

QString SettingsStore::describe(const QString& key)
{
    const Spec* spec = specOf(key);
    // In the console's language (the Settings tab's tooltips); English in refund-tool.
    return spec ? reasonText(spec->description) : QString();
}

QString SettingsStore::defaultText(const QString& key)
{
    const Spec* spec = specOf(key);
    return spec ? QString::fromLatin1(spec->defaultText) : QString();
}

bool SettingsStore::isSwitch(const QString& key)
{
    const Spec* spec = specOf(key);
    return spec && spec->type == Spec::Type::Bool;
}

StoreResult<void> SettingsStore::assign(Values& v, const QString& key, const QString& text)
{
    const Spec* spec = specOf(key);
    if (!spec)
        return invalid(key, reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "unknown setting; known settings are %1"))
                                .arg(keys().join(QStringLiteral(", "))));
    switch (spec->type) {
    case Spec::Type::Int: {
        bool ok = false;
        const qlonglong n = text.trimmed().toLongLong(&ok);
        if (!ok)
            return invalid(key, reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "must be a whole number, got \"%1\"")).arg(text));
        if (n < spec->lo || n > spec->hi)
            return invalid(key, reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "must be between %1 and %2, got %3")).arg(spec->lo).arg(spec->hi).arg(n));
        v.*(spec->intField) = int(n);
        return {};
    }
    case Spec::Type::Bool: {
        const QString t = text.trimmed().toLower();
        if (t != QLatin1String("true") && t != QLatin1String("false"))
            return invalid(key, reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "must be true or false, got \"%1\"")).arg(text));
        v.*(spec->boolField) = t == QLatin1String("true");
        return {};
    }
    case Spec::Type::Choice: {
        const QString t = text.trimmed();
        const QStringList allowed = choicesOf(*spec);
        if (!allowed.contains(t))
            return invalid(key, reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "must be %1, got \"%2\"")).arg(allowed.join(reasonText(QT_TRANSLATE_NOOP("SettingsValidation", " or "))), text));
        v.*(spec->textField) = t;
        return {};
    }
    }
    return {};
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
                       reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "%1 is above max_attempts_per_operation (%2); a call could never use them all"))
                           .arg(v.maxAttemptsPerCall)
                           .arg(v.maxAttemptsPerOperation));
    if (v.backoffCapMs < v.backoffBaseMs)
        return invalid(QStringLiteral("backoff_cap_ms"), reasonText(QT_TRANSLATE_NOOP("SettingsValidation", "%1 is below backoff_base_ms (%2)"))
                                                             .arg(v.backoffCapMs)
                                                             .arg(v.backoffBaseMs));
    return {};
}

