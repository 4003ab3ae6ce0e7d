# The operation database: schema, OperationStore, SettingsStore (SPEC sections 2 and 7).
target_sources(refund_backend PRIVATE
    Result.h
    db/AttemptRecord.h
    db/AuditEntry.h
    db/Database.h db/Database.cpp
    db/SqliteWriteGate.h db/SqliteWriteGate.cpp
    db/DatabaseUrl.h db/DatabaseUrl.cpp
    db/KeysetOrder.h db/KeysetOrder.cpp
    db/LocaleCollation.h db/LocaleCollation.cpp
    db/Operation.h
    db/OperationStatus.h db/OperationStatus.cpp
    db/OperationStore.h db/OperationStore.cpp
    db/QueryRows.h db/SqlNull.h
    db/Order.h
    db/Migration.h db/ExactlyOnceMigration.cpp db/DatabaseGuardMigration.cpp db/ReconcileMigration.cpp db/TransitionFunctions.h db/TransitionFunctions.cpp
    db/SearchIndexMigration.cpp db/OperationSearch.h db/OperationSearch.cpp
    db/LogicalRefundMigration.cpp db/LogicalRefundRepeats.h db/LogicalRefundRepeats.cpp
    db/DatabaseGuard.h db/DatabaseGuard.cpp db/WaitingEventActions.h
    db/HistoryRollups.h db/HistoryRollups.cpp db/HistoryRollupMigration.cpp
    db/ResolutionRules.h db/ResolutionRules.cpp
    db/SchemaMigrator.h db/SchemaMigrator.cpp
    db/SettingsStore.h db/SettingsStore.cpp db/SettingsValidation.cpp
    db/StoreError.h db/StoreError.cpp
    db/ToolCallRecord.h)

# The refund-tool command line, kept in the library so tests run it in-process.
target_sources(refund_backend PRIVATE
    cli/CliError.h
    cli/CliCommands.h cli/CliSupport.cpp
    cli/CliDbCommands.cpp cli/CliOrderCommands.cpp cli/CliSettingsCommands.cpp cli/CliReviewCommands.cpp
    cli/CliRefundCommands.cpp cli/CliHistoryCommands.cpp cli/CliMessageCommands.cpp cli/CliReconcileCommands.cpp
    cli/RefundToolCli.h cli/RefundToolCli.cpp)
target_sources(refund_backend PRIVATE db/ChangeWatcher.h db/ChangeWatcher.cpp)
target_sources(refund_backend PRIVATE db/HistoryGenerator.h db/HistoryGenerator.cpp)
# HistoryGenerator binds bulk inserts through SQLite's C API on Qt's connection (the library Qt's driver uses).
find_package(SQLite3 REQUIRED)
target_link_libraries(refund_backend PRIVATE SQLite::SQLite3)
target_sources(refund_backend PRIVATE db/RoleManager.h db/RoleManager.cpp)
