// What the console prints for countdowns, ages and amounts, at fixed instants (R10: every
// deadline is UTC instant arithmetic; a daylight-saving change must not shift it).
#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QDateTime>
#include <QTextBoundaryFinder>
#include <QTimeZone>
#include <QtTest>

#include <cmath>
#include <ctime>

namespace {
constexpr qint64 kS = 1000;
constexpr qint64 kMin = 60 * kS;
constexpr qint64 kH = 60 * kMin;

qint64 utc(const char* iso)
{
    return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODate).toMSecsSinceEpoch();
}
} // namespace

class TestOperationFormat : public QObject
{
    Q_OBJECT

private slots:
    void reasonCodesReadAsWords();
    void auditDetailsReadAsALine();
    void percentInEachLanguage();
    void interfaceLanguageSetsTheFormattingLocale();
    void countdownTexts_data();
    void countdownTexts();
    void closedAndUnattemptedRowsShowADash();
    void urgencyColours();
    void statusPaletteKeepsTheLookAndReadsOnDark_issue15();
    void countdownAcrossDaylightSavingIsUtcArithmetic_R10();
    void ages();
    void money();
    void keyBreaksAfterEveryHyphen_issue15();
    void r12_inFlightPastDeadlineIsNoAnswerRecorded();
};

void TestOperationFormat::countdownTexts_data()
{
    QTest::addColumn<qint64>("leftMs");
    QTest::addColumn<QString>("text");
    QTest::newRow("23 h 12 min") << (23 * kH + 12 * kMin + 59 * kS) << QStringLiteral("23 h 12 min");
    QTest::newRow("4 min 10 s") << (4 * kMin + 10 * kS + 999) << QStringLiteral("4 min 10 s");
    QTest::newRow("seconds") << (42 * kS) << QStringLiteral("42 s");
    QTest::newRow("days (v2 retention)") << (29 * 24 * kH + 5 * kH) << QStringLiteral("29 d 5 h");
    QTest::newRow("last millisecond") << qint64(1) << QStringLiteral("0 s");
    QTest::newRow("at the deadline") << qint64(0) << QStringLiteral("expired");
    QTest::newRow("after the deadline") << (-3 * kH) << QStringLiteral("expired");
}

void TestOperationFormat::countdownTexts()
{
    QFETCH(qint64, leftMs);
    QFETCH(QString, text);
    const qint64 now = utc("2026-06-01T12:00:00Z");
    QCOMPARE(OperationFormat::countdown(now + leftMs, now), text);
    QCOMPARE(OperationFormat::keyCountdown(OperationStatus::Unknown, now + leftMs, now), text);
}

void TestOperationFormat::closedAndUnattemptedRowsShowADash()
{
    const qint64 now = utc("2026-06-01T12:00:00Z");
    const QString dash = QStringLiteral("—");
    QCOMPARE(OperationFormat::keyCountdown(OperationStatus::Open, std::nullopt, now), dash);
    QCOMPARE(OperationFormat::keyCountdown(OperationStatus::Refunded, now + kH, now), dash);
    QCOMPARE(OperationFormat::keyCountdown(OperationStatus::Failed, now + kH, now), dash);
    QCOMPARE(OperationFormat::keyCountdown(OperationStatus::Open, now + kH, now), QStringLiteral("1 h 0 min"));
}

void TestOperationFormat::urgencyColours()
{
    using U = OperationFormat::Urgency;
    const qint64 now = utc("2026-06-01T12:00:00Z");
    QCOMPARE(OperationFormat::urgency(OperationStatus::Open, now + 5 * kH, now), U::Normal);
    QCOMPARE(OperationFormat::urgency(OperationStatus::Open, now + 59 * kMin, now), U::Soon);
    QCOMPARE(OperationFormat::urgency(OperationStatus::Unknown, now + 10 * kMin, now), U::Critical);
    QCOMPARE(OperationFormat::urgency(OperationStatus::Unknown, now, now), U::Expired);
    QCOMPARE(OperationFormat::urgency(OperationStatus::Refunded, now + 10 * kMin, now), U::None);
    QCOMPARE(OperationFormat::urgency(OperationStatus::Open, std::nullopt, now), U::None);
    QVERIFY(!StatusPalette::urgencyColor(U::Normal).isValid());
    QVERIFY(StatusPalette::urgencyColor(U::Critical).isValid());
    QVERIFY(StatusPalette::urgencyColor(U::Soon) != StatusPalette::urgencyColor(U::Critical));
}

