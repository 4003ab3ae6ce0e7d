#pragma once

#include <QString>
#include <QStringList>

/**
 * The actions a stored provider event still waits in (R24): the reconciler looks at such an
 * event again, and the database guard lets only such an event be decided (a decided one never
 * changes). One list for both, so the two cannot disagree.
 *
 * left_unknown waits too: the row may still close `refunded` from the tool's late answer (a
 * replay of the stored 200 says "succeeded" whatever the refund became since), and only a look
 * after that close reverses it (found by the simulation, seed 1018728).
 */
namespace WaitingEventActions {

inline QStringList list()
{
    return {QStringLiteral("pending"), QStringLiteral("fetch_failed"), QStringLiteral("left_open"),
            QStringLiteral("left_unknown")};
}

/** list() as SQL: "('pending', 'fetch_failed', 'left_open', 'left_unknown')" (fixed words, never input). */
inline QString sqlList()
{
    QStringList quoted;
    for (const QString& action : list())
        quoted << QLatin1Char('\'') + action + QLatin1Char('\'');
    return QLatin1Char('(') + quoted.join(QStringLiteral(", ")) + QLatin1Char(')');
}

} // namespace WaitingEventActions
