#pragma once

#include "Clock.h"
#include "db/Database.h"

#include <QString>

/**
 * A small refund history built only through OperationStore calls on a ManualClock, whose
 * history figures are known by hand (see the table in HandBuiltHistory.cpp). Days are UTC
 * days starting at kDay0 (2026-11-24T00:00:00Z); the range [kDay0, kDay0 + 3 days) holds
 * operations A..G, and one operation just before (Z) and one exactly at the end (H) check the
 * range edges.
 */
struct HandBuiltHistory
{
    static constexpr qint64 kHour = 3600LL * 1000;
    static constexpr qint64 kDayMs = 24 * kHour;
    static constexpr qint64 kDay0 = 1'795'478'400'000LL; // 2026-11-24T00:00:00Z
    static constexpr int kRacers = 4;                    // concurrent tool calls on operation F

    /** Builds the history into db (migrated, empty). Returns an empty string or what failed. */
    QString build(const QString& url, Database& db);

    /** F's concurrent tool calls that reported lostInsertRace (R3); the store decides, not the test. */
    int lostInsertRaces = 0;
    QString operationA, operationB, operationC, operationD, operationE, operationF, operationG;
    /** Notes the CSV test reads back: commas, quotes, a newline. */
    static QString noteD()
    {
        return QStringLiteral("Found re_D, \"succeeded\"; checked by alice,\nsecond line");
    }
    static QString noteE() { return QStringLiteral("no refund found, key retention passed"); }
};
