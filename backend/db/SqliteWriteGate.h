#pragma once

#include <QString>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

/**
 * One queue per SQLite file for the write transactions of this process's connections.
 *
 * SQLite lets one writer in at a time; a connection that finds the lock taken sleeps in its busy
 * handler for 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 and then 100 ms between tries, so with
 * several connections in one process (the MCP server's workers) a waiter keeps sleeping after
 * the writer before it has committed. Here a waiter is woken when the writer before it leaves.
 * The gate only orders this process's writers; SQLite's own lock (and busy handler) still stands
 * between processes, so nothing about durability or isolation changes.
 */
class SqliteWriteGate
{
public:
    /** The gate of the file at path (its canonical path once it exists); one per file in the process. */
    static std::shared_ptr<SqliteWriteGate> forFile(const QString& path);

    enum class Entry {
        Entered,          ///< this thread holds the gate: call leave() when the transaction ends
        AlreadyInside,    ///< this thread holds it through another connection: SQLite decides
        TimedOut,         ///< another writer held it for timeoutMs
    };
    /** Waits up to timeoutMs (ms) for the gate. */
    Entry enter(int timeoutMs);
    /** Lets the next writer in; only after enter() returned Entered. */
    void leave();

private:
    std::mutex m_mutex;
    std::condition_variable m_free;
    bool m_held = false;
    std::thread::id m_owner;
};
