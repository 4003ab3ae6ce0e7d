#pragma once

#include "Result.h"

#include <QString>

/**
 * Why a database operation did not happen. The code is what callers branch on; the message
 * is for people and names the field and the reason where there is one.
 */
struct StoreError
{
    enum class Code {
        None,
        InvalidArgument,       ///< a value failed validation; field names it
        InvalidUrl,            ///< the database URL could not be parsed
        ConnectionFailed,      ///< could not open or lost the database connection
        SchemaTooNew,          ///< the database was written by a newer program; nothing was changed
        SchemaOutdated,        ///< the database needs `refund-tool db migrate`
        QueryFailed,           ///< the engine refused a statement (message has its text)
        NotFound,              ///< no such order / operation
        AlreadyExists,         ///< an order with that id exists with other values
        NotRefundable,         ///< R5: the order's refundable amount does not cover the refund
        NotOpen,               ///< the operation is no longer `open` (R4, R9, R10)
        BudgetExhausted,       ///< R6: attempts reached max_attempts_per_operation
        KeyRetentionPassed,    ///< R10: the idempotency key may have expired at the provider
        AlreadyResolved,       ///< R17: another reviewer resolved the operation first
        NotAllowed,            ///< the resolution breaks R16, or the role may not do it
        NotADatabase,          ///< the SQLite file is not a (healthy) database; nothing was changed
        Busy,                  ///< a row lock was held past lock_timeout (PostgreSQL 55P03); nothing was changed
    };

    Code code = Code::None;
    QString message;
    QString field;   ///< the offending field or setting key, when there is one

    static StoreError make(Code code, QString message, QString field = {})
    {
        return StoreError{code, std::move(message), std::move(field)};
    }
    /** Stable lower-case name of the code, for logs and JSON (e.g. "budget_exhausted"). */
    static QString codeName(Code code);
};

template <typename T>
using StoreResult = Result<T, StoreError>;
