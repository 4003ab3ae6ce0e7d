// The History tab (R12) and the Settings tab (R20) offscreen, on both engines: validation next
// to the field with Save disabled, an audited save with its history row, figures and charts
// following the range and state, the paged table, CSV export with progress; and screenshots
// of both tabs on a generated history (HistoryGenerator) at 1280x800. Issue 12: both tabs and the
// Resolve dialog read through a ConsoleDataService, never on the GUI thread (the service's
// job observer records where each read ran), and a History compute delays no short read.
#include "CsvReader.h"
#include "HandBuiltHistory.h"
#include "TestDatabase.h"

#include "HistoryCharts.h"
#include "HistoryTab.h"
#include "HistoryTableModel.h"
#include "MessageBanner.h"
#include "Money.h"
#include "OperationFormat.h"
#include "ResolveDialog.h"
#include "SettingsTab.h"
#include "StatusPalette.h"
#include "PaidTwiceDialog.h"
#include "UnmatchedEventsDialog.h"
#include "console/ConsoleDataService.h"
#include "db/HistoryGenerator.h"
#include "db/LocaleCollation.h"
#include "db/SettingsStore.h"
#include "history/HistoryRows.h"
#include "provider/ProviderEvent.h"
#include "reconcile/ProviderEventStore.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QLineSeries>
#include <QCategoryAxis>
#include <QLogValueAxis>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QCollator>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMutex>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QtTest>

namespace {
using H = HandBuiltHistory;

template <typename T>
T* child(QWidget* w, const char* name)
{
    T* c = w->findChild<T*>(QLatin1String(name));
    if (!c)
        qWarning("no child %s", name);
    return c;
}

QDate utcDate(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).date();
}

/** The console's data service on url, as MainWindow hands it to the tabs (asked before its open: requests
 * wait). */
std::unique_ptr<ConsoleDataService> dataService(const QString& url)
{
    auto service = std::make_unique<ConsoleDataService>(Clock::system(), ConsoleDataService::Options{});
    service->open(url);
    return service;
}

/** Hands the tab the service and waits for its first read. */
bool attach(SettingsTab& tab, ConsoleDataService& service)
{
    QSignalSpy loaded(&tab, &SettingsTab::loaded);
    return tab.setDataService(&service) && loaded.wait(30000) && loaded.last().at(0).toBool();
}

/** Clicks a button of the settings tab and waits for what it asked to land. */
bool clickAndWait(SettingsTab& tab, const char* button, bool save)
{
    QSignalSpy landed(&tab, save ? &SettingsTab::saveFinished : &SettingsTab::loaded);
    QTest::mouseClick(child<QPushButton>(&tab, button), Qt::LeftButton);
    return landed.wait(30000);
}

/** Records the thread of every job the service runs. */
struct JobThreads
{
    QMutex mutex;
    QList<QPair<ConsoleDataService::Where, QThread*>> seen;
    void watch(ConsoleDataService& service)
    {
        service.setJobObserver([this](ConsoleDataService::Where where) {
            QMutexLocker lock(&mutex);
            seen.append({where, QThread::currentThread()});
        });
    }
    int count(ConsoleDataService::Where where)
    {
        QMutexLocker lock(&mutex);
        return int(
            std::count_if(seen.cbegin(), seen.cend(), [where](const auto& s) { return s.first == where; }));
    }
    bool noneOn(QThread* thread)
    {
        QMutexLocker lock(&mutex);
        return std::none_of(seen.cbegin(), seen.cend(),
                            [thread](const auto& s) { return s.second == thread; });
    }
};

QString screenshotDir()
{
    const QString dir = qEnvironmentVariable("REFUND_SCREENSHOT_DIR");
    return dir.isEmpty() ? QStringLiteral(REFUND_HISTORY_SCREENSHOT_DIR) : dir;
}
} // namespace

class TestHistoryTabs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void r20_settingsValidationNextToTheField();
    void r20_settingsSaveIsAuditedAndShown();
    void presetsInvalidRangeAndDoubleClick();
    void r20_settingsReadOnlyForNonAdmins();
    void r20_onOffSettingIsACheckBoxSavedAsTrueOrFalse_issue15();
    void r12_historyFiguresFollowRangeAndState();
    void r12_historyEmptyRange();
    void r12_historyExportCsvWithProgress();
    void r24_unmatchedEventsDialogShowsWhatTheProviderSent();
    void localeCollationOrdersTextAsPeopleDo_issue15();
    void historyTableSortsEveryColumnInItsType_issue15();
    void historyHeaderClickSortsAndDoubleClickOpensThatRow_issue15();
    void historyStatusCellsUseTheStatusPalette_issue15();
    void historyReadsRunOffTheGuiThread_issue12();
    void historyComputeDoesNotDelayShortReads_issue12();
    void resolveDialogReadsAndResolvesOnTheServiceThread_issue12();
    void resolveWhoseAnswerWasLostIsNotReportedAsAFailure_issue12();
    void perDayChartsReadableWhenOneDayDominates_issue15();
    void monthOfDaysLabelsFitTheChartsWidth_issue15();
    void screenshots();

private:
    bool waitForStats(HistoryTab& tab);
    /** A generated history of mixed currencies and states in its own database (once per engine). */
    bool openSortHistory();
    /** Reads every row of the tab's table (page after page, in the background or not). */
    QStringList readAllRows(HistoryTab& tab);
    std::unique_ptr<TestDatabase> m_sortTestDb;
    std::unique_ptr<Database> m_sortDb;
    QList<Operation> m_sortRows; // every row of the generated history, in no particular order
    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    HandBuiltHistory m_history;
};

void TestHistoryTabs::initTestCase()
{
    m_testDb = std::make_unique<TestDatabase>();
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    const QString error = m_history.build(m_testDb->url(), *m_db);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHistoryTabs::cleanupTestCase()
{
    m_sortDb.reset();
    m_sortTestDb.reset();
    m_db.reset();
    m_testDb.reset();
}

bool TestHistoryTabs::waitForStats(HistoryTab& tab)
{
    QSignalSpy spy(&tab, &HistoryTab::statsUpdated);
    // The table's first page is read beside the figures (issue 12: both off this thread).
    const auto tableRead = [&tab] {
        return QTest::qWaitFor([&tab] { return !tab.tableModel()->isReading(); }, 30000);
    };
    if (!tab.isComputing())
        return tab.snapshot().has_value() && tableRead();
    return spy.wait(30000) && spy.last().at(0).toBool() && !tab.isComputing() && tableRead();
}

void TestHistoryTabs::r20_settingsValidationNextToTheField()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    auto service = dataService(t.url());
    SettingsTab tab;
    tab.resize(900, 600);
    tab.show();
    QVERIFY(attach(tab, *service));
    auto* perCall = child<QLineEdit>(&tab, "setting_max_attempts_per_call");
    auto* save = child<QPushButton>(&tab, "settingsSave");
    auto* perCallError = child<QLabel>(&tab, "error_max_attempts_per_call");
    QVERIFY(perCall && save && perCallError);
    QCOMPARE(perCall->text(), QStringLiteral("3"));
    QVERIFY(!save->isEnabled()); // nothing changed yet

    perCall->selectAll();
    QTest::keyClicks(perCall, QStringLiteral("abc"));
    QVERIFY2(perCallError->text().contains(QLatin1String("whole number")), qPrintable(perCallError->text()));
    QVERIFY(!save->isEnabled());

    // Above the per-operation budget (6): the cross-field rule names this field.
    perCall->selectAll();
    QTest::keyClicks(perCall, QStringLiteral("7"));
    QVERIFY2(perCallError->text().contains(QLatin1String("max_attempts_per_operation")),
             qPrintable(perCallError->text()));
    QVERIFY(!save->isEnabled());

    // Cap below base: the message stands next to the cap.
    perCall->selectAll();
    QTest::keyClicks(perCall, QStringLiteral("3"));
    auto* cap = child<QLineEdit>(&tab, "setting_backoff_cap_ms");
    cap->selectAll();
    QTest::keyClicks(cap, QStringLiteral("100"));
    QVERIFY(
        tab.fieldError(QStringLiteral("backoff_cap_ms")).contains(QLatin1String("below backoff_base_ms")));
    QVERIFY(tab.fieldError(QStringLiteral("max_attempts_per_call")).isEmpty());
    QVERIFY(!save->isEnabled());
    QVERIFY(!tab.save());
    QCOMPARE(SettingsStore(*db).history().value().size(), 0); // nothing was written

    // Provider API fixes the retention shown (R10).
    auto* api = child<QComboBox>(&tab, "setting_provider_api");
    auto* retention = child<QLabel>(&tab, "settingsRetention");
    QCOMPARE(retention->text(), QStringLiteral("keys kept 24 h"));
    api->setCurrentIndex(api->findData(QStringLiteral("stripe_v2")));
    QCOMPARE(retention->text(), QStringLiteral("keys kept 30 days"));
    QVERIFY(child<QLabel>(&tab, "settingsPropagationNote")->text().contains(QLatin1String("next call")));
}

