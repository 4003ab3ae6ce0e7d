#pragma once

#include "OperationFormat.h"
#include "db/OperationStatus.h"
#include "review/ResolutionPolicy.h"

#include <QColor>
#include <QPalette>

/**
 * The console's status colours in one place: operation statuses, key-retention urgency,
 * resolution proposals, message tones and chart series. Nothing else names a status colour.
 *
 * Each colour has two shades: a dark one that reads as text on a light base (the look the
 * console always had) and a light one for a dark base. The palette argument (default: the
 * application's) picks the shade: light text on a darker base is a dark theme.
 */
class StatusPalette
{
public:
    /** What a message, a hint or a cell says, independent of what it is about. */
    enum class Tone { Info, Success, Warning, Danger, Muted };
    /** The History charts' series that are not a status. */
    enum class Series { DuplicatesPrevented, AttemptsPerOperation, TimeToResolve };

    /** The application's palette; a light one where there is no QGuiApplication (tests, tools). */
    static QPalette applicationPalette();
    /** True when palette's Text is lighter than its Base (a dark theme): the light shades are used. */
    static bool isDark(const QPalette& palette = applicationPalette());

    /** A status's own colour: badge outlines, chart bars, the accent of its badge. */
    static QColor statusColor(OperationStatus status, const QPalette& palette = applicationPalette());
    /** Text in a status's colour (a status cell's ForegroundRole, a badge's text). */
    static QColor statusForeground(OperationStatus status, const QPalette& palette = applicationPalette());
    /** The pale fill behind a status's text (a badge). */
    static QColor statusBackground(OperationStatus status, const QPalette& palette = applicationPalette());

    /** Text colour of a key-retention countdown; invalid (= the view's default) for None/Normal. */
    static QColor urgencyColor(OperationFormat::Urgency urgency,
                               const QPalette& palette = applicationPalette());
    /** Text colour of a resolution proposal; invalid (the view's default) for "keep waiting" and the like. */
    static QColor proposalColor(ResolutionPolicy::Proposal::Kind kind,
                                const QPalette& palette = applicationPalette());

    static QColor toneForeground(Tone tone, const QPalette& palette = applicationPalette());
    /** A pale fill (banners, highlighted phrases, progress tracks for Muted). */
    static QColor toneBackground(Tone tone, const QPalette& palette = applicationPalette());
    /** A stronger fill than toneBackground() that marks a phrase inside text. */
    static QColor toneHighlight(Tone tone, const QPalette& palette = applicationPalette());
    /** A banner's border and accent stripe. */
    static QColor toneBorder(Tone tone, const QPalette& palette = applicationPalette());
    /** "color: #rrggbb;" in the tone's foreground, for style sheets. */
    static QString toneStyleSheet(Tone tone, const QPalette& palette = applicationPalette());

    static QColor seriesColor(Series series, const QPalette& palette = applicationPalette());
};
