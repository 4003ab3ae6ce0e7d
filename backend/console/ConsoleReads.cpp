#include "console/ConsoleReads.h"

#include "console/ConsoleDataService.h"
#include "db/Database.h"
#include "db/RoleManager.h"
#include "db/SchemaMigrator.h"

#include <QSqlQuery>

namespace ConsoleReads {

StoreResult<Page> readPage(OperationStore& store, const PageRequest& request)
{
    Page page;
    OperationStore::Query q = request.query;
    if (request.countTotal) {
        auto n = store.countOperations(q);
        if (!n)
            return n.error();
        page.total = n.value();
    }
    QList<Operation>& out = page.rows;
    while (out.size() < request.count) {
        q.limit = qMin(1000, request.count - int(out.size()));
        auto read = store.operations(q);
        if (!read)
            return read.error();
        const QList<Operation>& rows = read.value();
        if (rows.isEmpty())
            break;
        // Pages follow one another from the cursor: forwards after the last row, backwards before the first.
        if (q.before || q.fromEnd) {
            out = rows + out;
            q.before = OperationStore::cursorOf(rows.constFirst(), q.sort);
        } else {
            out.append(rows);
            q.after = OperationStore::cursorOf(rows.constLast(), q.sort);
            q.afterInclusive = false;
        }
        if (rows.size() < q.limit)
            break;
    }
    return page;
}

PageReader directReader(OperationStore& store)
{
    return [&store](const PageRequest& request, PageDone done) { done(readPage(store, request)); };
}

PageReader serviceReader(ConsoleDataService& service, QObject* context)
{
    return [&service, context](const PageRequest& request, PageDone done) {
        service.submit(
            context, [request](Database&, OperationStore& store) { return readPage(store, request); },
            [done = std::move(done)](StoreResult<Page> page) { done(std::move(page)); });
    };
}

StoreResult<Status> readStatus(Database& db, OperationStore& store, const Clock& clock, qint64 expiringWithinMs,
                               bool withIdentity)
{
    Status s;
    if (withIdentity) {
        if (auto schema = SchemaMigrator::check(db); !schema)
            return schema.error();
    }
    s.countsReadAtMs = clock.nowMs();
    auto counts = store.stateCounts(s.countsReadAtMs, expiringWithinMs);
    if (!counts)
        return counts.error();
    s.counts = counts.value();
    if (auto values = SettingsStore(db, clock).load())
        s.settings = values.value();
    if (withIdentity) {
        s.identityRead = true;
        if (auto role = RoleManager::currentRole(db))
            s.role = role.value();
        else
            s.roleError = role.error().message;
        if (db.isPostgres()) {
            if (auto who = db.run(QStringLiteral("SELECT session_user"), {}, QStringLiteral("read login"));
                who && who.value().next())
                s.login = who.value().value(0).toString();
        }
    }
    return s;
}

} // namespace ConsoleReads
