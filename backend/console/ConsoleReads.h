#pragma once

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "db/StoreError.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

class ConsoleDataService;
class Database;
class QObject;

/**
 * The reads the console's main window and its operations table make (issue 12 item 1), as
 * plain functions over a connection: the window runs them on the ConsoleDataService's thread
 * (ConsoleDataService::submit), so nothing here runs on the GUI thread there. Tests and the
 * benchmark may run them directly (directReader).
 */
namespace ConsoleReads {

/** One read of the operations table: up to count rows of query's order from its cursor. */
struct PageRequest
{
    OperationStore::Query query;
    int count = 200;
    bool countTotal = false;   ///< also count the whole result in SQL (countOperations)
};

struct Page
{
    QList<Operation> rows;
    std::optional<qint64> total;   ///< when countTotal was asked
};

/** Reads request in pages of at most 1000 rows, each following the last (keyset, either direction). */
StoreResult<Page> readPage(OperationStore& store, const PageRequest& request);

using PageDone = std::function<void(StoreResult<Page>)>;
/** Runs a PageRequest somewhere and calls done with the answer, now or later, in the caller's thread. */
using PageReader = std::function<void(const PageRequest&, PageDone)>;

/** Reads on the calling thread; done is called before it returns (tests, benchmarks). */
PageReader directReader(OperationStore& store);
/**
 * Reads on the service's thread; done runs in context's thread, and not at all if context
 * is destroyed or the service is closed or reopened before the answer arrives.
 */
PageReader serviceReader(ConsoleDataService& service, QObject* context);

/** What the window shows besides the rows: counts, settings and, at connect time, who is connected. */
struct Status
{
    OperationStore::StateCounts counts;
    qint64 countsReadAtMs = 0;
    std::optional<SettingsStore::Values> settings;   ///< nullopt: they could not be read (keep what is shown)
    bool identityRead = false;   ///< the fields below were read (withIdentity)
    QString role;                ///< RoleManager::currentRole ("single-user" on SQLite); empty when unreadable
    QString roleError;           ///< why the role could not be read
    QString login;               ///< session_user on PostgreSQL; empty on SQLite
};

/**
 * The state counts (at the clock's now, keys expiring within expiringWithinMs) and the
 * settings; withIdentity also checks the schema (SchemaMigrator::check: an outdated or newer
 * schema fails with its code) and reads the login and its role.
 */
StoreResult<Status> readStatus(Database& db, OperationStore& store, const Clock& clock, qint64 expiringWithinMs,
                               bool withIdentity);

} // namespace ConsoleReads
