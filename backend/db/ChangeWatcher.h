#pragma once

#include "db/DatabaseUrl.h"

#include <QObject>
#include <QString>

#include <memory>

/**
 * Tells the console when the operation database changed, on its own connection in the
 * thread that owns it.
 *
 * PostgreSQL: LISTEN on the channel `refund_ops_changed`, which a trigger (schema migration)
 * NOTIFYs (once per statement) on every insert, update and delete of refund_ops,
 * refund_attempts, tool_calls, audit_log and settings. Bursts are coalesced: at most one
 * changed() per ~100 ms.
 * Notifications sent while disconnected are lost, so after a reconnect it re-subscribes and
 * emits changed() once, making the console re-read what it shows.
 * SQLite: a cheap periodic check of `PRAGMA data_version` (every pollIntervalMs).
 *
 * A lost connection emits connectionLost(reason) once, then retries every retryIntervalMs
 * until it is back (connectionRestored(), then changed()).
 */
class ChangeWatcher : public QObject
{
    Q_OBJECT

public:
    explicit ChangeWatcher(const DatabaseUrl& url, QObject* parent = nullptr);
    ~ChangeWatcher() override;

    void setPollIntervalMs(int ms);     ///< SQLite change check and PostgreSQL liveness check, default 1000
    void setRetryIntervalMs(int ms);    ///< reconnect attempts, default 2000

    /** Connects and starts watching; false (with errorString()) if the first connection fails. */
    bool start();
    void stop();
    bool isConnected() const;
    QString errorString() const;

signals:
    void changed();
    void connectionLost(const QString& reason);
    void connectionRestored();

private:
    bool connectNow();
    void disconnectNow();
    void scheduleChanged();
    void poll();
    void connectionFailed(const QString& reason);
    void retry();

    struct Private;
    std::unique_ptr<Private> d;
};
