#include "sandbox/IdempotencyLayer.h"

#include <QCryptographicHash>

#include <algorithm>

IdempotencyLayer::IdempotencyLayer(SandboxStore& store, const Clock& clock, IdempotencyProfile profile,
                                   qint64 retentionMs)
    : m_store(store), m_clock(clock), m_profile(profile), m_retentionMs(retentionMs)
{
}

QString IdempotencyLayer::fingerprint(const QByteArray& method, const QString& path,
                                      QList<QPair<QString, QString>> params)
{
    std::stable_sort(params.begin(), params.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(method);
    hash.addData(QByteArrayView(" "));
    hash.addData(path.toUtf8());
    for (const auto& p : std::as_const(params)) {
        // Length prefixes keep "a=b&c" and "a=b&c=" (and similar) apart.
        const QByteArray k = p.first.toUtf8();
        const QByteArray v = p.second.toUtf8();
        hash.addData(QByteArray::number(k.size()) + ':' + k + '=' + QByteArray::number(v.size()) + ':' + v + '\n');
    }
    return QString::fromLatin1(hash.result().toHex());
}

std::optional<HttpResponse> IdempotencyLayer::validateKey(const QByteArray& raw, QString* key) const
{
    QString value = QString::fromUtf8(raw).trimmed();
    if (m_profile == IdempotencyProfile::Ietf && value.size() >= 2 && value.startsWith(QLatin1Char('"'))
        && value.endsWith(QLatin1Char('"')))
        value = value.mid(1, value.size() - 2);
    QString problem;
    if (value.isEmpty())
        problem = QStringLiteral("The Idempotency-Key header must not be empty.");
    else if (value.size() > MaxKeyLength)
        problem = QStringLiteral("Idempotency-Key header value must be %1 characters or less.").arg(MaxKeyLength);
    if (problem.isEmpty()) {
        *key = value;
        return std::nullopt;
    }
    if (m_profile == IdempotencyProfile::Ietf)
        return HttpResponse::problem(400, QStringLiteral("https://sandbox.invalid/problems/invalid-idempotency-key"),
                                     QStringLiteral("Invalid Idempotency-Key"), problem);
    return HttpResponse::stripeError(400, QStringLiteral("invalid_request_error"),
                                     QStringLiteral("idempotency_key_invalid"), problem,
                                     QStringLiteral("Idempotency-Key"));
}

IdempotencyLayer::Claim IdempotencyLayer::claim(const QString& key, const QString& fingerprint,
                                                const QString& requestId)
{
    Claim out;
    const qint64 now = m_clock.nowMs();
    if (!m_store.transaction())
        return out;
    const auto inserted = m_store.claimKey(key, fingerprint, requestId, now, now + m_retentionMs);
    if (!inserted) {
        m_store.rollback();
        return out;
    }
    std::optional<StoredKey> existing;
    if (!inserted.value()) {
        // Read in the claim's transaction; a failed read is an Error (500, nothing executed),
        // never "no such key", which would execute the request a second time.
        auto found = m_store.key(key);
        if (!found) {
            m_store.rollback();
            return out;
        }
        existing = found.value();
    }
    if (!m_store.commit())
        return out;
    if (inserted.value()) {
        out.result = ClaimResult::Claimed;
        return out;
    }
    if (!existing)
        return out;
    // Mismatch wins over in-progress: the request could never be replayed anyway.
    if (existing->fingerprint != fingerprint)
        out.result = ClaimResult::Mismatch;
    else if (!existing->completed)
        out.result = ClaimResult::InProgress;
    else
        out.result = ClaimResult::Replay;
    out.stored = *existing;
    return out;
}

bool IdempotencyLayer::complete(const QString& key, const HttpResponse& response)
{
    return m_store.completeKey(key, response.status, response.contentType, response.body).ok();
}

void IdempotencyLayer::release(const QString& key) { m_store.releaseKey(key); }

HttpResponse IdempotencyLayer::replayResponse(const StoredKey& stored)
{
    HttpResponse r;
    r.status = stored.status;
    r.contentType = stored.contentType;
    r.body = stored.body;
    r.setHeader("Idempotent-Replayed", "true");
    r.setHeader("Original-Request", stored.requestId.toLatin1());
    return r;
}

HttpResponse IdempotencyLayer::mismatchResponse(const QString& key) const
{
    if (m_profile == IdempotencyProfile::Ietf)
        return HttpResponse::problem(
            422, QStringLiteral("https://sandbox.invalid/problems/idempotency-key-reused"),
            QStringLiteral("Idempotency-Key is already used"),
            QStringLiteral("This Idempotency-Key was used with a different request payload."));
    return HttpResponse::stripeError(
        400, QStringLiteral("idempotency_error"), {},
        QStringLiteral("Keys for idempotent requests can only be used with the same parameters they were first "
                       "used with. Try using a key other than '%1' if you meant to execute a different request.")
            .arg(key));
}

HttpResponse IdempotencyLayer::inProgressResponse(const QString& key) const
{
    HttpResponse r;
    if (m_profile == IdempotencyProfile::Ietf)
        r = HttpResponse::problem(409, QStringLiteral("https://sandbox.invalid/problems/request-in-progress"),
                                  QStringLiteral("A request is outstanding for this Idempotency-Key"),
                                  QStringLiteral("Retry after the original request has finished."));
    else
        r = HttpResponse::stripeError(
            409, QStringLiteral("invalid_request_error"), QStringLiteral("idempotency_key_in_use"),
            QStringLiteral("There is currently another in-progress request using this Idempotent Key (%1). "
                           "Please try again later.")
                .arg(key));
    r.setHeader("Stripe-Should-Retry", "true");
    return r;
}
