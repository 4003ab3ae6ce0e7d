#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>

#include <optional>

/** The faults the sandbox can inject (R14). */
enum class FaultKind {
    Delay,           ///< sleep delay_ms before executing (or replaying); other requests keep running
    DropAfterCommit, ///< execute and commit, then close the connection without a response
    Status500,       ///< execute nothing; store and answer a 500 api_error (a saved unknown outcome)
    RateLimit429,    ///< 429 code rate_limit, before the idempotency layer; nothing stored
    LockTimeout429,  ///< 429 code lock_timeout, before the idempotency layer; nothing stored
    // Webhook faults: method and path match the request that created the event; count is
    // the number of events affected (POST /v1/refunds creates refund.created and charge.refunded).
    WebhookDuplicate, ///< the event is delivered twice (two deliveries, the same event id)
    WebhookReorder,   ///< held until a later event reached the endpoint (at most delay_ms, default 5000)
    WebhookDelay,     ///< the event's deliveries wait delay_ms before the first attempt
};

/** One armed fault: applies to the next `remaining` requests matching method and path. */
struct Fault
{
    int id = 0;
    QByteArray method; ///< upper case, or "*" for any
    QString path;      ///< exact path, or a prefix ending in '*' (e.g. "/v1/refunds*")
    FaultKind kind = FaultKind::Delay;
    int remaining = 1;
    int delayMs = 0;
};

/**
 * The armed faults, in memory (they do not survive a restart: a test arms them for the
 * requests it is about to send). Each kind is consumed at the pipeline stage where it acts:
 * 429s before the idempotency layer; delay and drop_after_commit for requests that reach
 * execution or replay; status_500 only for requests that would execute.
 */
class FaultInjector
{
public:
    /**
     * Parses "delay", "drop_after_commit", "status_500", "rate_limit_429", "lock_timeout_429",
     * "webhook_duplicate", "webhook_reorder", "webhook_delay".
     */
    static std::optional<FaultKind> parseKind(const QString& name);
    static QString kindName(FaultKind kind);
    /** All kind names, comma separated (for error messages). */
    static QString kindNames();

    /** Arms a fault; returns its id. count must be >= 1. */
    int add(const QByteArray& method, const QString& path, FaultKind kind, int count, int delayMs);
    /** Consumes one application of the first armed fault of one of the kinds matching the request. */
    std::optional<Fault> take(const QByteArray& method, const QString& path, std::initializer_list<FaultKind> kinds);
    /** The armed faults as JSON ({id, method, path, fault, remaining, delay_ms}). */
    QJsonArray toJson() const;
    void clear() { m_faults.clear(); }

private:
    QList<Fault> m_faults;
    int m_nextId = 1;
};
