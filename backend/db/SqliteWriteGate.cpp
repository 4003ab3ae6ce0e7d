#include "db/SqliteWriteGate.h"

#include <QFileInfo>
#include <QHash>

#include <chrono>

std::shared_ptr<SqliteWriteGate> SqliteWriteGate::forFile(const QString& path)
{
    static std::mutex registryMutex;
    static QHash<QString, std::weak_ptr<SqliteWriteGate>> registry;
    // The file itself (links and ".." resolved) once it exists; two spellings of one file
    // would only lose the queue, not break anything: SQLite's lock still orders them.
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    const QString key = canonical.isEmpty() ? info.absoluteFilePath() : canonical;
    std::lock_guard lock(registryMutex);
    if (auto existing = registry.value(key).lock())
        return existing;
    for (auto it = registry.begin(); it != registry.end();)   // files no connection uses any more
        it = it.value().expired() ? registry.erase(it) : std::next(it);
    auto gate = std::make_shared<SqliteWriteGate>();
    registry.insert(key, gate);
    return gate;
}

SqliteWriteGate::Entry SqliteWriteGate::enter(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    if (m_held && m_owner == std::this_thread::get_id())
        return Entry::AlreadyInside;
    if (!m_free.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] { return !m_held; }))
        return Entry::TimedOut;
    m_held = true;
    m_owner = std::this_thread::get_id();
    return Entry::Entered;
}

void SqliteWriteGate::leave()
{
    {
        std::lock_guard lock(m_mutex);
        m_held = false;
        m_owner = {};
    }
    m_free.notify_one();
}
