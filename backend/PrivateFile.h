#pragma once

#include <QString>

/**
 * Files that hold operation data or logs are created readable and writable by their owner only
 * (mode 0600), whatever the umask: the operation database, the sandbox's database and the log
 * files name orders, amounts, customers' refund reasons and people's notes.
 *
 * SQLite gives its -wal, -shm and -journal files the mode of the database file, so creating the
 * database file 0600 before SQLite opens it covers them too.
 */
class PrivateFile
{
public:
    /** Owner read and write (0600). */
    static constexpr unsigned kMode = 0600;

    /**
     * Creates path as an empty file with kMode when nothing exists there yet; an existing file
     * keeps its mode (an administrator may have chosen 0640 for a group). Returns false and sets
     * *error when it cannot be created; the caller's own open then reports the real problem.
     * Safe when several processes race: only one creates the file, none truncates it.
     */
    static bool create(const QString& path, QString* error = nullptr);
};