void TestHistoryTabs::r20_settingsSaveIsAuditedAndShown()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    ManualClock clock(H::kDay0);
    JobThreads threads; // before the service: its jobs may call it until the service is gone
    auto service = dataService(t.url());
    threads.watch(*service);
    SettingsTab tab(clock);
    tab.setActor(QStringLiteral("ada"), QStringLiteral("admin"));
    tab.show();
    QVERIFY(attach(tab, *service));
    auto* perCall = child<QLineEdit>(&tab, "setting_max_attempts_per_call");
    auto* save = child<QPushButton>(&tab, "settingsSave");
    auto* history = child<QTableWidget>(&tab, "settingsHistory");
    QCOMPARE(history->rowCount(), 0);
    perCall->selectAll();
    QTest::keyClicks(perCall, QStringLiteral("2"));
    QVERIFY(save->isEnabled());
    QSignalSpy saved(&tab, &SettingsTab::saved);
    QVERIFY(clickAndWait(tab, "settingsSave", true));
    QCOMPARE(saved.size(), 1);
    QVERIFY(!save->isEnabled()); // saved: nothing left to save

    // The tool reads it at its next call; the audit has who, when, old and new.
    QCOMPARE(SettingsStore(*db).load().value().maxAttemptsPerCall, 2);
    QCOMPARE(history->rowCount(), 1);
    if (db->isSqlite()) {
        QCOMPARE(history->item(0, 0)->text(), QStringLiteral("ada"));
        QCOMPARE(history->item(0, 1)->text(), QStringLiteral("2026-11-24 00:00:00 UTC"));
    } else {
        // change_setting() records the database login and the server's clock, never client values (R21).
        auto who = db->run(QStringLiteral("SELECT session_user"));
        QVERIFY(who && who.value().next());
        QCOMPARE(history->item(0, 0)->text(), who.value().value(0).toString());
        QVERIFY(history->item(0, 1)->text().endsWith(QLatin1String(" UTC")));
    }
    // Issue 15: the setting's name as the form shows it, the key in the tooltip.
    QCOMPARE(history->item(0, 2)->text(), QStringLiteral("Attempts per tool call"));
    QCOMPARE(history->item(0, 2)->toolTip(), QStringLiteral("max_attempts_per_call"));
    QCOMPARE(history->item(0, 3)->text(), QStringLiteral("3"));
    QCOMPARE(history->item(0, 4)->text(), QStringLiteral("2"));

    // Reset to defaults fills the form; nothing is stored until Save.
    QTest::mouseClick(child<QPushButton>(&tab, "settingsResetDefaults"), Qt::LeftButton);
    QCOMPARE(perCall->text(), QStringLiteral("3"));
    QVERIFY(save->isEnabled());
    QCOMPARE(SettingsStore(*db).load().value().maxAttemptsPerCall, 2);
    QVERIFY(clickAndWait(tab, "settingsRefresh", false));
    QCOMPARE(perCall->text(), QStringLiteral("2"));

    // Another console's change shows after Refresh.
    QVERIFY(SettingsStore(*db).set(QStringLiteral("request_timeout_ms"), QStringLiteral("5000"),
                                   QStringLiteral("bob"), QStringLiteral("admin")));
    QVERIFY(clickAndWait(tab, "settingsRefresh", false));
    QCOMPARE(child<QLineEdit>(&tab, "setting_request_timeout_ms")->text(), QStringLiteral("5000"));
    QCOMPARE(history->rowCount(), 2);
    if (db->isSqlite())
        QCOMPARE(history->item(0, 0)->text(), QStringLiteral("bob"));
    else
        QCOMPARE(history->item(0, 4)->text(), QStringLiteral("5000")); // the actor is the login again

    // Issue 12: every read and the save ran as jobs on the service's thread, none on this one.
    QVERIFY(threads.count(ConsoleDataService::Where::ServiceThread) >= 4);
    QVERIFY(threads.noneOn(QThread::currentThread()));
    QVERIFY(threads.noneOn(nullptr));
}

void TestHistoryTabs::r20_settingsReadOnlyForNonAdmins()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    auto service = dataService(t.url());
    SettingsTab tab;
    tab.show();
    QVERIFY(attach(tab, *service));
    tab.setEditable(false);
    auto* perCall = child<QLineEdit>(&tab, "setting_max_attempts_per_call");
    QVERIFY(perCall->isReadOnly());
    QVERIFY(!perCall->isEnabled()); // looks read-only too (issue 15)
    QVERIFY(!child<QPushButton>(&tab, "settingsSave")->isVisible());
    QVERIFY(!child<QPushButton>(&tab, "settingsResetDefaults")->isVisible());
    QVERIFY(child<QLabel>(&tab, "settingsReadOnlyNote")->isVisible());
    QVERIFY(!tab.save());
}

// Issue 15: the reconciler's on/off setting was a text field asking for "true" or "false".
void TestHistoryTabs::r20_onOffSettingIsACheckBoxSavedAsTrueOrFalse_issue15()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    auto service = dataService(t.url());
    SettingsTab tab;
    tab.setActor(QStringLiteral("ada"), QStringLiteral("admin"));
    tab.show();
    QVERIFY(attach(tab, *service));
    QVERIFY(!tab.findChild<QLineEdit*>(QStringLiteral("setting_auto_resolve_refunded")));
    auto* box = child<QCheckBox>(&tab, "setting_auto_resolve_refunded");
    QVERIFY(box->isChecked()); // the default, true
    auto* save = child<QPushButton>(&tab, "settingsSave");
    QVERIFY(!save->isEnabled());
    box->click();
    QVERIFY(save->isEnabled());
    QVERIFY(clickAndWait(tab, "settingsSave", true));
    QCOMPARE(SettingsStore(*db).load().value().autoResolveRefunded, false);
    auto* history = child<QTableWidget>(&tab, "settingsHistory");
    QCOMPARE(history->rowCount(), 1);
    QCOMPARE(history->item(0, 2)->text(), QStringLiteral("Reconciler settles refunds"));
    QCOMPARE(history->item(0, 3)->text(), QStringLiteral("on"));
    QCOMPARE(history->item(0, 4)->text(), QStringLiteral("off"));

    // Reset to defaults and Refresh move the box too; a reader cannot tick it.
    QTest::mouseClick(child<QPushButton>(&tab, "settingsResetDefaults"), Qt::LeftButton);
    QVERIFY(box->isChecked());
    QVERIFY(save->isEnabled());
    QVERIFY(clickAndWait(tab, "settingsRefresh", false));
    QVERIFY(!box->isChecked());
    QVERIFY(!save->isEnabled());
    // And back on.
    box->click();
    QVERIFY(clickAndWait(tab, "settingsSave", true));
    QCOMPARE(SettingsStore(*db).load().value().autoResolveRefunded, true);
    QCOMPARE(history->rowCount(), 2);
    QCOMPARE(history->item(0, 3)->text(), QStringLiteral("off"));
    QCOMPARE(history->item(0, 4)->text(), QStringLiteral("on"));
    tab.setEditable(false);
    QVERIFY(!box->isEnabled());
}

