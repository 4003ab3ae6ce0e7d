#pragma once

#include <QString>
#include <QStringList>

/**
 * The PostgreSQL functions through which people and the reconciler change rows the tool roles
 * cannot (R16, R17, R20, R21, R24): refund_caller_role(), resolve_operation(),
 * reverse_operation() and change_setting(). On SQLite the same rules are OperationStore's and
 * SettingsStore's (ResolutionRules, SettingsValidation). Part of the database guard
 * (DatabaseGuard::definitionStatements()), which REVOKEs them from PUBLIC and pins their search_path.
 */
namespace TransitionFunctions {

/** CREATE OR REPLACE FUNCTION statements, idempotent: a second run keeps owner and grants. */
QStringList createStatements();

/** refund_caller_role(): PUBLIC may call it (it only says which refund role the caller holds). */
QString callerRoleSignature();

/** The signatures of the three transitions, which PUBLIC never executes (`db roles` grants them). */
QStringList transitionSignatures();

} // namespace TransitionFunctions
