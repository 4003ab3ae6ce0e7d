#include "db/ChangeWatcher.h"

#include "Logging.h"
#include "db/Database.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QTimer>

namespace {
const QString kChannel = QStringLiteral("refund_ops_changed");
const QString kApplicationName = QStringLiteral("refund-ops-watcher");
// Bursts (one tool call writes four tables in a few ms) become one re-read in the console.
constexpr int kCoalesceMs = 100;

StoreResult<qint64> readDataVersion(Database& db)
{
    // data_version changes when another connection commits to the file; our own reads never move it.
    auto q = db.run(QStringLiteral("PRAGMA data_version"), {}, QStringLiteral("watch for changes"));
    if (!q)
        return q.error();
    if (!q.value().next())
        return StoreError::make(StoreError::Code::QueryFailed, QStringLiteral("watch for changes: PRAGMA data_version gave no row"));
    return q.value().value(0).toLongLong();
}
} // namespace

struct ChangeWatcher::Private
{
    DatabaseUrl url;
    std::unique_ptr<Database> db;
    // Children of the watcher, so they follow it into the thread that owns it.
    QTimer* pollTimer = nullptr;       // SQLite: data_version check; PostgreSQL: liveness check
    QTimer* retryTimer = nullptr;      // reconnect attempts while disconnected
    QTimer* coalesceTimer = nullptr;   // single shot: the pending changed()
    QString error;
    qint64 dataVersion = -1;
    bool running = false;
    bool connected = false;
    bool lostReported = false;
};

ChangeWatcher::ChangeWatcher(const DatabaseUrl& url, QObject* parent) : QObject(parent), d(std::make_unique<Private>())
{
    d->url = url;
    d->pollTimer = new QTimer(this);
    d->retryTimer = new QTimer(this);
    d->coalesceTimer = new QTimer(this);
    d->pollTimer->setInterval(1000);
    d->retryTimer->setInterval(2000);
    d->coalesceTimer->setSingleShot(true);
    d->coalesceTimer->setInterval(kCoalesceMs);
    connect(d->coalesceTimer, &QTimer::timeout, this, &ChangeWatcher::changed);
    connect(d->pollTimer, &QTimer::timeout, this, [this] { poll(); });
    connect(d->retryTimer, &QTimer::timeout, this, [this] { retry(); });
}

ChangeWatcher::~ChangeWatcher()
{
    stop();
}

void ChangeWatcher::setPollIntervalMs(int ms)
{
    d->pollTimer->setInterval(qMax(10, ms));
}

void ChangeWatcher::setRetryIntervalMs(int ms)
{
    d->retryTimer->setInterval(qMax(10, ms));
}

bool ChangeWatcher::start()
{
    if (d->running)
        return true;
    if (!connectNow())
        return false;
    d->running = true;
    d->lostReported = false;
    d->pollTimer->start();
    return true;
}

void ChangeWatcher::stop()
{
    d->running = false;
    d->pollTimer->stop();
    d->retryTimer->stop();
    d->coalesceTimer->stop();
    disconnectNow();
}

bool ChangeWatcher::isConnected() const
{
    return d->connected;
}

QString ChangeWatcher::errorString() const
{
    return d->error;
}

bool ChangeWatcher::connectNow()
{
    disconnectNow();
    auto opened = Database::open(d->url, kApplicationName);
    if (!opened) {
        d->error = opened.error().message;
        return false;
    }
    std::unique_ptr<Database> db = std::move(opened).value();
    if (db->isPostgres()) {
        QSqlDriver* driver = db->connection().driver();
        if (!driver->subscribeToNotification(kChannel)) {
            d->error = QStringLiteral("cannot LISTEN on %1 at %2: %3")
                           .arg(kChannel, d->url.display(), Logging::redact(driver->lastError().text().simplified()));
            return false;
        }
        connect(driver, &QSqlDriver::notification, this, [this](const QString& name) {
            if (name == kChannel)
                scheduleChanged();
        });
    } else {
        auto version = readDataVersion(*db);
        if (!version) {
            d->error = version.error().message;
            return false;
        }
        d->dataVersion = version.value();
    }
    d->db = std::move(db);
    d->connected = true;
    d->error.clear();
    return true;
}

void ChangeWatcher::disconnectNow()
{
    if (d->db) {
        QSqlDriver* driver = d->db->connection().driver();
        if (driver) {
            disconnect(driver, nullptr, this, nullptr);
            if (d->connected && d->db->isPostgres())
                driver->unsubscribeFromNotification(kChannel);
        }
        d->db.reset();
    }
    d->connected = false;
}

void ChangeWatcher::scheduleChanged()
{
    if (!d->coalesceTimer->isActive())
        d->coalesceTimer->start();
}

void ChangeWatcher::poll()
{
    if (!d->db)
        return;
    if (d->db->isSqlite()) {
        auto version = readDataVersion(*d->db);
        if (!version) {
            connectionFailed(version.error().message);
            return;
        }
        if (version.value() != d->dataVersion) {
            d->dataVersion = version.value();
            scheduleChanged();
        }
        return;
    }
    // A LISTEN connection is idle: nothing else tells us the server went away.
    auto alive = d->db->run(QStringLiteral("SELECT 1"), {}, QStringLiteral("check the change-watch connection"));
    if (!alive)
        connectionFailed(alive.error().message);
}

void ChangeWatcher::connectionFailed(const QString& reason)
{
    d->pollTimer->stop();
    d->coalesceTimer->stop();
    d->connected = false;   // the connection is gone: no UNLISTEN on it
    disconnectNow();
    d->error = reason;
    if (!d->lostReported) {
        d->lostReported = true;
        Logging::warn(QStringLiteral("change watcher lost %1: %2").arg(d->url.display(), reason));
        emit connectionLost(reason);
    }
    if (d->running)
        d->retryTimer->start();
}

void ChangeWatcher::retry()
{
    if (!d->running) {
        d->retryTimer->stop();
        return;
    }
    if (!connectNow())
        return;   // still down; the timer tries again
    d->retryTimer->stop();
    d->lostReported = false;
    d->pollTimer->start();
    Logging::info(QStringLiteral("change watcher reconnected to %1").arg(d->url.display()));
    emit connectionRestored();
    // Whatever happened while we were away was not notified: make the console re-read.
    emit changed();
}