void TestHistoryTabs::r12_historyFiguresFollowRangeAndState()
{
    ManualClock clock(H::kDay0 + 2 * H::kDayMs + 12 * H::kHour); // "today" is day 2
    HistoryTab tab(clock);
    tab.resize(1280, 800);
    tab.show();
    // Default range: the last 7 UTC days including today.
    QCOMPARE(tab.filter().toMs, H::kDay0 + 3 * H::kDayMs);
    QCOMPARE(tab.filter().fromMs, H::kDay0 + 3 * H::kDayMs - 7 * H::kDayMs);
    auto service = dataService(m_testDb->url());
    QVERIFY(tab.setDataService(service.get()));
    QVERIFY(waitForStats(tab));
    // The default week holds Z (day -1) as well as A..G.
    QCOMPARE(tab.snapshot()->operations, qint64(8));

    tab.setRange(utcDate(H::kDay0), utcDate(H::kDay0 + 2 * H::kDayMs));
    QVERIFY(waitForStats(tab));
    QCOMPARE(child<QLabel>(&tab, "figure_operations")->text(), QStringLiteral("7"));
    QCOMPARE(child<QLabel>(&tab, "figure_duplicatesPrevented")->text(), QStringLiteral("13"));
    QCOMPARE(child<QLabel>(&tab, "figure_unknownMoney")->text(), QStringLiteral("50.00 USD"));
    // Issue 15: beside the range's 1 unknown operation, every unknown one now (Z and H are outside).
    QCOMPARE(child<QLabel>(&tab, "figure_unknownNow")->text(), QStringLiteral("3"));
    QCOMPARE(tab.snapshot()->unknownNowOperations, qint64(3));
    QCOMPARE(child<QLabel>(&tab, "figure_medianTimeToResolve")->text(), QStringLiteral("3 h 0 min"));
    QCOMPARE(child<QLabel>(&tab, "figure_p90TimeToResolve")->text(), QStringLiteral("1 d 6 h"));
    QCOMPARE(child<QWidget>(&tab, "tile_duplicatesPrevented")->toolTip(),
             HistoryStats::definition(HistoryStats::Figure::DuplicatesPrevented));
    QCOMPARE(tab.tableModel()->rowCount(), 7);
    QCOMPARE(tab.tableModel()->totalCount(), qint64(7));
    // Issue 15: the table's amounts in the interface's locale, as the tiles and the Operations
    // table ("50,00 USD" in Russian, not "50.00 USD"); sorting still reads the minor units.
    {
        struct Restore
        {
            QLocale before;
            ~Restore() { QLocale::setDefault(before); } // also when a check below fails
        } restore;
        QLocale::setDefault(QLocale(QLocale::Russian, QLocale::Russia));
        int withDecimals = 0;
        for (int row = 0; row < tab.tableModel()->rowCount(); ++row) {
            const QModelIndex amount = tab.tableModel()->index(row, HistoryTableModel::AmountColumn);
            const QString shown = amount.data().toString();
            const qint64 cents = amount.data(HistoryTableModel::RawRole).toLongLong();
            const QString currency = shown.right(3).toLower(); // "… USD"
            QCOMPARE(shown, Money::withCode(cents, currency, QLocale()));
            if (Money::decimals(currency) > 0) {
                ++withDecimals;
                QVERIFY2(shown.contains(QLatin1Char(',')) && !shown.contains(QLatin1Char('.')), qPrintable(shown));
            }
        }
        QVERIFY(withDecimals > 0);
    }
    // Charts follow the snapshot: 3 days, the stacked bars hold refunded/failed/unknown/open.
    auto* outcomes = child<QChartView>(&tab, "chartOutcomes");
    QCOMPARE(outcomes->chart()->series().size(), 1);
    QCOMPARE(outcomes->chart()->axes(Qt::Horizontal).first()->property("count").toInt(), 3);
    // Issue 15: no day dominates these three, so the log scale is offered, not ticked; ticking
    // it redraws that chart alone on a log axis, and a new snapshot proposes its own scale.
    auto* outcomesLog = child<QCheckBox>(&tab, "chartOutcomesLog");
    QVERIFY(!outcomesLog->isChecked());
    QVERIFY(qobject_cast<QValueAxis*>(outcomes->chart()->axes(Qt::Vertical).first()));
    outcomesLog->setChecked(true);
    QVERIFY(qobject_cast<QLogValueAxis*>(outcomes->chart()->axes(Qt::Vertical).first()));
    QVERIFY(qobject_cast<QValueAxis*>(child<QChartView>(&tab, "chartDuplicates")->chart()->axes(Qt::Vertical).first()));

    tab.setStateFilter(OperationStatus::Unknown);
    QVERIFY(waitForStats(tab));
    QCOMPARE(child<QLabel>(&tab, "figure_operations")->text(), QStringLiteral("1"));
    QCOMPARE(child<QLabel>(&tab, "figure_unknownRate")->text(), QStringLiteral("100.0%"));
    QCOMPARE(child<QLabel>(&tab, "figure_unknownNow")->text(), QStringLiteral("3"));
    QCOMPARE(tab.tableModel()->rowCount(), 1);
    QCOMPARE(tab.tableModel()->operationAt(0)->operationId, m_history.operationB);
}

// Issue 15: range presets, an invalid range leaves no figures of another range on screen, and a
// double-click on a row asks for that operation.
void TestHistoryTabs::presetsInvalidRangeAndDoubleClick()
{
    ManualClock clock(H::kDay0 + 2 * H::kDayMs + 12 * H::kHour); // "today" is day 2
    HistoryTab tab(clock);
    tab.resize(1280, 800);
    tab.show();
    auto service = dataService(m_testDb->url());
    QVERIFY(tab.setDataService(service.get()));
    QVERIFY(waitForStats(tab));
    auto* from = child<QDateEdit>(&tab, "historyFrom");
    auto* to = child<QDateEdit>(&tab, "historyTo");
    auto* preset = child<QComboBox>(&tab, "historyPreset");
    const QDate today = utcDate(H::kDay0 + 2 * H::kDayMs);
    QCOMPARE(preset->currentData().toInt(), 7);

    tab.applyPreset(30);
    QVERIFY(waitForStats(tab));
    QCOMPARE(from->date(), today.addDays(-29));
    QCOMPARE(to->date(), today);
    tab.applyPreset(0);
    QVERIFY(waitForStats(tab));
    QCOMPARE(preset->currentData().toInt(), 0);
    // All time starts at the first operation's day (not 1970: no 20,000 empty chart bars).
    QVERIFY2(from->date() > QDate(2026, 1, 1) && from->date() <= today.addDays(-1), qPrintable(from->date().toString()));
    QVERIFY(tab.snapshot()->days.size() < 400);
    QVERIFY(tab.snapshot()->operations >= 8); // all time holds at least the default week
    QVERIFY(child<QLabel>(&tab, "figure_operations")->text() != QStringLiteral("—"));

    // An end before the start: a warning, and no figures at all.
    to->setDate(QDate(1969, 12, 1));
    QCOMPARE(preset->currentData().toInt(), -1); // a hand-picked date is a custom range
    QCOMPARE(child<QLabel>(&tab, "figure_operations")->text(), QStringLiteral("—"));
    QVERIFY(!tab.snapshot());
    // Nor charts or rows of the previous range: the chart area says why, the table is empty.
    QVERIFY(child<QLabel>(&tab, "historyEmpty")->isVisible());
    QVERIFY2(child<QLabel>(&tab, "historyEmpty")->text().contains(QLatin1String("end date")),
             qPrintable(child<QLabel>(&tab, "historyEmpty")->text()));
    QCOMPARE(tab.tableModel()->rowCount(), 0);

    tab.applyPreset(7);
    QVERIFY(waitForStats(tab));
    QVERIFY(tab.tableModel()->rowCount() > 0);
    auto* table = child<QTableView>(&tab, "historyTable");
    QSignalSpy activated(&tab, &HistoryTab::operationActivated);
    const QModelIndex first = tab.tableModel()->index(0, 0);
    // A real double-click starts with a press (QAbstractItemView remembers the pressed index).
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(first).center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(first).center());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.first().first().toString(), tab.tableModel()->operationAt(0)->operationId);
}

void TestHistoryTabs::r12_historyEmptyRange()
{
    ManualClock clock(H::kDay0 + 40 * H::kDayMs);
    HistoryTab tab(clock);
    tab.show();
    auto service = dataService(m_testDb->url());
    QVERIFY(tab.setDataService(service.get()));
    QVERIFY(waitForStats(tab));
    QCOMPARE(tab.snapshot()->operations, qint64(0));
    auto* empty = child<QLabel>(&tab, "historyEmpty");
    QVERIFY(empty->isVisible());
    QVERIFY(empty->text().contains(QLatin1String("No operations")));
    QCOMPARE(child<QLabel>(&tab, "figure_medianTimeToResolve")->text(), QStringLiteral("none resolved"));
    QCOMPARE(tab.tableModel()->rowCount(), 0);
}