namespace {
// WCAG contrast ratio of two colours (1..21).
double contrast(const QColor& a, const QColor& b)
{
    const auto luminance = [](const QColor& c) {
        const auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (qMax(la, lb) + 0.05) / (qMin(la, lb) + 0.05);
}
} // namespace

// Issue 15: one palette owns the status colours. On a light base they are the colours the
// console always had; on a dark base every text colour is a lighter shade that still reads.
void TestOperationFormat::statusPaletteKeepsTheLookAndReadsOnDark_issue15()
{
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    QVERIFY(!StatusPalette::isDark(light));
    QVERIFY(StatusPalette::isDark(dark));
    // A transparent view (the navigation list): its text tells.
    QPalette seeThrough = light;
    seeThrough.setColor(QPalette::Base, Qt::transparent);
    seeThrough.setColor(QPalette::Text, Qt::black);
    QVERIFY(!StatusPalette::isDark(seeThrough));
    seeThrough.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    QVERIFY(StatusPalette::isDark(seeThrough));
    QCOMPARE(StatusPalette::statusColor(OperationStatus::Open, light), QColor(0x25, 0x63, 0xeb));
    QCOMPARE(StatusPalette::statusColor(OperationStatus::Unknown, light), QColor(0xd9, 0x77, 0x06));
    QCOMPARE(StatusPalette::statusColor(OperationStatus::Refunded, light), QColor(0x15, 0x80, 0x3d));
    QCOMPARE(StatusPalette::statusColor(OperationStatus::Failed, light), QColor(0xb9, 0x1c, 0x1c));
    QCOMPARE(StatusPalette::statusColor(OperationStatus::Reversed, light), QColor(0x9d, 0x17, 0x4d));
    QCOMPARE(StatusPalette::urgencyColor(OperationFormat::Urgency::Soon, light), QColor(0xb4, 0x53, 0x09));
    using S = OperationStatus;
    for (S s : {S::Open, S::Unknown, S::Refunded, S::Failed, S::Reversed}) {
        // Badges are bold: 3:1 is the large-text level.
        QVERIFY2(contrast(StatusPalette::statusForeground(s, light), Qt::white) >= 3.0,
                 qPrintable(statusName(s)));
        QVERIFY2(contrast(StatusPalette::statusForeground(s, dark), dark.color(QPalette::Base)) >= 4.5,
                 qPrintable(statusName(s)));
        QVERIFY(StatusPalette::statusForeground(s, dark) != StatusPalette::statusForeground(s, light));
    }
    using T = StatusPalette::Tone;
    for (T t : {T::Info, T::Success, T::Warning, T::Danger}) {
        QVERIFY(contrast(StatusPalette::toneForeground(t, light), Qt::white) >= 4.5);
        QVERIFY(contrast(StatusPalette::toneForeground(t, dark), dark.color(QPalette::Base)) >= 4.5);
        QVERIFY(contrast(StatusPalette::toneForeground(t, light), StatusPalette::toneBackground(t, light)) >=
                4.5);
        QVERIFY(contrast(StatusPalette::toneForeground(t, dark), StatusPalette::toneBackground(t, dark)) >=
                3.0);
    }
    // Check all and the resolve dialog colour a proposal alike (they used to differ on "failed").
    QCOMPARE(StatusPalette::proposalColor(ResolutionPolicy::Proposal::Kind::Failed, light),
             StatusPalette::toneForeground(T::Danger, light));
}

void TestOperationFormat::countdownAcrossDaylightSavingIsUtcArithmetic_R10()
{
    // Berlin springs forward at 2026-03-29 01:00 UTC (02:00 CET -> 03:00 CEST): a wall-clock
    // difference would say 3 h where only 2 h are left.
    const QByteArray oldTz = qgetenv("TZ");
    qputenv("TZ", "Europe/Berlin");
    tzset();
    const qint64 now = utc("2026-03-29T00:30:00Z");
    const qint64 expires = now + 2 * kH;
    // The time zone really is in effect, so the test can tell the two computations apart.
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(now, Qt::LocalTime).offsetFromUtc(), 3600);
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(expires, Qt::LocalTime).offsetFromUtc(), 7200);
    const qint64 wallClockHours = QDateTime::fromMSecsSinceEpoch(now, Qt::LocalTime).time().secsTo(
                                      QDateTime::fromMSecsSinceEpoch(expires, Qt::LocalTime).time()) / 3600;
    QCOMPARE(wallClockHours, 3);

    QCOMPARE(OperationFormat::countdown(expires, now), QStringLiteral("2 h 0 min"));
    QCOMPARE(OperationFormat::countdown(expires, now + 90 * kMin), QStringLiteral("30 min 0 s"));
    QCOMPARE(OperationFormat::age(now - 30 * kMin, now + 30 * kMin), QStringLiteral("1 h 0 min"));
    QVERIFY(OperationFormat::localTime(expires).endsWith(QStringLiteral("CEST")));
    QVERIFY(OperationFormat::utcTime(expires).startsWith(QStringLiteral("2026-03-29 02:30:00")));

    if (oldTz.isEmpty())
        qunsetenv("TZ");
    else
        qputenv("TZ", oldTz);
    tzset();
}

