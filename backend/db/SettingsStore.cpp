#include "db/SettingsStore.h"

#include "db/QueryRows.h"

#include <QScopeGuard>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

namespace {
using Code = StoreError::Code;

StoreError invalid(const QString& key, const QString& reason)
{
    return StoreError::make(Code::InvalidArgument, QStringLiteral("%1: %2").arg(key, reason), key);
}
} // namespace

SettingsStore::SettingsStore(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

StoreResult<SettingsStore::Values> SettingsStore::load()
{
    auto q = m_db.runPrepared(QStringLiteral("SELECT key, value FROM settings"), {},
                              QStringLiteral("read settings"));
    if (!q)
        return q.error();
    // The kept statement lets go of its read snapshot on every way out, not at the next commit.
    const auto done = qScopeGuard([&q] { q.value()->finish(); });
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
    return QueryRows::all(std::move(q), [](const QSqlQuery& r) {
        const QJsonObject d = QJsonDocument::fromJson(r.value(2).toString().toUtf8()).object();
        return Change{r.value(0).toLongLong(), r.value(1).toString(), d.value(QStringLiteral("key")).toString(),
                      d.value(QStringLiteral("old")).toString(), d.value(QStringLiteral("new")).toString()};
    });
}