void TestHistoryTabs::r12_historyExportCsvWithProgress()
{
    ManualClock clock(H::kDay0 + 2 * H::kDayMs);
    HistoryTab tab(clock);
    tab.show();
    auto service = dataService(m_testDb->url());
    QVERIFY(tab.setDataService(service.get()));
    tab.setRange(utcDate(H::kDay0), utcDate(H::kDay0 + 2 * H::kDayMs));
    QVERIFY(waitForStats(tab));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.csv"));
    tab.setProgressDialogThreshold(1);
    tab.setExportPathProvider([path] { return path; });
    QSignalSpy finished(&tab, &HistoryTab::exportFinished);
    QTest::mouseClick(child<QPushButton>(&tab, "historyExport"), Qt::LeftButton);
    QVERIFY(tab.isExporting());
    QVERIFY(tab.findChild<QWidget*>(QStringLiteral("historyExportProgress")));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(0).toBool(), true);
    QCOMPARE(finished.first().at(1).toLongLong(), qint64(7));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QList<QStringList> records;
    QString error;
    QVERIFY2(CsvReader::parse(f.readAll(), &records, &error), qPrintable(error));
    QCOMPARE(records.size(), 8);
    QVERIFY(!tab.isExporting());
}

namespace {
constexpr qint64 kSortNow = H::kDay0 + 6 * H::kDayMs + 18 * H::kHour;

// The whole range of the generated history (the 90 days before kSortNow).
void showSortRange(HistoryTab& tab)
{
    tab.setRange(utcDate(kSortNow - 92 * H::kDayMs), utcDate(kSortNow));
}

// -1, 0 or 1 in people's order; equal to people, then byte by byte (a total order, as in SQL).
int collate(const QCollator& collator, const QString& a, const QString& b)
{
    const int c = collator.compare(a, b);
    return c != 0 ? (c < 0 ? -1 : 1) : (a < b ? -1 : a > b ? 1 : 0);
}

// The order a History column must show, computed here from the rows, independent of the SQL:
// empty values last in both directions, ties by operation id in the column's direction.
QStringList expectedOrder(QList<Operation> rows, int column, Qt::SortOrder order)
{
    using M = HistoryTableModel;
    const QCollator collator{QLocale()};
    const bool descending = order == Qt::DescendingOrder;
    const auto reason = [](const Operation& o) {
        return !o.failureCode.isEmpty() ? o.failureCode : o.unknownReason;
    };
    const auto closed = [](const Operation& o) { return o.resolvedAt ? o.resolvedAt : o.closedAt; };
    const auto cmp = [](auto a, auto b) { return a < b ? -1 : a > b ? 1 : 0; };
    // {empty, fixed (direction-independent) part, value}
    struct Key
    {
        bool empty = false;
        int fixed = 0;
        int value = 0;
    };
    const auto key = [&](const Operation& a, const Operation& b) -> Key {
        switch (column) {
        case M::OperationIdColumn:
            return {};
        case M::OrderColumn:
            return {false, 0, collate(collator, a.orderId, b.orderId)};
        case M::AmountColumn:
            return {false, cmp(a.currency, b.currency), cmp(a.amountCents, b.amountCents)};
        case M::StatusColumn:
            return {false, 0,
                    collate(collator, OperationFormat::statusTitle(a.status),
                            OperationFormat::statusTitle(b.status))};
        case M::AttemptsColumn:
            return {false, 0, cmp(a.attempts, b.attempts)};
        case M::ToolCallsColumn:
            return {false, 0, cmp(a.toolCallCount, b.toolCallCount)};
        case M::CreatedColumn:
            return {false, 0, cmp(a.createdAt, b.createdAt)};
        case M::ResolvedColumn:
            return {false, 0, cmp(closed(a).value_or(0), closed(b).value_or(0))};
        case M::RefundIdColumn:
            return {false, 0, cmp(a.providerRefundId, b.providerRefundId)};
        case M::ReasonColumn: {
            // Known codes by their words, then codes without words; then the whole code.
            const auto words = [&](const Operation& o) {
                const QString head = reason(o).section(QLatin1Char(':'), 0, 0).trimmed();
                return OperationFormat::reasonCodes().contains(head) ? OperationFormat::reasonTitle(head)
                                                                     : QString();
            };
            const QString ta = words(a), tb = words(b);
            int c = ta.isEmpty() != tb.isEmpty() ? (ta.isEmpty() ? 1 : -1) : collate(collator, ta, tb);
            return {false, 0, c != 0 ? c : cmp(reason(a), reason(b))};
        }
        case M::ResolvedByColumn:
            return {false, 0, collate(collator, a.resolvedBy, b.resolvedBy)};
        case M::NoteColumn:
            return {false, 0, collate(collator, a.resolutionNote, b.resolutionNote)};
        }
        return {};
    };
    const auto isEmpty = [&](const Operation& o) {
        switch (column) {
        case M::ResolvedColumn:
            return !closed(o).has_value();
        case M::RefundIdColumn:
            return o.providerRefundId.isEmpty();
        case M::ReasonColumn:
            return reason(o).isEmpty();
        case M::ResolvedByColumn:
            return o.resolvedBy.isEmpty();
        case M::NoteColumn:
            return o.resolutionNote.isEmpty();
        default:
            return false;
        }
    };
    std::sort(rows.begin(), rows.end(), [&](const Operation& a, const Operation& b) {
        if (isEmpty(a) != isEmpty(b))
            return isEmpty(b);
        if (!isEmpty(a)) {
            const Key k = key(a, b);
            if (k.fixed != 0)
                return k.fixed < 0;
            if (k.value != 0)
                return descending ? k.value > 0 : k.value < 0;
        }
        return descending ? a.operationId > b.operationId : a.operationId < b.operationId;
    });
    QStringList ids;
    for (const Operation& o : rows)
        ids << o.operationId;
    return ids;
}
} // namespace

bool TestHistoryTabs::openSortHistory()
{
    if (m_sortDb)
        return true;
    m_sortTestDb = std::make_unique<TestDatabase>();
    m_sortDb = m_sortTestDb->openMigrated();
    if (!m_sortDb)
        return false;
    HistoryGenerator::Options options;
    options.operations = 240;
    options.seed = 15;
    options.nowMs = kSortNow;
    if (!HistoryGenerator(*m_sortDb).generate(options))
        return false;
    const HistoryFilter all{kSortNow - 92 * H::kDayMs, kSortNow + H::kDayMs, std::nullopt};
    auto rows = HistoryRows::page(*m_sortDb, all, std::nullopt, 10000);
    if (!rows)
        return false;
    m_sortRows = rows.value();
    return m_sortRows.size() == 240;
}

QStringList TestHistoryTabs::readAllRows(HistoryTab& tab)
{
    HistoryTableModel* model = tab.tableModel();
    QStringList ids;
    for (int guard = 0; guard < 1000; ++guard) {
        if (!QTest::qWaitFor([model] { return !model->isReading(); }, 30000))
            return {QStringLiteral("timed out")};
        if (!model->canFetchMore({}))
            break;
        model->fetchMore({});
    }
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->operationAt(row)->operationId;
    return ids;
}

