#pragma once

#include "Clock.h"
#include "db/Database.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QVariant>

/**
 * The settings every tool process and console shares, stored in the `settings` table (R20).
 *
 * Keys and defaults:
 *  - max_attempts_per_call       3     attempts one tool call may make (1..20, <= per operation)
 *  - max_attempts_per_operation  6     attempts over the operation's life (1..100)
 *  - backoff_base_ms             250   first backoff ceiling, ms (1..60000)
 *  - backoff_cap_ms              4000  backoff ceiling, ms (>= base, <= 300000); full jitter
 *  - request_timeout_ms          10000 provider transfer timeout, ms (100..300000)
 *  - provider_api                stripe_v1  (stripe_v1: 24 h key retention; stripe_v2: 30 days)
 *  - lookup_concurrency          4     parallel provider lookups in the console (1..16)
 *  - repeat_window_hours         72    R5a repeat window for calls without a request ref (1..8760)
 *  - auto_resolve_refunded       true  R24: the reconciler resolves unknown operations refunded on
 *                                      the provider's matching refund (true/false)
 *
 * Values are read fresh on every load(), so a change reaches the next tool call.
 * Validation errors name the key and the reason; every change is audited with old and new value.
 */
class SettingsStore
{
public:
    struct Values
    {
        int maxAttemptsPerCall = 3;
        int maxAttemptsPerOperation = 6;
        int backoffBaseMs = 250;
        int backoffCapMs = 4000;
        int requestTimeoutMs = 10000;
        QString providerApi = QStringLiteral("stripe_v1");
        int lookupConcurrency = 4;
        /** R5a: hours a refunded operation answers repeats that carry no request_ref (1-8760). */
        int repeatWindowHours = 72;
        /** R24: the reconciler may resolve unknown → refunded by itself (never failed). */
        bool autoResolveRefunded = true;

        /** R10: how long the provider keeps idempotency keys, ms (24 h for v1, 30 days for v2). */
        qint64 keyRetentionMs() const;
        /** R5a: repeatWindowHours in ms. */
        qint64 repeatWindowMs() const { return qint64(repeatWindowHours) * 3600 * 1000; }
        QVariant get(const QString& key) const;
    };

    struct Change
    {
        qint64 at = 0;
        QString actor;
        QString key;
        QString oldValue;
        QString newValue;
    };

    explicit SettingsStore(Database& db, const Clock& clock = Clock::system());

    /** All setting keys in display order. */
    static QStringList keys();
    /** Human description of a key, with its unit and range: in the interface language where a
        translation is installed (the console), English otherwise (refund-tool). */
    static QString describe(const QString& key);
    /** The default of key as text ("3", "stripe_v1", "true"); empty for an unknown key. */
    static QString defaultText(const QString& key);
    /** True for an on/off setting, whose text is "true" or "false" (the console shows a check box). */
    static bool isSwitch(const QString& key);

    /** Defaults overlaid with the stored values. A stored value that no longer validates is an error naming it. */
    StoreResult<Values> load();

    /**
     * Validates a candidate set as a whole (e.g. per-call budget above per-operation budget).
     * Returns InvalidArgument naming the first offending key.
     */
    static StoreResult<void> validate(const Values& values);

    /** Parses text for key into candidate (InvalidArgument naming the key when it does not parse). */
    static StoreResult<void> assign(Values& candidate, const QString& key, const QString& text);

    /**
     * Validates and stores one change, with an audit entry (action settings.set) in the same
     * transaction. On PostgreSQL through change_setting() (R21): the audit names session_user and
     * the login's refund role, not actor/role; a login without refund_admin gets "permission denied".
     */
    StoreResult<Values> set(const QString& key, const QString& value, const QString& actor, const QString& role);

    /** Stores several changes at once, validated together. */
    StoreResult<Values> setMany(const QMap<QString, QString>& changes, const QString& actor, const QString& role);

    /** The change history, newest first. */
    StoreResult<QList<Change>> history(int limit = 200);

private:
    Database& m_db;
    const Clock& m_clock;
};