void TestOperationFormat::ages()
{
    const qint64 now = utc("2026-06-01T12:00:00Z");
    QCOMPARE(OperationFormat::age(now - 12 * kS, now), QStringLiteral("12 s"));
    QCOMPARE(OperationFormat::age(now - 5 * kMin - 30 * kS, now), QStringLiteral("5 min"));
    QCOMPARE(OperationFormat::age(now - 3 * kH - 20 * kMin, now), QStringLiteral("3 h 20 min"));
    QCOMPARE(OperationFormat::age(now - 50 * kH, now), QStringLiteral("2 d 2 h"));
    QCOMPARE(OperationFormat::age(now + kH, now), QStringLiteral("0 s"));   // a clock skew never goes negative
}

// Issue 15: the idempotency key in the detail panel wraps at its hyphens. Unicode line breaking
// gives no break between a hyphen and a digit (the "-5" of a number), so a key whose groups start
// with digits had none at all; the shown text has one after every hyphen and gives the key back.
void TestOperationFormat::keyBreaksAfterEveryHyphen_issue15()
{
    const QString key = QStringLiteral("1f54322c-6975-4940-8918-2a78c0d9e4f1");
    const auto breaksAfterHyphens = [](const QString& text) {
        QList<bool> out;
        QTextBoundaryFinder lines(QTextBoundaryFinder::Line, text);
        for (qsizetype i = 0; i < text.size(); ++i)
            if (text[i] == QLatin1Char('-')) {
                // After the hyphen, or after the hint that follows it.
                const qsizetype next = i + 1 < text.size() && text[i + 1] == QChar(OperationFormat::kBreakHint) ? i + 2 : i + 1;
                lines.setPosition(next);
                out << lines.isAtBoundary();
            }
        return out;
    };
    // The raw key: no break after any of its four hyphens (each is followed by a digit).
    QCOMPARE(breaksAfterHyphens(key), QList<bool>({false, false, false, false}));
    const QString shown = OperationFormat::breakableAtHyphens(key);
    QCOMPARE(breaksAfterHyphens(shown), QList<bool>({true, true, true, true}));
    QCOMPARE(shown.size(), key.size() + 4);
    QCOMPARE(OperationFormat::withoutBreakHints(shown), key);
    // A hyphen followed by a letter already broke; it still does, and nothing else changes.
    const QString letters = QStringLiteral("7784c7db-6cd9-4485-aef0-2458ade79a31");
    QCOMPARE(breaksAfterHyphens(OperationFormat::breakableAtHyphens(letters)), QList<bool>({true, true, true, true}));
    QCOMPARE(OperationFormat::withoutBreakHints(OperationFormat::breakableAtHyphens(letters)), letters);
    QCOMPARE(OperationFormat::breakableAtHyphens(QStringLiteral("no_hyphens")), QStringLiteral("no_hyphens"));
}