// Issue 15: a QCollator order inside SQL (SQLite: a collation of its own; PostgreSQL: the ICU
// collation of the locale), not the bytes' order, which puts "Zoe" before "adam".
void TestHistoryTabs::localeCollationOrdersTextAsPeopleDo_issue15()
{
    const QLocale before;
    for (const QLocale& locale :
         {QLocale(QLocale::English, QLocale::UnitedStates), QLocale(QLocale::Russian, QLocale::Russia),
          QLocale(QLocale::Turkish, QLocale::Turkey)}) {
        QLocale::setDefault(locale);
        auto db = m_testDb->open(); // a fresh connection: SQLite makes the collation when first named
        QVERIFY(db);
        const QStringList words{QStringLiteral("Zoe"),   QStringLiteral("adam"),  QStringLiteral("Émile"),
                                QStringLiteral("ırmak"), QStringLiteral("Ирина"), QStringLiteral("алла"),
                                QStringLiteral("bob"),   QStringLiteral("çağrı"), QStringLiteral("Ольга")};
        const QStringList values(words.size(), QStringLiteral("SELECT ? AS w"));
        QVariantList binds;
        for (const QString& w : words)
            binds << w;
        auto q = db->run(QStringLiteral("SELECT w FROM (") + values.join(QStringLiteral(" UNION ALL ")) +
                             QStringLiteral(") t ORDER BY w") + LocaleCollation::clause(*db),
                         binds, QStringLiteral("collate"));
        QVERIFY2(q, qPrintable(q ? QString() : q.error().message));
        QStringList got;
        while (q.value().next())
            got << q.value().value(0).toString();
        QStringList expected = words;
        const QCollator collator{locale};
        std::sort(expected.begin(), expected.end(),
                  [&](const QString& a, const QString& b) { return collator.compare(a, b) < 0; });
        QCOMPARE(got, expected);
        QStringList bytes = words;
        std::sort(bytes.begin(), bytes.end());
        QVERIFY(got != bytes);
    }
    QLocale::setDefault(before);
}

// Issue 15: "The table under the charts ... does not sort". Every column, both directions, over
// keyset pages of 7 rows read in the background (so the order holds across pages, not per page):
// amounts by currency then amount, dates and counts as numbers, statuses and reasons by their
// words, text by the locale's collation, empty values last, ties by operation id.
void TestHistoryTabs::historyTableSortsEveryColumnInItsType_issue15()
{
    QVERIFY(openSortHistory());
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    ManualClock clock(kSortNow);
    HistoryTab tab(clock);
    tab.resize(1280, 800);
    tab.show();
    tab.tableModel()->setPageSize(7);
    auto service = dataService(m_sortTestDb->url());
    QVERIFY(tab.setDataService(service.get()));
    showSortRange(tab);
    QVERIFY(waitForStats(tab));
    QCOMPARE(tab.tableModel()->totalCount(), qint64(240));
    auto* table = child<QTableView>(&tab, "historyTable");
    QVERIFY(table->isSortingEnabled());
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), int(HistoryTableModel::CreatedColumn));
    QCOMPARE(readAllRows(tab),
             expectedOrder(m_sortRows, HistoryTableModel::CreatedColumn, Qt::AscendingOrder));

    QSet<QString> currencies;
    for (const Operation& o : std::as_const(m_sortRows))
        currencies << o.currency;
    QVERIFY2(currencies.size() >= 3, "the history mixes currencies");
    for (int column = 0; column < HistoryTableModel::NB_COLUMNS; ++column) {
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            table->sortByColumn(column, order);
            QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), column);
            QCOMPARE(table->horizontalHeader()->sortIndicatorOrder(), order);
            const QStringList got = readAllRows(tab);
            const QStringList expected = expectedOrder(m_sortRows, column, order);
            if (got != expected) {
                const QString name = tab.tableModel()->headerData(column, Qt::Horizontal).toString();
                int i = 0;
                while (i < qMin(got.size(), expected.size()) && got.at(i) == expected.at(i))
                    ++i;
                QFAIL(
                    qPrintable(QStringLiteral("%1 %2: %3 rows, first difference at row %4 (%5, expected %6)")
                                   .arg(name, order == Qt::AscendingOrder ? QStringLiteral("ascending")
                                                                          : QStringLiteral("descending"))
                                   .arg(got.size())
                                   .arg(i)
                                   .arg(got.value(i), expected.value(i))));
            }
        }
    }
    // Amounts: never one currency's rows inside another's, in either direction.
    table->sortByColumn(HistoryTableModel::AmountColumn, Qt::DescendingOrder);
    readAllRows(tab);
    QStringList seen;
    for (int row = 0; row < tab.tableModel()->rowCount(); ++row) {
        const QString c = tab.tableModel()->operationAt(row)->currency;
        if (seen.isEmpty() || seen.constLast() != c) {
            QVERIFY2(!seen.contains(c), qPrintable(c));
            seen << c;
        }
    }
    QCOMPARE(seen.size(), currencies.size());
    QLocale::setDefault(before);
}

// Issue 15: a click on a header sorts (again: the other way), and a double-click after a sort
// still opens the operation of the row clicked (no proxy model between).
void TestHistoryTabs::historyHeaderClickSortsAndDoubleClickOpensThatRow_issue15()
{
    QVERIFY(openSortHistory());
    ManualClock clock(kSortNow);
    HistoryTab tab(clock);
    tab.resize(1280, 800);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    auto service = dataService(m_sortTestDb->url());
    QVERIFY(tab.setDataService(service.get()));
    showSortRange(tab);
    QVERIFY(waitForStats(tab));
    auto* table = child<QTableView>(&tab, "historyTable");
    QHeaderView* header = table->horizontalHeader();
    const int section = HistoryTableModel::AmountColumn;
    const QPoint middle(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                        header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, middle);
    QCOMPARE(header->sortIndicatorSection(), section);
    const Qt::SortOrder first = header->sortIndicatorOrder();
    QCOMPARE(readAllRows(tab), expectedOrder(m_sortRows, section, first));
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, middle);
    const Qt::SortOrder second = header->sortIndicatorOrder();
    QVERIFY(second != first);
    const QStringList expected = expectedOrder(m_sortRows, section, second);
    QCOMPARE(readAllRows(tab), expected);

    QSignalSpy activated(&tab, &HistoryTab::operationActivated);
    const int row = 3;
    table->scrollToTop();
    const QModelIndex index = tab.tableModel()->index(row, HistoryTableModel::StatusColumn);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.first().first().toString(), expected.at(row));
    QCOMPARE(activated.first().first().toString(), tab.tableModel()->operationAt(row)->operationId);
}

// Issue 15: one palette for status colours; the History table's status cells are in it.
void TestHistoryTabs::historyStatusCellsUseTheStatusPalette_issue15()
{
    QVERIFY(openSortHistory());
    ManualClock clock(kSortNow);
    HistoryTab tab(clock);
    auto service = dataService(m_sortTestDb->url());
    QVERIFY(tab.setDataService(service.get()));
    showSortRange(tab);
    QVERIFY(waitForStats(tab));
    QSet<OperationStatus> statuses;
    HistoryTableModel* model = tab.tableModel();
    readAllRows(tab);
    for (int row = 0; row < model->rowCount(); ++row) {
        const Operation* op = model->operationAt(row);
        const QVariant v = model->index(row, HistoryTableModel::StatusColumn).data(Qt::ForegroundRole);
        QVERIFY(v.isValid());
        QCOMPARE(qvariant_cast<QBrush>(v).color(), StatusPalette::statusForeground(op->status));
        statuses << op->status;
    }
    QVERIFY(statuses.size() >= 4);
    QVERIFY(StatusPalette::statusForeground(OperationStatus::Refunded) !=
            StatusPalette::statusForeground(OperationStatus::Failed));
}

// Issue 12: the figures, a page in the default order, pages in another order and the export all
// run off the GUI thread: the figures, the sorted pages and the export on worker connections
// (long jobs), the default-order page on the data service's thread (a short read).
void TestHistoryTabs::historyReadsRunOffTheGuiThread_issue12()
{
    ManualClock clock(H::kDay0 + 2 * H::kDayMs);
    JobThreads threads; // before the service: its jobs may call it until the service is gone
    auto service = dataService(m_testDb->url());
    threads.watch(*service);
    HistoryTab tab(clock);
    tab.show();
    tab.setRange(utcDate(H::kDay0), utcDate(H::kDay0 + 2 * H::kDayMs)); // nothing read yet: no service
    QVERIFY(tab.setDataService(service.get()));
    QVERIFY(waitForStats(tab));
    QCOMPARE(tab.tableModel()->rowCount(), 7);
    QCOMPARE(threads.count(ConsoleDataService::Where::ServiceThread), 1); // the default-order page
    QCOMPARE(threads.count(ConsoleDataService::Where::WorkerThread), 1);  // the figures
    const int workerJobs = 1;

    QSignalSpy read(tab.tableModel(), &HistoryTableModel::readFinished);
    child<QTableView>(&tab, "historyTable")
        ->sortByColumn(HistoryTableModel::AmountColumn, Qt::DescendingOrder);
    QVERIFY(read.wait(30000));
    QCOMPARE(read.last().at(0).toBool(), true);
    QCOMPARE(tab.tableModel()->rowCount(), 7);
    QCOMPARE(threads.count(ConsoleDataService::Where::WorkerThread), workerJobs + 1); // the sorted page

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.csv"));
    QSignalSpy exported(&tab, &HistoryTab::exportFinished);
    tab.exportCsvTo(path);
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.first().at(0).toBool(), true);
    QCOMPARE(threads.count(ConsoleDataService::Where::WorkerThread), workerJobs + 2); // the export
    QVERIFY(threads.noneOn(QThread::currentThread()));
}

