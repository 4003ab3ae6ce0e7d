#pragma once

#include "../provider/FakeProviderServer.h"

#include "db/Operation.h"
#include "sandbox/SandboxClock.h"
#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <memory>

/**
 * A Stripe-shaped provider on top of FakeProviderServer for lookup tests: any refunds and
 * events a test makes up, listed by the sandbox's own StripeApi and SandboxStore (newest first
 * by `created`, pages of `limit`, starting_after, filtered by payment_intent, type and
 * created[gte]), so the tests and the sandbox share one paging implementation. failWith makes
 * every request to a path prefix answer one status (401, 403, 429, 500), or go silent / close.
 */
class FakeStripe
{
public:
    FakeStripe();

    bool start() { return m_server.start(); }
    QUrl baseUrl() const { return m_server.baseUrl(); }
    FakeProviderServer& server() { return m_server; }

    /** A refund object, Stripe shaped. metadata: operation_id and order_id when not empty. */
    static QJsonObject refund(const QString& id, qint64 amount, const QString& status, const QString& operationId,
                              const QString& orderId, qint64 created, const QString& currency = QStringLiteral("usd"),
                              const QString& paymentIntent = QStringLiteral("pi_4417"));
    /** A refund event with request.idempotency_key = key (null request when key is empty). */
    static QJsonObject event(const QString& id, const QString& type, qint64 created, const QJsonObject& refund,
                             const QString& key);

    /** Refunds and events are stored newest first by `created` (ties: insertion order). */
    void addRefund(const QJsonObject& refund);
    void addEvent(const QJsonObject& event);
    /** Every request whose path starts with pathPrefix gets this answer; count < 0: forever. */
    void failWith(const QString& pathPrefix, const FakeReply& reply, int count = -1);

    int requestsTo(const QString& path) const;

private:
    FakeReply answer(const RecordedRequest& request);
    bool rebuildStore();

    FakeProviderServer m_server;
    QList<QJsonObject> m_refunds;
    QList<QJsonObject> m_events;
    QString m_failPrefix;
    FakeReply m_failReply;
    int m_failCount = 0;
    bool m_dirty = true;
    SandboxClock m_clock;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SandboxStore> m_store;
    std::unique_ptr<StripeApi> m_api;
};