void TestOperationFormat::money()
{
    const QLocale us(QLocale::English, QLocale::UnitedStates);
    QCOMPARE(OperationFormat::money(3800, QStringLiteral("usd"), us), QStringLiteral("$38.00"));
    QCOMPARE(OperationFormat::money(123456, QStringLiteral("USD"), us), QStringLiteral("$1,234.56"));
    QCOMPARE(OperationFormat::money(4700, QStringLiteral("gbp"), us), QStringLiteral("£47.00"));
    QCOMPARE(OperationFormat::money(500, QStringLiteral("jpy"), us), QStringLiteral("¥500"));
    const QString de = OperationFormat::money(3800, QStringLiteral("eur"), QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(de, QStringLiteral("38,00\u00a0€"));
    // The C locale (LANG=C) has no currency layout of its own: en_US is used, not "38.00$".
    QCOMPARE(OperationFormat::money(3800, QStringLiteral("usd"), QLocale::c()), QStringLiteral("$38.00"));
    QVERIFY(OperationFormat::money(3800, QStringLiteral("chf"), us).contains(QStringLiteral("CHF")));
}

// Issue 15: every reason code the tool writes reads as words; details after the code are kept,
// and a code nobody taught it comes back unchanged rather than as an empty cell.
void TestOperationFormat::reasonCodesReadAsWords()
{
    for (const char* code : {"attempt_budget_exhausted", "key_retention_passed", "response_mismatch",
                             "provider_saved_error", "idempotency_mismatch", "unrecognised_answer",
                             "refusal_after_unanswered_attempt", "no_refund_found", "refund_failed"}) {
        const QString title = OperationFormat::reasonTitle(QString::fromLatin1(code));
        QVERIFY2(!title.isEmpty() && !title.contains(QLatin1Char('_')), code);
    }
    QCOMPARE(OperationFormat::reasonTitle(QStringLiteral("refund_failed: expired_or_canceled_card")),
             QStringLiteral("The provider reports the refund failed (expired_or_canceled_card)"));
    QCOMPARE(OperationFormat::reasonTitle(QStringLiteral("some_new_code")), QStringLiteral("some_new_code"));
    QCOMPARE(OperationFormat::reasonTitle(QString()), QString());
}

// Issue 15: the audit log's Details column was raw JSON.
void TestOperationFormat::auditDetailsReadAsALine()
{
    const QJsonObject resolved{{QStringLiteral("from"), QStringLiteral("unknown")},
                               {QStringLiteral("to"), QStringLiteral("refunded")},
                               {QStringLiteral("provider_refund_id"), QStringLiteral("re_1")},
                               {QStringLiteral("note"), QStringLiteral("found at the provider")},
                               {QStringLiteral("evidence"), QJsonObject{{QStringLiteral("refund"), QJsonObject{}}}}};
    QCOMPARE(OperationFormat::auditSummary(QStringLiteral("resolve"), resolved),
             QStringLiteral("Unknown → Refunded · refund re_1 · note: “found at the provider”"));
    const QJsonObject failed{{QStringLiteral("from"), QStringLiteral("unknown")},
                             {QStringLiteral("to"), QStringLiteral("failed")},
                             {QStringLiteral("failure_code"), QStringLiteral("no_refund_found")},
                             {QStringLiteral("note"), QStringLiteral("checked")}};
    QCOMPARE(OperationFormat::auditSummary(QStringLiteral("resolve"), failed),
             QStringLiteral("Unknown → Failed · No refund was made · note: “checked”"));
    const QJsonObject reversal{{QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card")},
                               {QStringLiteral("event_id"), QStringLiteral("evt_9")}};
    QCOMPARE(OperationFormat::auditSummary(QStringLiteral("reverse"), reversal),
             QStringLiteral("Refunded → Reversed · expired_or_canceled_card · event evt_9"));
    const QJsonObject setting{{QStringLiteral("key"), QStringLiteral("backoff_cap_ms")},
                              {QStringLiteral("new"), QStringLiteral("5000")},
                              {QStringLiteral("old"), QStringLiteral("4000")}};
    QCOMPARE(OperationFormat::auditSummary(QStringLiteral("settings.set"), setting),
             QStringLiteral("key: backoff_cap_ms · new: 5000 · old: 4000"));
}

// Issue 15: Turkish writes the sign first ("%13,8"), Russian after a space ("13,8 %").
void TestOperationFormat::percentInEachLanguage()
{
    QCOMPARE(OperationFormat::percent(13.8, 1, QLocale(QLocale::English)), QStringLiteral("13.8%"));
    QCOMPARE(OperationFormat::percent(13.8, 1, QLocale(QLocale::Russian)), QStringLiteral("13,8\u00A0%"));
    QCOMPARE(OperationFormat::percent(13.8, 1, QLocale(QLocale::Turkish)), QStringLiteral("%13,8"));
    QCOMPARE(OperationFormat::percent(100.0, 1, QLocale::c()), QStringLiteral("100.0%"));
}

void TestOperationFormat::interfaceLanguageSetsTheFormattingLocale()
{
    // --lang ru on an English (or C) desktop: Russian money, not "$38.00" beside Russian words.
    const QLocale ru = OperationFormat::interfaceLocale(QStringLiteral("ru"), QLocale::c());
    QCOMPARE(ru.language(), QLocale::Russian);
    QCOMPARE(OperationFormat::money(3800, QStringLiteral("usd"), ru), QStringLiteral("38,00\u00a0$"));
    QCOMPARE(OperationFormat::interfaceLocale(QStringLiteral("tr"), QLocale(QLocale::English, QLocale::UnitedStates)).language(),
             QLocale::Turkish);
    // The same language as the system: the system's own country and conventions stay.
    const QLocale gb(QLocale::English, QLocale::UnitedKingdom);
    QCOMPARE(OperationFormat::interfaceLocale(QStringLiteral("en"), gb), gb);
    QCOMPARE(OperationFormat::interfaceLocale(QStringLiteral("xx"), gb), gb);
}

QTEST_GUILESS_MAIN(TestOperationFormat)
// Issue 10 item 2: an attempt whose process died before recording its answer stayed "In flight"
// for ever; past its deadline it says that no answer was recorded.
void TestOperationFormat::r12_inFlightPastDeadlineIsNoAnswerRecorded()
{
    const qint64 deadline = 1'780'000'000'000LL;
    QCOMPARE(OperationFormat::outcomeTitle(QStringLiteral("in_flight"), deadline, deadline - 1), QStringLiteral("In flight"));
    QCOMPARE(OperationFormat::outcomeTitle(QStringLiteral("in_flight"), deadline, deadline + 1),
             QStringLiteral("No answer recorded"));
    // Rows from before schema v3 have no deadline: nothing can be said about them.
    QCOMPARE(OperationFormat::outcomeTitle(QStringLiteral("in_flight"), std::nullopt, deadline + 1), QStringLiteral("In flight"));
    QCOMPARE(OperationFormat::outcomeTitle(QStringLiteral("no_response"), deadline, deadline + 1), QStringLiteral("No response"));
}

#include "TestOperationFormat.moc"
