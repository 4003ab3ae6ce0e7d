#pragma once

#include "sandbox/HttpResponse.h"
#include "sandbox/SandboxStore.h"

#include "Clock.h"

#include <QList>
#include <QPair>
#include <QString>

#include <optional>

/** How idempotency refusals are shaped. */
enum class IdempotencyProfile {
    Stripe, ///< Stripe v1: mismatch 400 `idempotency_error`, bodies {"error":{...}}
    Ietf,   ///< draft-ietf-httpapi-idempotency-key-header: mismatch 422, application/problem+json
};

/**
 * The server half of idempotency (SPEC R14), over SandboxStore.
 *
 * Order of use per POST: validateKey() (empty or > 255 characters: 400 before anything),
 * claim() (one atomic INSERT; the outcome says whether to execute, replay, or refuse with
 * 409 / mismatch), then complete() inside the execution transaction, or release() when the
 * request was refused before execution began (nothing is stored for it).
 */
class IdempotencyLayer
{
public:
    /** retentionMs: how long a key is kept after its first request (Stripe v1: >= 24 h). */
    IdempotencyLayer(SandboxStore& store, const Clock& clock, IdempotencyProfile profile, qint64 retentionMs);

    static constexpr int MaxKeyLength = 255;

    enum class ClaimResult {
        Claimed,    ///< new key (or expired one): execute, then complete()
        Replay,     ///< finished earlier with the same fingerprint: replay the stored response
        InProgress, ///< the first request is still running: 409, nothing saved
        Mismatch,   ///< same key, other endpoint or parameters: refuse, execute nothing
        Error,      ///< database failure
    };

    struct Claim
    {
        ClaimResult result = ClaimResult::Error;
        StoredKey stored; ///< for Replay
    };

    /**
     * Request fingerprint: SHA-256 hex of method, path and the form parameters sorted by
     * name (so parameter order does not matter, values do).
     */
    static QString fingerprint(const QByteArray& method, const QString& path,
                               QList<QPair<QString, QString>> params);

    /**
     * Normalises the raw Idempotency-Key header value (the IETF profile also accepts the
     * draft's quoted sf-string form). Returns an error response for an empty or too long key.
     */
    std::optional<HttpResponse> validateKey(const QByteArray& raw, QString* key) const;

    Claim claim(const QString& key, const QString& fingerprint, const QString& requestId);
    /** Stores the executed response for the key; call inside the execution transaction. */
    bool complete(const QString& key, const HttpResponse& response);
    /** Drops a claim whose request never began execution. */
    void release(const QString& key);

    /** The stored response with `Idempotent-Replayed: true` and `Original-Request`. */
    static HttpResponse replayResponse(const StoredKey& stored);
    HttpResponse mismatchResponse(const QString& key) const;
    HttpResponse inProgressResponse(const QString& key) const;

    IdempotencyProfile profile() const { return m_profile; }
    qint64 retentionMs() const { return m_retentionMs; }

private:
    SandboxStore& m_store;
    const Clock& m_clock;
    IdempotencyProfile m_profile;
    qint64 m_retentionMs;
};
