#include "db/SettingsStore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

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

SettingsStore::SettingsStore(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

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

StoreResult<SettingsStore::Values> SettingsStore::load()
{
    auto q = m_db.runPrepared(QStringLiteral("SELECT key, value FROM settings"), {},
                              QStringLiteral("read settings"));
    if (!q)
        return q.error();
    Values v;
    while (q.value()->next()) {
        const QString key = q.value()->value(0).toString();
        if (!keys().contains(key))
            continue; // written by a newer program; this one ignores it
        if (auto r = assign(v, key, q.value()->value(1).toString()); !r)
            return StoreError::make(Code::InvalidArgument,
                                    QStringLiteral("stored setting %1").arg(r.error().message), key);
    }
    if (auto r = validate(v); !r)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("stored settings: %1").arg(r.error().message),
                                r.error().field);
    return v;
}

StoreResult<SettingsStore::Values> SettingsStore::set(const QString& key, const QString& value, const QString& actor,
                                                      const QString& role)
{
    return setMany({{key, value}}, actor, role);
}

StoreResult<SettingsStore::Values> SettingsStore::setMany(const QMap<QString, QString>& changes, const QString& actor,
                                                          const QString& role)
{
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    if (m_db.isPostgres()) {
        // Two admins saving at once must not each validate against the other's old values
        // (write skew could store per-call > per-operation). SQLite's BEGIN IMMEDIATE serialises already.
        if (auto r = m_db.runScript(QStringLiteral("SELECT pg_advisory_xact_lock(727100002)"), QStringLiteral("lock settings")); !r)
            return r.error();
    }
    auto current = load();
    if (!current)
        return current.error();
    Values next = current.value();
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        if (auto r = assign(next, it.key(), it.value()); !r)
            return r.error();
    }
    if (auto r = validate(next); !r) {
        // A rule between two settings is reported from the side of the one being changed, so
        // the message names what the admin typed ("max_attempts_per_operation: 2 is below ...").
        if (changes.size() == 1 && !changes.contains(r.error().field)) {
            const QString key = changes.firstKey();
            if (key == QLatin1String("max_attempts_per_operation"))
                return invalid(key, QStringLiteral("%1 is below max_attempts_per_call (%2); lower that first")
                                        .arg(next.maxAttemptsPerOperation)
                                        .arg(next.maxAttemptsPerCall));
            if (key == QLatin1String("backoff_base_ms"))
                return invalid(key, QStringLiteral("%1 is above backoff_cap_ms (%2); raise that first")
                                        .arg(next.backoffBaseMs)
                                        .arg(next.backoffCapMs));
        }
        return r.error();
    }

    if (m_db.isPostgres()) {
        // R21: the one door. change_setting() validates again (same rules), writes, and audits with
        // session_user and the login's role; actor and role are not sent. Keys go in an order in
        // which every intermediate state is valid too (raising both budgets: per-operation first).
        QStringList pending = changes.keys();
        Values applied = current.value();
        while (!pending.isEmpty()) {
            qsizetype pick = 0;
            for (qsizetype i = 0; i < pending.size(); ++i) {
                Values step = applied;
                if (assign(step, pending[i], changes.value(pending[i])) && validate(step)) {
                    pick = i;
                    break;
                }
            }
            const QString key = pending.takeAt(pick);
            auto q = m_db.run(QStringLiteral("SELECT change_setting(?, ?)"), {key, changes.value(key)},
                              QStringLiteral("change setting %1").arg(key));
            if (!q)
                return q.error();
            q.value().finish();
            assign(applied, key, changes.value(key));
        }
        if (auto r = tx.commit(); !r)
            return r.error();
        return next;
    }

    const qint64 now = m_clock.nowMs();
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        const QString oldValue = current.value().get(it.key()).toString();
        const QString newValue = next.get(it.key()).toString();
        if (oldValue == newValue)
            continue;
        auto up = m_db.run(QStringLiteral("INSERT INTO settings (key, value, updated_at, updated_by) VALUES (?, ?, ?, ?) "
                                          "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                                          "updated_at = excluded.updated_at, updated_by = excluded.updated_by"),
                           {it.key(), newValue, now, actor}, QStringLiteral("write setting %1").arg(it.key()));
        if (!up)
            return up.error();
        const QJsonObject details{{QStringLiteral("key"), it.key()},
                                  {QStringLiteral("old"), oldValue},
                                  {QStringLiteral("new"), newValue}};
        auto audit = m_db.run(QStringLiteral("INSERT INTO audit_log (at, actor, role, action, operation_id, details) "
                                             "VALUES (?, ?, ?, 'settings.set', NULL, ?)"),
                              {now, actor, role, QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact))},
                              QStringLiteral("audit setting %1").arg(it.key()));
        if (!audit)
            return audit.error();
    }
    if (auto r = tx.commit(); !r)
        return r.error();
    return next;
}

StoreResult<QList<SettingsStore::Change>> SettingsStore::history(int limit)
{
    auto q = m_db.run(QStringLiteral("SELECT at, actor, details FROM audit_log WHERE action = 'settings.set' "
                                     "ORDER BY at DESC, id DESC LIMIT ?"),
                      {limit}, QStringLiteral("read settings history"));
    if (!q)
        return q.error();
    QList<Change> out;
    while (q.value().next()) {
        const QJsonObject d = QJsonDocument::fromJson(q.value().value(2).toString().toUtf8()).object();
        out << Change{q.value().value(0).toLongLong(), q.value().value(1).toString(), d.value(QStringLiteral("key")).toString(),
                      d.value(QStringLiteral("old")).toString(), d.value(QStringLiteral("new")).toString()};
    }
    return out;
}
