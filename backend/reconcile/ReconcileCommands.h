#pragma once

#include <QString>
#include <QTextStream>
#include <QUrl>

/**
 * The bodies of `refund-tool webhook` and `refund-tool reconcile` (RefundToolCli parses the
 * options and calls these). Both stop cleanly on SIGINT/SIGTERM. Errors a person can fix (no
 * secret, a secret key where the read-only key belongs, a bad --listen) throw CliError{2, ...}.
 */
namespace ReconcileCommands {

/**
 * `webhook --db URL --listen 127.0.0.1:PORT [--provider-url URL]`: secret from
 * STRIPE_WEBHOOK_SECRET, read-only key from PROVIDER_API_KEY, provider URL from --provider-url or
 * PROVIDER_URL. Prints "listening on 127.0.0.1:PORT" once ready, serves until a signal.
 */
int webhook(const QString& databaseUrl, const QString& listen, const QUrl& providerUrl, int requestTimeoutMs,
            QTextStream& out);

/**
 * `reconcile --db URL --provider-url URL [--watch] [--interval-ms N] [--page-limit N]`: one pass (or passes every
 * intervalMs until a signal with watch), printing one JSON line per pass:
 * {"pages","new_events","duplicates","applied","cursor","unmatched"}. Exit 1 when a pass failed (without
 * --watch), 0 otherwise.
 */
int reconcile(const QString& databaseUrl, const QUrl& providerUrl, bool watch, int intervalMs,
              int pageLimit, QTextStream& out);

/** PROVIDER_API_KEY checked as the read commands check it (set, not a secret sk_ key, no spaces). */
QString readOnlyKeyFromEnvironment();

} // namespace ReconcileCommands
