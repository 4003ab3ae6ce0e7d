#pragma once

#include <QCoreApplication>
#include <QString>
#include <QUrl>

/**
 * Where the console's provider key comes from (R22: never stored in plain text, never logged):
 * the environment variable PROVIDER_API_KEY first, else the system keychain (qtkeychain,
 * service REFUND_APP_ID, one entry per provider host). The keychain fails at once when no
 * Secret Service runs (CI, containers): then only the environment works.
 *
 * The console only reads (R13): isWriteKey() flags sk_ keys, which the console refuses.
 */
class ProviderKeySource
{
    Q_DECLARE_TR_FUNCTIONS(ProviderKeySource)

public:
    struct Key
    {
        QString value;    ///< the secret; empty when none was found
        QString origin;   ///< "the PROVIDER_API_KEY environment variable", "system keychain", or empty
        QString problem;  ///< why the keychain could not be read, for the status bar (no secret)
    };

    /** Looks up the key for a provider; blocks briefly for the keychain (a local event loop, 5 s max). */
    static Key load(const QUrl& providerUrl);
    /** Stores the key in the keychain; false with *error when there is no usable keychain. */
    static bool save(const QUrl& providerUrl, const QString& key, QString* error);

    /** sk_... (and legacy secret keys): a write key the console must not use (R13). */
    static bool isWriteKey(const QString& key);
    /** rk_...: a restricted key (the sandbox's and Stripe's read-only keys). */
    static bool isRestrictedKey(const QString& key);
    /** "rk_…a1b2": enough to recognise a key, never enough to use it. */
    static QString masked(const QString& key);
};
