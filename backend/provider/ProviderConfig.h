#pragma once

#include <QString>
#include <QUrl>

/**
 * Where and how ProviderClient talks to the provider (Stripe or the sandbox).
 *
 * apiKey is a secret (R22): it is sent only in the Authorization header and never logged
 * or copied into error text. The retry/backoff values apply to read calls only (R13);
 * the refund tool does its own retries per R6/R7 and R20 settings.
 */
struct ProviderConfig
{
    QUrl baseUrl;   ///< e.g. https://api.stripe.com or http://127.0.0.1:8080; paths /v1/... are appended
    QString apiKey; ///< sk_/rk_ key; the console uses a read-only restricted key (R13)
    /// ms. POST /v1/refunds: deadline of the whole exchange, connect to last byte (R7).
    /// Reads: Qt's transfer timeout (no bytes for this long: abort).
    int requestTimeoutMs = 10000;
    int readRetryMax = 3; ///< retries of a read call answered 429 (so at most readRetryMax + 1 requests)
    int readBackoffBaseMs = 500; ///< first backoff ceiling, ms; doubles per retry (full jitter below it)
    int readBackoffCapMs = 5000; ///< backoff ceiling, ms
    int maxListPages = 1000;     ///< safety stop for paginated reads (100 items per page)
};