// Issue 12: a History compute (here held on its worker for as long as the test likes, as one
// over all time of a million operations would take) delays neither the table's first page nor
// any other short read: they are answered while the figures are still being computed.
void TestHistoryTabs::historyComputeDoesNotDelayShortReads_issue12()
{
    ManualClock clock(H::kDay0 + 2 * H::kDayMs);
    QSemaphore release;
    std::atomic_int held{0};
    auto service = dataService(m_testDb->url());
    service->setJobObserver([&](ConsoleDataService::Where where) {
        if (where != ConsoleDataService::Where::WorkerThread)
            return;
        ++held;
        release.acquire(); // the compute "takes" until the test releases it
    });
    HistoryTab tab(clock);
    tab.show();
    QVERIFY(tab.setDataService(service.get()));
    QTRY_COMPARE_WITH_TIMEOUT(held.load(), 1, 30000);
    QVERIFY(tab.isComputing());
    // The table's page, a short read on the service thread, lands meanwhile.
    QTRY_VERIFY_WITH_TIMEOUT(!tab.tableModel()->isReading(), 30000);
    QCOMPARE(tab.tableModel()->totalCount(), qint64(8)); // the default week: Z and A..G
    // So does any other short read asked after the compute started.
    QObject context;
    qint64 all = -1;
    service->submit(
        &context,
        [](Database&, OperationStore& store) -> StoreResult<qint64> {
            auto counts = store.stateCounts();
            if (!counts)
                return counts.error();
            return counts.value().all;
        },
        [&all](StoreResult<qint64> r) { all = r ? r.value() : -2; });
    QTRY_VERIFY_WITH_TIMEOUT(all > 0, 10000);
    QVERIFY(tab.isComputing()); // the figures are still on their way
    QSignalSpy stats(&tab, &HistoryTab::statsUpdated);
    release.release();
    QVERIFY(stats.wait(30000));
    QCOMPARE(stats.first().at(0).toBool(), true);
    QCOMPARE(tab.snapshot()->operations, qint64(8));
    release.release(100); // nothing else may wait here
}

namespace {
// An unknown operation with a refunded resolution its evidence allows (R16).
QString unknownOperation(OperationStore& store, OperationStore::Resolution* res)
{
    if (!store.addOrder(
            Order{QStringLiteral("rs-4417"), 3800, QStringLiteral("usd"), QStringLiteral("pi_rs4417"), 0}))
        return {};
    auto op = store.openOrJoin(QStringLiteral("rs-4417"), 3800, QStringLiteral("toolu_rs1"));
    if (!op)
        return {};
    const QString id = op.value().operation.operationId;
    if (!store.markUnknown(id, QStringLiteral("attempt_budget_exhausted")))
        return {};
    res->status = OperationStatus::Refunded;
    res->providerRefundId = QStringLiteral("re_rs1");
    res->providerStatus = QStringLiteral("succeeded");
    res->actor = QStringLiteral("alice");
    res->role = QStringLiteral("support");
    res->note = QStringLiteral("found re_rs1 with our operation id");
    res->evidence = QJsonObject{
        {QStringLiteral("refund"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("re_rs1")},
                     {QStringLiteral("amount"), 3800},
                     {QStringLiteral("currency"), QStringLiteral("usd")},
                     {QStringLiteral("status"), QStringLiteral("succeeded")},
                     {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), id}}}}}};
    return id;
}

// The actor resolve() records: the desktop user on SQLite, the login on PostgreSQL (R21).
QString recordedActor(Database& db, const QString& actor)
{
    if (!db.isPostgres())
        return actor;
    auto who = db.run(QStringLiteral("SELECT session_user"));
    return who && who.value().next() ? who.value().value(0).toString() : QString();
}
} // namespace

// Issue 12: the Resolve dialog reads the operation and its order on the data service's thread
// (it opens at once and shows them when they land), and a resolution submitted the way the
// dialog submits it runs there too.
void TestHistoryTabs::resolveDialogReadsAndResolvesOnTheServiceThread_issue12()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    OperationStore store(*db);
    OperationStore::Resolution res;
    const QString id = unknownOperation(store, &res);
    QVERIFY(!id.isEmpty());
    JobThreads threads; // before the service: its jobs may call it until the service is gone
    auto service = dataService(t.url());
    threads.watch(*service);
    ReviewerContext context;
    context.actor = recordedActor(*db, QStringLiteral("alice"));
    res.actor = context.actor;
    ResolveDialog dialog(context, service.get(), id); // no provider key: no lookup, the row is shown
    QSignalSpy loaded(&dialog, &ResolveDialog::loaded);
    QVERIFY(loaded.wait(30000));
    QCOMPARE(loaded.first().at(0).toBool(), true);
    QVERIFY(dialog.isLoaded());
    QCOMPARE(dialog.operation().status, OperationStatus::Unknown);
    QVERIFY(child<QLabel>(&dialog, "resolveTitle")->text().contains(QLatin1String("rs-4417")));
    QCOMPARE(threads.count(ConsoleDataService::Where::ServiceThread), 1);

    std::optional<StoreResult<Operation>> answer;
    service->submit(
        &dialog,
        [id, res, actor = context.actor](Database&, OperationStore& s) {
            return ResolveDialog::resolveOnce(s, id, res, actor, false);
        },
        [&answer](StoreResult<Operation> r) { answer = r; }, ConsoleDataService::Retry::OnceAfterReconnect);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QVERIFY2(answer->ok(), qPrintable(answer->ok() ? QString() : answer->error().message));
    QCOMPARE(store.operation(id).value().status, OperationStatus::Refunded);
    QCOMPARE(threads.count(ConsoleDataService::Where::ServiceThread), 2);
    QVERIFY(threads.noneOn(QThread::currentThread()));

    // An operation that cannot be read: the dialog says so and offers nothing.
    ResolveDialog missing(context, service.get(), QStringLiteral("op_missing"));
    QSignalSpy missingLoaded(&missing, &ResolveDialog::loaded);
    QVERIFY(missingLoaded.wait(30000));
    QCOMPARE(missingLoaded.first().at(0).toBool(), false);
    QVERIFY(
        child<MessageBanner>(&missing, "resolveBanner")->text().contains(QLatin1String("cannot be read")));
    QVERIFY(!child<QPushButton>(&missing, "resolveButton")->isEnabled());
}

// Issue 12: resolve is a compare-and-set, so it runs once more after a lost connection
// (Retry::OnceAfterReconnect). The first run here commits and then "loses" its answer (it
// reports ConnectionFailed, as a connection dropped after COMMIT would): the retry meets its own
// resolution, reports it resolved, and nothing is written twice. Another reviewer's resolution
// met by a retry is still reported as theirs.
void TestHistoryTabs::resolveWhoseAnswerWasLostIsNotReportedAsAFailure_issue12()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    OperationStore store(*db);
    OperationStore::Resolution res;
    const QString id = unknownOperation(store, &res);
    QVERIFY(!id.isEmpty());
    const QString actor = recordedActor(*db, QStringLiteral("alice"));
    res.actor = actor;
    auto service = dataService(t.url());
    QObject context;
    std::optional<StoreResult<Operation>> answer;
    int runs = 0;
    service->submit(
        &context,
        [&runs, id, res, actor](Database&, OperationStore& s) -> StoreResult<Operation> {
            const bool retried = runs++ > 0;
            auto r = ResolveDialog::resolveOnce(s, id, res, actor, retried);
            if (!retried && r)
                return StoreError::make(StoreError::Code::ConnectionFailed,
                                        QStringLiteral("server closed the connection"));
            return r;
        },
        [&answer](StoreResult<Operation> r) { answer = r; }, ConsoleDataService::Retry::OnceAfterReconnect);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QCOMPARE(runs, 2);
    QVERIFY2(answer->ok(), qPrintable(answer->ok() ? QString() : answer->error().message));
    QCOMPARE(answer->value().status, OperationStatus::Refunded);
    QCOMPARE(store.auditEntries(id).value().size(), 1); // resolved once, not twice

    // A retry that meets someone else's resolution (another note) is their resolution, not ours.
    OperationStore::Resolution bob = res;
    bob.note = QStringLiteral("bob's own check");
    QVERIFY(!ResolveDialog::isOwnResolution(store.operation(id).value(), bob, actor));
    auto again = ResolveDialog::resolveOnce(store, id, bob, actor, true);
    QVERIFY(!again);
    QCOMPARE(again.error().code, StoreError::Code::AlreadyResolved);
    // Not retried (the first answer of a live connection): AlreadyResolved even for our own.
    auto first = ResolveDialog::resolveOnce(store, id, res, actor, false);
    QVERIFY(!first);
    QCOMPARE(first.error().code, StoreError::Code::AlreadyResolved);
    QCOMPARE(store.auditEntries(id).value().size(), 1);
}

