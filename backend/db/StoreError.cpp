#include "StoreError.h"

QString StoreError::codeName(Code code)
{
    switch (code) {
    case Code::None: return QStringLiteral("none");
    case Code::InvalidArgument: return QStringLiteral("invalid_argument");
    case Code::InvalidUrl: return QStringLiteral("invalid_url");
    case Code::ConnectionFailed: return QStringLiteral("connection_failed");
    case Code::SchemaTooNew: return QStringLiteral("schema_too_new");
    case Code::SchemaOutdated: return QStringLiteral("schema_outdated");
    case Code::QueryFailed: return QStringLiteral("query_failed");
    case Code::NotFound: return QStringLiteral("not_found");
    case Code::AlreadyExists: return QStringLiteral("already_exists");
    case Code::NotRefundable: return QStringLiteral("not_refundable");
    case Code::NotOpen: return QStringLiteral("not_open");
    case Code::BudgetExhausted: return QStringLiteral("budget_exhausted");
    case Code::KeyRetentionPassed: return QStringLiteral("key_retention_passed");
    case Code::AlreadyResolved: return QStringLiteral("already_resolved");
    case Code::NotAllowed: return QStringLiteral("not_allowed");
    case Code::NotADatabase: return QStringLiteral("not_a_database");
    case Code::Busy: return QStringLiteral("database_busy");
    }
    return QStringLiteral("unknown");
}
