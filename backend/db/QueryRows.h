#pragma once

#include "db/StoreError.h"

#include <QList>
#include <QSqlQuery>

#include <optional>
#include <type_traits>
#include <utility>

/**
 * The rows of a statement Database::run() or runPrepared() ran, each made by a row reader
 * (const QSqlQuery& -> the row's value): the statement's error when it failed, else all rows
 * or the first one. The statement is finished once read, so a kept (runPrepared) one holds no
 * read snapshot past the call (on SQLite an unfinished SELECT would keep the connection's read
 * transaction open).
 */
namespace QueryRows {

// Database::run() hands back its query, runPrepared() a pointer to the kept one.
inline QSqlQuery& queryOf(QSqlQuery& q) { return q; }
inline QSqlQuery& queryOf(QSqlQuery* q) { return *q; }

template<typename Reader>
using RowOf = std::invoke_result_t<Reader, const QSqlQuery&>;

template<typename Q, typename Reader>
StoreResult<QList<RowOf<Reader>>> all(StoreResult<Q> ran, Reader reader)
{
    if (!ran)
        return ran.error();
    QSqlQuery& q = queryOf(ran.value());
    QList<RowOf<Reader>> out;
    while (q.next())
        out.append(reader(q));
    q.finish();
    return out;
}

template<typename Q, typename Reader>
StoreResult<std::optional<RowOf<Reader>>> first(StoreResult<Q> ran, Reader reader)
{
    if (!ran)
        return ran.error();
    QSqlQuery& q = queryOf(ran.value());
    std::optional<RowOf<Reader>> out;
    if (q.next())
        out = reader(q);
    q.finish();
    return out;
}

} // namespace QueryRows