// Issue 15: "30-90-day chart date labels elided": a month of daily labels on a chart 1024 px
// wide showed every one as "…". The per-day charts label every k-th day, k the smallest step of
// 1, 2, 7, 14... at which the labels fit side by side, and follow the chart's width.
void TestHistoryTabs::monthOfDaysLabelsFitTheChartsWidth_issue15()
{
    HistoryStats::Snapshot s;
    const qint64 day0 = QDateTime(QDate(2026, 11, 8), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    for (int i = 0; i < 30; ++i) {
        HistoryStats::Day d;
        d.startMs = day0 + i * 86400000LL;
        d.refunded = i % 5;
        d.duplicatesPrevented = i % 3;
        s.days << d;
    }
    for (auto* make : {&HistoryCharts::outcomesPerDay, &HistoryCharts::duplicatesPerDay}) {
        QChartView view(make(s, HistoryCharts::Scale::Linear));
        auto* axis = qobject_cast<QCategoryAxis*>(view.chart()->axes(Qt::Horizontal).first());
        QVERIFY2(axis, "a per-day chart's x axis labels the days it has room for");
        const auto labelledAt = [&](int width) {
            view.resize(width, 300);
            view.show();
            QCoreApplication::processEvents();
            view.grab();   // lays the chart out at this size
            return axis->categoriesLabels();
        };
        const QFontMetrics metrics(axis->labelsFont());
        for (int width : {300, 360, 460, 520, 700, 900, 4000}) {
            const QStringList labels = labelledAt(width);
            QVERIFY2(!labels.isEmpty(), qPrintable(QString::number(width)));
            // Each label stands at its day's bar; the step between them is one of 1, 2, 7, 14, 28.
            const int step = labels.size() > 1 ? qRound(axis->endValue(labels[1]) - axis->endValue(labels[0])) : 30;
            QVERIFY2(QList<int>({1, 2, 7, 14, 28, 30}).contains(step), qPrintable(QString::number(step)));
            for (int i = 0; i < labels.size(); ++i)
                QCOMPARE(axis->endValue(labels[i]), double(i * step));
            // Side by side without eliding: Qt elided none, and each is narrower than its share of the plot.
            QVERIFY2(!axis->labelsTruncated(), qPrintable(QStringLiteral("%1 px, every %2 days").arg(width).arg(step)));
            const double share = view.chart()->plotArea().width() / 30.0 * step;
            for (const QString& label : labels)
                QVERIFY2(metrics.horizontalAdvance(label) < share,
                         qPrintable(QStringLiteral("%1 at %2 px: %3 px of %4").arg(label).arg(width)
                                        .arg(metrics.horizontalAdvance(label)).arg(share)));
            QCOMPARE(labels.first(), OperationFormat::shortDay(QDate(2026, 11, 8)));
            if (width == 4000)
                QCOMPARE(labels.size(), 30);   // room for every day: every day labelled
            if (width == 460)
                QVERIFY(labels.size() < 30);
        }
    }
    // Over a year the labels carry the year: "Nov 8" would name two weeks, and the axis keeps
    // one label of a kind (the later week lost its label).
    HistoryStats::Snapshot years;
    for (int i = 0; i < 800; ++i) {
        HistoryStats::Day d;
        d.startMs = day0 + i * 86400000LL;
        years.days << d;
    }
    QStringList weekLabels;
    for (const HistoryCharts::Period& p : HistoryCharts::periods(years))
        weekLabels << p.label;
    QCOMPARE(weekLabels.size(), 115);
    QCOMPARE(QSet<QString>(weekLabels.cbegin(), weekLabels.cend()).size(), weekLabels.size());
    QCOMPARE(weekLabels.first(), OperationFormat::shortDayWithYear(QDate(2026, 11, 8)));
}

// Issue 15: "one spike flattens the rest (red Failed segments vanish)". A day with 5,000
// operations among days of ten: the log scale is proposed (over 20x the median day), the
// outcomes stand side by side so 3 failed still have a bar, zeros are drawn at the floor (no
// bar; the hover says 0) or as a gap in the line, and the chart says why it is on a log scale.
void TestHistoryTabs::perDayChartsReadableWhenOneDayDominates_issue15()
{
    HistoryStats::Snapshot s;
    const qint64 day0 = QDateTime(QDate(2026, 11, 24), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    const qint64 refunded[] = {10, 12, 0, 5000, 9, 11, 8};
    const qint64 duplicates[] = {4, 0, 0, 900, 3, 0, 5};
    for (int i = 0; i < 7; ++i) {
        HistoryStats::Day d;
        d.startMs = day0 + i * 86400000LL;
        d.refunded = refunded[i];
        d.failed = i == 3 ? 3 : (i == 2 ? 0 : 1);
        d.duplicatesPrevented = duplicates[i];
        s.days << d;
    }
    QCOMPARE(HistoryCharts::operationsPerPeriod(s).at(3), qint64(5003));
    QVERIFY(HistoryCharts::dominance(HistoryCharts::operationsPerPeriod(s)) > HistoryCharts::kDominanceRatio);
    QVERIFY(HistoryCharts::dominance(HistoryCharts::duplicatesPerPeriod(s)) > HistoryCharts::kDominanceRatio);
    // Periods with none do not count towards the median; a single busy period is no spike.
    QCOMPARE(HistoryCharts::dominance({0, 0, 7, 0}), 0.0);
    QCOMPARE(HistoryCharts::dominance({0, 2, 0, 6, 4}), 1.5);

    std::unique_ptr<QChart> linear(HistoryCharts::outcomesPerDay(s));
    QVERIFY(qobject_cast<QStackedBarSeries*>(linear->series().first()));
    auto* countAxis = qobject_cast<QValueAxis*>(linear->axes(Qt::Vertical).first());
    QVERIFY(countAxis);
    QCOMPARE(countAxis->tickType(), QValueAxis::TicksDynamic);
    QCOMPARE(countAxis->tickInterval(), 2000.0);   // whole steps of 1, 2 or 5 x 10^n
    QVERIFY(linear->localizeNumbers());            // "5,000" / "5 000": the interface's separators

    std::unique_ptr<QChart> log(HistoryCharts::outcomesPerDay(s, HistoryCharts::Scale::Log));
    auto* bars = qobject_cast<QBarSeries*>(log->series().first());
    QVERIFY2(bars, "side by side, not stacked, on a log scale");
    auto* logAxis = qobject_cast<QLogValueAxis*>(log->axes(Qt::Vertical).first());
    QVERIFY(logAxis);
    QVERIFY(logAxis->min() < 1 && logAxis->min() > 0);
    QVERIFY(logAxis->max() >= 5000);
    QBarSet* failed = nullptr;
    for (QBarSet* set : bars->barSets())
        if (set->label() == OperationFormat::statusTitle(OperationStatus::Failed))
            failed = set;
    QVERIFY(failed);
    QCOMPARE(failed->at(3), 3.0);                 // above the floor: a visible bar
    QCOMPARE(failed->at(2), logAxis->min());      // none: drawn at the floor, no bar
    QVERIFY(log->title().contains(HistoryCharts::tr("Log scale (busiest day: %1× the median)")
                                      .arg(QLocale().toString(qRound(HistoryCharts::dominance(
                                          HistoryCharts::operationsPerPeriod(s))))).toHtmlEscaped()));

    std::unique_ptr<QChart> line(HistoryCharts::duplicatesPerDay(s, HistoryCharts::Scale::Log));
    QVERIFY(qobject_cast<QLogValueAxis*>(line->axes(Qt::Vertical).first()));
    // Days 0 | 3-4 | 6: three runs between the zero days, and no point at or below zero.
    QCOMPARE(line->series().size(), 3);
    for (QAbstractSeries* series : line->series())
        for (const QPointF& p : static_cast<QLineSeries*>(series)->points())
            QVERIFY(p.y() >= 1);
    std::unique_ptr<QChart> oneLine(HistoryCharts::duplicatesPerDay(s));
    QCOMPARE(oneLine->series().size(), 1);
    QCOMPARE(static_cast<QLineSeries*>(oneLine->series().first())->count(), 7);
}

void TestHistoryTabs::screenshots()
{
    if (TestDatabase::currentEngine() != QLatin1String("sqlite"))
        QSKIP("screenshots are taken once, on SQLite");
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const qint64 now = H::kDay0 + 6 * H::kDayMs + 18 * H::kHour; // 2026-11-30 18:00 UTC
    HistoryGenerator::Options options;
    options.operations = 20000;
    options.seed = 11;
    options.nowMs = now;
    auto generated = HistoryGenerator(*db).generate(options);
    QVERIFY2(generated, qPrintable(generated ? QString() : generated.error().message));
    QVERIFY(SettingsStore(*db).set(QStringLiteral("max_attempts_per_call"), QStringLiteral("2"),
                                   QStringLiteral("ada"), QStringLiteral("admin")));
    QVERIFY(SettingsStore(*db).set(QStringLiteral("provider_api"), QStringLiteral("stripe_v2"),
                                   QStringLiteral("ada"), QStringLiteral("admin")));

    QDir().mkpath(screenshotDir());
    ManualClock clock(now);
    {
        HistoryTab tab(clock);
        tab.resize(1280, 800);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        auto service = dataService(t.url());
        QVERIFY(tab.setDataService(service.get()));
        QVERIFY(waitForStats(tab));
        QVERIFY(tab.snapshot()->operations > 0);
        tab.findChild<QTableView*>(QStringLiteral("historyTable"))
            ->setFocus(); // no selected date text in the picture
        QCoreApplication::processEvents();
        QVERIFY(tab.grab().save(screenshotDir() + QStringLiteral("/history-tab.png")));
    }
    {
        SettingsTab tab(clock);
        tab.resize(1280, 800);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        auto service = dataService(t.url());
        QVERIFY(attach(tab, *service));
        auto* cap = child<QLineEdit>(&tab, "setting_backoff_cap_ms");
        cap->selectAll();
        QTest::keyClicks(cap, QStringLiteral("100")); // shows a validation message in the picture
        QCoreApplication::processEvents();
        QVERIFY(tab.grab().save(screenshotDir() + QStringLiteral("/settings-tab.png")));
    }
}

// R24: an event for a refund no operation knows is recorded and shown (never acted on): the
// dialog reads it on the data service's thread and shows the refund as the provider sent it.
void TestHistoryTabs::r24_unmatchedEventsDialogShowsWhatTheProviderSent()
{
    const QJsonObject refund{
        {QStringLiteral("id"), QStringLiteral("re_outside")},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("amount"), 4250},
        {QStringLiteral("currency"), QStringLiteral("eur")},
        {QStringLiteral("created"), 1780000000},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("payment_intent"), QStringLiteral("pi_dashboard")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("order_id"), QStringLiteral("9001")}}}};
    const QJsonObject raw{{QStringLiteral("id"), QStringLiteral("evt_outside")},
                          {QStringLiteral("object"), QStringLiteral("event")},
                          {QStringLiteral("type"), QStringLiteral("refund.created")},
                          {QStringLiteral("created"), 1780000001},
                          {QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), refund}}}};
    QString error;
    const auto event = ProviderEvent::fromJson(raw, &error);
    QVERIFY2(event, qPrintable(error));
    ProviderEventStore events(*m_db);
    QVERIFY(events.insert(*event, ProviderEventStore::Source::Webhook));
    QVERIFY(events.recordAction(QStringLiteral("evt_outside"), {}, QStringLiteral("re_outside"),
                                QStringLiteral("unmatched"), QStringLiteral("refund re_outside names no operation")));

    auto service = dataService(m_testDb->url());
    UnmatchedEventsDialog dialog(service.get());
    QSignalSpy loaded(&dialog, &UnmatchedEventsDialog::loaded);
    QVERIFY(loaded.wait(30000));
    QCOMPARE(loaded.last().at(0).toBool(), true);
    UnmatchedEventsModel* model = dialog.model();
    QCOMPARE(model->rowCount(), 1);
    const auto text = [model](int column) { return model->index(0, column).data().toString(); };
    QCOMPARE(text(UnmatchedEventsModel::EventColumn), QStringLiteral("evt_outside"));
    QCOMPARE(text(UnmatchedEventsModel::RefundColumn), QStringLiteral("re_outside"));
    QVERIFY2(text(UnmatchedEventsModel::AmountColumn).contains(QLatin1String("42.50")),
             qPrintable(text(UnmatchedEventsModel::AmountColumn)));
    QCOMPARE(text(UnmatchedEventsModel::PaymentColumn), QStringLiteral("pi_dashboard"));
    QVERIFY(text(UnmatchedEventsModel::MetadataColumn).contains(QLatin1String("9001")));
    QVERIFY(text(UnmatchedEventsModel::TypeColumn).contains(QLatin1String("succeeded")));
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("unmatchedEventsStatus"))->text().contains(QLatin1String("1")));
    if (TestDatabase::currentEngine() == QLatin1String("sqlite")) {
        dialog.show();
        QCoreApplication::processEvents();
        QDir().mkpath(screenshotDir());
        QVERIFY(dialog.grab().save(screenshotDir() + QStringLiteral("/unmatched-events.png")));
    }
    // A database that cannot be read says so, in the dialog.
    auto brokenService = dataService(QStringLiteral("sqlite:/nonexistent-dir/ops.db"));
    UnmatchedEventsDialog broken(brokenService.get());
    QSignalSpy failed(&broken, &UnmatchedEventsDialog::loaded);
    QVERIFY(failed.wait(30000));
    QCOMPARE(failed.last().at(0).toBool(), false);
    QVERIFY(broken.findChild<QLabel*>(QStringLiteral("unmatchedEventsStatus"))->text().contains(QLatin1String("could not be read")));

    // Review > Refunds paid twice reads the same way (on a worker): none here, and a database
    // that cannot be read says so. (tst_reconcile_store checks its rows against History's check.)
    PaidTwiceDialog paidTwice(service.get());
    QSignalSpy paidTwiceLoaded(&paidTwice, &PaidTwiceDialog::loaded);
    QVERIFY(paidTwiceLoaded.wait(30000));
    QCOMPARE(paidTwiceLoaded.last().at(0).toBool(), true);
    QCOMPARE(paidTwice.model()->rowCount(), 0);
    QVERIFY(paidTwice.findChild<QLabel*>(QStringLiteral("paidTwiceStatus"))->text().startsWith(PaidTwiceDialog::tr("None")));
    PaidTwiceDialog paidTwiceBroken(brokenService.get());
    QSignalSpy paidTwiceFailed(&paidTwiceBroken, &PaidTwiceDialog::loaded);
    QVERIFY(paidTwiceFailed.wait(30000));
    QCOMPARE(paidTwiceFailed.last().at(0).toBool(), false);
    QVERIFY(paidTwiceBroken.findChild<QLabel*>(QStringLiteral("paidTwiceStatus"))->text().contains(QLatin1String("could not be read")));
}

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    int failures = 0;
    for (const QString& engine : TestDatabase::engines()) {
        TestDatabase::setCurrentEngine(engine);
        qInfo("=== engine: %s ===", qPrintable(engine));
        TestHistoryTabs test;
        failures += QTest::qExec(&test, argc, argv);
    }
    return failures == 0 ? 0 : 1;
}

#include "TestHistoryTabs.moc"
