// The main window on the embedded demo database (real rows made by the real refund tool
// against the sandbox): live counts and filters match the database, search narrows the
// table, and the worked example (SPEC section 8) is under Unknown with 6/6 attempts and both
// tool calls in its detail. A write key is refused (R13).
#include "OperationFormat.h"
#include "TestDatabase.h"
#include "TestDemo.h"

#include "DetailPanel.h"
#include "ElidedLabel.h"
#include "CustomerMessageDialog.h"
#include "HistoryCharts.h"
#include "HistoryTab.h"
#include "MainWindow.h"
#include "ResolveDialog.h"
#include "SettingsTab.h"

#include <QPushButton>
#include <QTabWidget>
#include "MessageBanner.h"
#include "OperationTableModel.h"
#include "OperationTableView.h"
#include "StateCountsModel.h"
#include "db/SettingsStore.h"
#include "demo/DemoEnvironment.h"

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QContextMenuEvent>
#include <QAction>
#include <QClipboard>
#include <QMenu>
#include <QDesktopServices>
#include <QStackedWidget>
#include <QTableWidget>
#include <QChartView>
#include <QCheckBox>
#include <QDateEdit>
#include <QLogValueAxis>
#include <QTextLayout>
#include <QThread>
#include <QtTest>

namespace {
/** The tab showing w (History and Settings sit in scroll areas, so w is inside the tab's page). */
int tabIndex(QTabWidget* tabs, QWidget* w)
{
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->widget(i) == w || tabs->widget(i)->isAncestorOf(w))
            return i;
    return -1;
}
} // namespace

class TestConsoleDemo : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void countsMatchTheDatabase();
    void navigationFiltersTheTable();
    void seedOperationUnderUnknownWithBothToolCalls();
    void searchBoxNarrowsAfterTyping();
    void searchSpansEveryStateAndClearingReturns_issue15();
    void emptyStateSaysWhatToDo();
    void writeKeyIsRefused_R13();
    void statusBarNamesDatabaseAndRole();
    void reviewActionsOpenFromTheDetailPanel_R15_R19();
    void rolesGateTheTabs_R21();
    void r20_budgetChangeReachesAnOpenConsole();
    void contextMenuCopiesIdsAndOpensTheRefund();
    void detailKeyWrapsAfterEveryHyphenAndCopiesWhole_issue15();
    void historyLogScaleChoiceIsKeptUntilTheRangeChanges_issue15();

private:
    QStringList tableColumn(int column) const;
    /** selectOperation() and its reads on the data service's thread; whether the row was found. */
    bool selectAndWait(const QString& operationId)
    {
        QSignalSpy selected(m_window.get(), &MainWindow::operationSelected);
        if (!m_window->selectOperation(operationId) || !(selected.count() > 0 || selected.wait(20000)))
            return false;
        return selected.first().at(1).toBool();
    }

    std::unique_ptr<DemoEnvironment> m_demo;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<MainWindow> m_window;
};

void TestConsoleDemo::initTestCase()
{
    DemoEnvironment::Options options;
    options.sandboxExecutable = QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN);
    // Off the GUI thread, as the console does.
    auto built = createDemoOffThread(options, 120000);
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    m_demo = std::move(built).value();
    auto db = Database::open(m_demo->databaseUrl());
    QVERIFY(db);
    m_db = std::move(db).value();
    m_store = std::make_unique<OperationStore>(*m_db);
}

void TestConsoleDemo::init()
{
    MainWindow::Options options;
    options.role = QStringLiteral("finance");
    m_window = std::make_unique<MainWindow>(Clock::system(), options);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QVERIFY(m_window->connectDatabase(m_demo->databaseUrl()));
    // Loaded on the data service's thread (issue 12): connectDatabase() only starts it.
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
}

void TestConsoleDemo::cleanup()
{
    m_window.reset();
}

void TestConsoleDemo::cleanupTestCase()
{
    m_store.reset();
    m_db.reset();
    m_demo.reset();
}

QStringList TestConsoleDemo::tableColumn(int column) const
{
    QStringList out;
    auto* model = m_window->operationModel();
    for (int row = 0; row < model->rowCount(); ++row)
        out << model->index(row, column).data().toString();
    return out;
}

void TestConsoleDemo::countsMatchTheDatabase()
{
    auto counts = m_store->stateCounts();
    QVERIFY(counts);
    const auto& c = counts.value();
    QVERIFY(c.unknown > 0 && c.open > 0 && c.refunded > 0 && c.failed > 0);   // the demo has every state
    auto* nav = m_window->stateCountsModel();
    using F = OperationStore::StateFilter;
    QCOMPARE(nav->count(F::All), c.all);
    QCOMPARE(nav->count(F::Open), c.open);
    QCOMPARE(nav->count(F::Unknown), c.unknown);
    QCOMPARE(nav->count(F::Refunded), c.refunded);
    QCOMPARE(nav->count(F::Failed), c.failed);
    QVERIFY(nav->count(F::KeyExpiringSoon) > 0);
    QCOMPARE(nav->index(nav->rowOf(F::Unknown)).data().toString(), QStringLiteral("Unknown"));
    QCOMPARE(nav->index(nav->rowOf(F::Unknown)).data(StateCountsModel::CountRole).toLongLong(), c.unknown);
}

void TestConsoleDemo::navigationFiltersTheTable()
{
    using F = OperationStore::StateFilter;
    const QList<QPair<F, QString>> filters = {{F::Open, QStringLiteral("Open")},
                                              {F::Unknown, QStringLiteral("Unknown")},
                                              {F::Refunded, QStringLiteral("Refunded")},
                                              {F::Failed, QStringLiteral("Failed")}};
    auto* nav = m_window->findChild<QListView*>(QStringLiteral("stateNavigation"));
    QVERIFY(nav);
    for (const auto& [filter, title] : filters) {
        nav->setCurrentIndex(nav->model()->index(m_window->stateCountsModel()->rowOf(filter), 0));
        QTRY_VERIFY(!m_window->operationModel()->isLoading());   // the page comes from the data service's thread
        const QStringList statuses = tableColumn(OperationTableModel::StatusColumn);
        QCOMPARE(qint64(statuses.size()), m_window->stateCountsModel()->count(filter));
        QCOMPARE(statuses.count(title), statuses.size());
        QVERIFY(m_window->findChild<QLabel*>(QStringLiteral("resultTitle"))->text().startsWith(title));
    }
    // Keys that expire within the hour: open or unknown rows only, each with a countdown under 1 h.
    nav->setCurrentIndex(nav->model()->index(m_window->stateCountsModel()->rowOf(F::KeyExpiringSoon), 0));
    auto* model = m_window->operationModel();
    QTRY_VERIFY(!model->isLoading());
    QVERIFY(model->rowCount() > 0);
    for (int row = 0; row < model->rowCount(); ++row) {
        const Operation* op = model->operationAt(row);
        QVERIFY(!op->isClosed());
        const QString countdown = model->index(row, OperationTableModel::KeyExpiresColumn).data().toString();
        QVERIFY2(countdown.contains(QStringLiteral("min")) || countdown.endsWith(QStringLiteral(" s")),
                 qPrintable(countdown));
    }
}

void TestConsoleDemo::seedOperationUnderUnknownWithBothToolCalls()
{
    const QString seed = m_demo->seedOperationId();
    QVERIFY(selectAndWait(seed));
    auto* nav = m_window->findChild<QListView*>(QStringLiteral("stateNavigation"));
    QCOMPARE(StateCountsModel::filterAt(nav->currentIndex().row()), OperationStore::StateFilter::Unknown);

    auto* view = m_window->operationsView();
    auto* model = m_window->operationModel();
    const int row = view->currentIndex().row();
    QVERIFY(row >= 0);
    QCOMPARE(model->operationAt(row)->operationId, seed);
    QCOMPARE(model->index(row, OperationTableModel::StatusColumn).data().toString(), QStringLiteral("Unknown"));
    QCOMPARE(model->index(row, OperationTableModel::AttemptsColumn).data().toString(), QStringLiteral("6 / 6"));
    QCOMPARE(model->index(row, OperationTableModel::OrderColumn).data().toString(), QStringLiteral("4417"));
    QCOMPARE(model->index(row, OperationTableModel::AmountColumn).data().toString(), QStringLiteral("$38.00"));
    QCOMPARE(model->index(row, OperationTableModel::ToolCallsColumn).data().toInt(), 2);
    const QString countdown = model->index(row, OperationTableModel::KeyExpiresColumn).data().toString();
    QVERIFY2(countdown.contains(QStringLiteral(" h ")), qPrintable(countdown));   // hours left on the key

    auto* detail = m_window->detailPanel();
    QTRY_COMPARE(detail->operationId(), seed);   // read on the data service's thread (issue 12)
    auto* title = detail->findChild<ElidedLabel*>(QStringLiteral("detailOperationId"));
    QVERIFY(title);
    QCOMPARE(title->fullText(), seed);
    QCOMPARE(title->toolTip(), seed);
    // Whole, or elided in the middle where the panel is narrow: both ends of the id stay.
    QVERIFY2(title->text() == seed || (title->text().contains(QChar(0x2026)) && seed.startsWith(title->text().section(QChar(0x2026), 0, 0))
                                       && seed.endsWith(title->text().section(QChar(0x2026), 1))),
             qPrintable(title->text()));
    auto* attempts = detail->findChild<QTableWidget*>(QStringLiteral("detailAttempts"));
    QCOMPARE(attempts->rowCount(), 6);
    for (int i = 0; i < 6; ++i)
        QCOMPARE(attempts->item(i, 0)->text(), QString::number(i + 1));
    auto* calls = detail->findChild<QTableWidget*>(QStringLiteral("detailToolCalls"));
    QStringList callIds;
    for (int i = 0; i < calls->rowCount(); ++i)
        callIds << calls->item(i, 0)->text();
    QCOMPARE(callIds, (QStringList{QStringLiteral("toolu_01"), QStringLiteral("toolu_02")}));
    QVERIFY(calls->item(0, 2)->text().contains(QStringLiteral("created")));
    QVERIFY(calls->item(1, 2)->text().contains(QStringLiteral("joined")));
    // Issue 15: the reason in words, the code in the tooltip.
    const QLabel* reason = detail->findChild<QLabel*>(QStringLiteral("detailField_reason"));
    QCOMPARE(reason->text(), OperationFormat::reasonTitle(QStringLiteral("attempt_budget_exhausted")));
    QVERIFY2(reason->text().contains(QStringLiteral("Attempt budget used up")), qPrintable(reason->text()));
    QCOMPARE(reason->toolTip(), QStringLiteral("attempt_budget_exhausted"));
}

namespace {
/** Receives the URLs QDesktopServices would open (instead of a browser). */
class UrlRecorder : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> urls;
public slots:
    void open(const QUrl& url) { urls << url; }
};
} // namespace

// Issue 15: one id at a time from the context menu, and the refund at the provider's dashboard.
void TestConsoleDemo::contextMenuCopiesIdsAndOpensTheRefund()
{
    const QString seed = m_demo->seedOperationId();
    QVERIFY(selectAndWait(seed));
    auto* view = m_window->operationsView();
    auto* model = m_window->operationModel();
    std::unique_ptr<QMenu> menu(view->createContextMenu(view->currentIndex()));
    QVERIFY(menu);
    auto action = [&menu](const char* name) { return menu->findChild<QAction*>(QString::fromLatin1(name)); };
    QVERIFY(action("copyOperationId")->isEnabled());
    QVERIFY(!action("copyRefundId")->isEnabled());          // unknown: no refund id
    QVERIFY(!action("openRefundAtProvider"));               // no dashboard configured
    // The window's own "Copy cells" (Ctrl+C) is in the menu, not a second action of the same name.
    QVERIFY(menu->actions().contains(view->findChild<QAction*>(QStringLiteral("actionCopyCells"))));
    action("copyOperationId")->trigger();
    QCOMPARE(QApplication::clipboard()->text(), seed);
    action("copyIdempotencyKey")->trigger();
    QCOMPARE(QApplication::clipboard()->text(), model->operationAt(view->currentIndex().row())->idempotencyKey);

    // A refunded row, with a dashboard: the refund's page there.
    auto* nav = m_window->findChild<QListView*>(QStringLiteral("stateNavigation"));
    for (int r = 0; r < nav->model()->rowCount(); ++r)
        if (StateCountsModel::filterAt(r) == OperationStore::StateFilter::Refunded)
            nav->setCurrentIndex(nav->model()->index(r, 0));
    QTRY_VERIFY(model->rowCount() > 0 && model->operationAt(0) &&
                model->operationAt(0)->status == OperationStatus::Refunded);
    const Operation refunded = *model->operationAt(0);
    QVERIFY(!refunded.providerRefundId.isEmpty());
    view->setDashboardUrl(QUrl(QStringLiteral("https://dashboard.example.test/test")));
    menu.reset(view->createContextMenu(model->index(0, 0)));
    UrlRecorder recorder;
    QDesktopServices::setUrlHandler(QStringLiteral("https"), &recorder, "open");
    action("copyRefundId")->trigger();
    QCOMPARE(QApplication::clipboard()->text(), refunded.providerRefundId);
    QVERIFY(action("openRefundAtProvider")->isEnabled());
    action("openRefundAtProvider")->trigger();
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QCOMPARE(recorder.urls,
             QList<QUrl>{QUrl(QStringLiteral("https://dashboard.example.test/test/refunds/") + refunded.providerRefundId)});
    view->setDashboardUrl({});

    menu.reset(); // only the menu the click opens is left
    // A real right-click reaches the view's own menu (the table once used the actions policy,
    // which showed a one-item menu instead).
    QCOMPARE(view->contextMenuPolicy(), Qt::DefaultContextMenu);
    const QPoint at = view->visualRect(model->index(0, 0)).center();
    QContextMenuEvent click(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &click);
    QMenu* shown = nullptr;
    QTRY_VERIFY((shown = view->findChild<QMenu*>(QStringLiteral("operationContextMenu"))) && shown->isVisible());
    QVERIFY(shown->findChild<QAction*>(QStringLiteral("copyRefundId")));
    shown->close();
}

void TestConsoleDemo::searchBoxNarrowsAfterTyping()
{
    auto* search = m_window->findChild<QLineEdit*>(QStringLiteral("searchEdit"));
    QVERIFY(search);
    m_window->setStateFilter(OperationStore::StateFilter::All);
    QTRY_VERIFY(!m_window->operationModel()->isLoading());
    const int before = m_window->operationModel()->rowCount();
    QVERIFY(before > 1);
    QTest::keyClicks(search, QStringLiteral("4417"));
    // Debounced: no query per key; the table follows once typing pauses. "4417" is a substring
    // search (issue 15): the seed's order, and any id that happens to hold those digits.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->operationModel()->search() == QStringLiteral("4417")
                                 && !m_window->operationModel()->isLoading(), 5000);
    QVERIFY(m_window->operationModel()->rowCount() < before);
    QVERIFY(m_window->operationModel()->rowOf(m_demo->seedOperationId()) >= 0);
    for (int row = 0; row < m_window->operationModel()->rowCount(); ++row) {
        const Operation* op = m_window->operationModel()->operationAt(row);
        QVERIFY((op->orderId + op->operationId + op->idempotencyKey + op->providerRefundId).contains(QStringLiteral("4417")));
    }
    search->clear();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->operationModel()->rowCount(), before, 5000);
}

// Issue 15: a part of an order id finds the operation whatever view is open: typing moves the
// navigation to All, the title names the search, and clearing it returns to the view left.
void TestConsoleDemo::searchSpansEveryStateAndClearingReturns_issue15()
{
    auto* search = m_window->findChild<QLineEdit*>(QStringLiteral("searchEdit"));
    QVERIFY(search);
    search->clear();
    m_window->setStateFilter(OperationStore::StateFilter::Refunded);
    QTRY_VERIFY(!m_window->operationModel()->isLoading());
    QCOMPARE(m_window->operationModel()->filter(), OperationStore::StateFilter::Refunded);
    const QString seed = m_demo->seedOperationId();   // order 4417, unknown: not in Refunded
    QTest::keyClicks(search, QStringLiteral("417"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->operationModel()->filter(), OperationStore::StateFilter::All, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->operationModel()->search() == QStringLiteral("417")
                                 && !m_window->operationModel()->isLoading()
                                 && m_window->operationModel()->rowOf(seed) >= 0, 5000);
    auto* title = m_window->findChild<QLabel*>(QStringLiteral("resultTitle"));
    QVERIFY2(title->text().contains(QStringLiteral("417")), qPrintable(title->text()));
    for (int row = 0; row < m_window->operationModel()->rowCount(); ++row)
        QVERIFY(m_window->operationModel()->operationAt(row)->orderId.contains(QStringLiteral("417"))
                || m_window->operationModel()->operationAt(row)->operationId.contains(QStringLiteral("417"))
                || m_window->operationModel()->operationAt(row)->idempotencyKey.contains(QStringLiteral("417"))
                || m_window->operationModel()->operationAt(row)->providerRefundId.contains(QStringLiteral("417")));
    search->clear();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->operationModel()->filter(), OperationStore::StateFilter::Refunded, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->operationModel()->isLoading() && m_window->operationModel()->search().isEmpty(), 5000);
    QCOMPARE(m_window->operationModel()->rowOf(seed), -1);

    // A view picked during a search is where clearing it stays.
    QTest::keyClicks(search, QStringLiteral("441"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->operationModel()->filter(), OperationStore::StateFilter::All, 5000);
    m_window->setStateFilter(OperationStore::StateFilter::Unknown);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->operationModel()->isLoading() && m_window->operationModel()->rowOf(seed) >= 0, 5000);
    search->clear();
    QTest::qWait(400);   // past the debounce
    QTRY_VERIFY(!m_window->operationModel()->isLoading());
    QCOMPARE(m_window->operationModel()->filter(), OperationStore::StateFilter::Unknown);
    m_window->setStateFilter(OperationStore::StateFilter::All);
    QTRY_VERIFY(!m_window->operationModel()->isLoading());
}

void TestConsoleDemo::emptyStateSaysWhatToDo()
{
    auto* search = m_window->findChild<QLineEdit*>(QStringLiteral("searchEdit"));
    QTest::keyClicks(search, QStringLiteral("no-such-order"));
    auto* stack = m_window->findChild<QStackedWidget*>(QStringLiteral("tableStack"));
    QTRY_COMPARE_WITH_TIMEOUT(stack->currentWidget()->objectName(), QStringLiteral("emptyState"), 5000);
    QVERIFY(m_window->findChild<QLabel*>(QStringLiteral("emptyTitle"))->text().contains(QStringLiteral("no-such-order")));
    QVERIFY(m_window->findChild<QLabel*>(QStringLiteral("emptyText"))->text().contains(QStringLiteral("clear the search")));
}

void TestConsoleDemo::writeKeyIsRefused_R13()
{
    auto* banner = m_window->findChild<MessageBanner*>(QStringLiteral("providerKeyBanner"));
    QVERIFY(banner);
    QVERIFY(!banner->isVisible());
    QSignalSpy checked(m_window.get(), &MainWindow::providerChecked);
    m_window->setProvider(m_demo->providerUrl(), m_demo->secretKey(), QStringLiteral("test"));
    QVERIFY(banner->isVisible());
    QVERIFY(banner->text().contains(QStringLiteral("sk_")));
    QVERIFY(!banner->text().contains(m_demo->secretKey()));   // R22: the key itself is never shown
    auto* status = m_window->findChild<ElidedLabel*>(QStringLiteral("providerStatus"));
    QVERIFY(status);
    QVERIFY(status->fullText().contains(QStringLiteral("write key refused")));
    QTest::qWait(300);
    QCOMPARE(checked.count(), 0);   // no request was made with it

    // The read key is accepted and checked off the GUI thread.
    m_window->setProvider(m_demo->providerUrl(), m_demo->readKey(), QStringLiteral("test"));
    QVERIFY(!banner->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(checked.count(), 1, 15000);
    QCOMPARE(checked.at(0).at(0).toBool(), true);
    QVERIFY(status->fullText().contains(QStringLiteral("reachable")));
    // The tooltip has the whole line (the label elides it when short of room) and names the key.
    QVERIFY(status->toolTip().startsWith(status->fullText()));
    QVERIFY(status->toolTip().contains(QStringLiteral("rk_")));
    QVERIFY(!status->toolTip().contains(m_demo->readKey()));   // R22: masked
}

void TestConsoleDemo::statusBarNamesDatabaseAndRole()
{
    auto* dbStatus = m_window->findChild<ElidedLabel*>(QStringLiteral("databaseStatus"));
    QVERIFY(dbStatus);
    const QString db = dbStatus->fullText();
    QVERIFY2(db.contains(QStringLiteral("SQLite")), qPrintable(db));
    QVERIFY2(db.contains(QStringLiteral("ops.db")), qPrintable(db));
    const QString role = m_window->findChild<QLabel*>(QStringLiteral("roleStatus"))->text();
    QVERIFY2(role.contains(QStringLiteral("finance")) && role.contains(QStringLiteral("interface")), qPrintable(role));
}

void TestConsoleDemo::reviewActionsOpenFromTheDetailPanel_R15_R19()
{
    const QString seed = m_demo->seedOperationId();
    QVERIFY(selectAndWait(seed));
    QTRY_COMPARE(m_window->detailPanel()->operationId(), seed);
    auto* resolve = m_window->detailPanel()->findChild<QPushButton*>(QStringLiteral("lookupResolveButton"));
    auto* message = m_window->detailPanel()->findChild<QPushButton*>(QStringLiteral("customerMessageButton"));
    QVERIFY(resolve && message);
    // No provider yet: look-ups are impossible and the button says why.
    QVERIFY(!resolve->isEnabled());
    QVERIFY2(resolve->toolTip().contains(QStringLiteral("read-only key")), qPrintable(resolve->toolTip()));
    QVERIFY(message->isEnabled());

    m_window->setProvider(m_demo->providerUrl(), m_demo->readKey(), QStringLiteral("test"));
    QVERIFY(resolve->isEnabled());
    QTest::mouseClick(resolve, Qt::LeftButton);
    auto* dialog = m_window->findChild<ResolveDialog*>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->reject();

    QTest::mouseClick(message, Qt::LeftButton);
    // The operation is read fresh on the data service's thread (R19: the draft follows the
    // status as it is now), then the dialog opens.
    QTRY_VERIFY(m_window->findChild<CustomerMessageDialog*>());
    auto* draft = m_window->findChild<CustomerMessageDialog*>();
    QTRY_VERIFY(draft->isVisible());
    draft->reject();

    // A closed operation cannot be resolved again (R4); an open one is still the tool's.
    m_window->setStateFilter(OperationStore::StateFilter::Refunded);
    QTRY_VERIFY(!m_window->operationModel()->isLoading());
    m_window->operationsView()->setCurrentIndex(m_window->operationModel()->index(0, 0));
    QTRY_COMPARE(m_window->detailPanel()->operationId(), m_window->operationModel()->operationAt(0)->operationId);
    QVERIFY(!resolve->isEnabled());
    QVERIFY(message->isEnabled());
}

void TestConsoleDemo::rolesGateTheTabs_R21()
{
    auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QVERIFY(tabs);
    // This window is finance: history yes, settings read-only.
    QCOMPARE(m_window->effectiveRole(), QStringLiteral("finance"));
    QVERIFY(tabs->isTabEnabled(tabIndex(tabs, m_window->historyTab())));
    QVERIFY(tabs->isTabEnabled(tabIndex(tabs, m_window->settingsTab())));
    tabs->setCurrentIndex(tabIndex(tabs, m_window->settingsTab()));
    auto* budget = m_window->settingsTab()->findChild<QLineEdit*>(QStringLiteral("setting_max_attempts_per_call"));
    QVERIFY(budget);
    QVERIFY(budget->isReadOnly());   // only admins change settings
    // Read from the demo database once the tab is shown, on the data service's thread (issue 12).
    QTRY_COMPARE_WITH_TIMEOUT(budget->text(), QStringLiteral("3"), 10000);

    MainWindow::Options options;
    options.role = QStringLiteral("support");
    MainWindow support(Clock::system(), options);
    QSignalSpy supportLoaded(&support, &MainWindow::dataLoaded);
    QVERIFY(support.connectDatabase(m_demo->databaseUrl()));
    QTRY_COMPARE_WITH_TIMEOUT(supportLoaded.count(), 1, 20000);
    auto* supportTabs = support.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    const int history = tabIndex(supportTabs, support.historyTab());
    QVERIFY(!supportTabs->isTabEnabled(history));
    QVERIFY2(supportTabs->tabToolTip(history).contains(QStringLiteral("support")), qPrintable(supportTabs->tabToolTip(history)));

    options.role = QStringLiteral("admin");
    MainWindow admin(Clock::system(), options);
    QSignalSpy adminLoaded(&admin, &MainWindow::dataLoaded);
    QVERIFY(admin.connectDatabase(m_demo->databaseUrl()));
    QTRY_COMPARE_WITH_TIMEOUT(adminLoaded.count(), 1, 20000);
    auto* adminTabs = admin.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QVERIFY(adminTabs->isTabEnabled(tabIndex(adminTabs, admin.historyTab())));
    QVERIFY(adminTabs->isTabEnabled(tabIndex(adminTabs, admin.settingsTab())));
    QVERIFY(!admin.settingsTab()->findChild<QLineEdit*>(QStringLiteral("setting_max_attempts_per_call"))->isReadOnly());
}

// R20 live: an admin raises max_attempts_per_operation in another session; the open console's
// Attempts column and detail panel follow with the change notification, no reconnect.
void TestConsoleDemo::r20_budgetChangeReachesAnOpenConsole()
{
    auto* model = m_window->operationModel();
    QVERIFY(model->rowCount() > 0);
    const auto attempts = [model] { return model->index(0, OperationTableModel::AttemptsColumn).data().toString(); };
    QVERIFY2(attempts().endsWith(QLatin1String("/ 6")), qPrintable(attempts()));
    SettingsStore settings(*m_db);
    QVERIFY(settings.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("8"), QStringLiteral("admin1"),
                         QStringLiteral("admin")));
    QTRY_VERIFY_WITH_TIMEOUT(attempts().endsWith(QLatin1String("/ 8")), 10000);
    QVERIFY(settings.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("6"), QStringLiteral("admin1"),
                         QStringLiteral("admin")));
    QTRY_VERIFY_WITH_TIMEOUT(attempts().endsWith(QLatin1String("/ 6")), 10000);
}

// Issue 15: the idempotency key in the detail panel has a break opportunity after each of its
// hyphens (a digit after a hyphen gave Unicode line breaking none), and a copy of it from the
// label is the key itself, without the zero-width spaces that make those breaks.
void TestConsoleDemo::detailKeyWrapsAfterEveryHyphenAndCopiesWhole_issue15()
{
    const QString seed = m_demo->seedOperationId();
    QVERIFY(selectAndWait(seed));
    const QString key = m_store->operation(seed).value().idempotencyKey;
    QCOMPARE(key.count(QLatin1Char('-')), 4);
    auto* label = m_window->detailPanel()->findChild<QLabel*>(QStringLiteral("detailField_key"));
    QVERIFY(label);
    QTRY_COMPARE(OperationFormat::withoutBreakHints(label->text()), key);
    QCOMPARE(label->text().count(QChar(OperationFormat::kBreakHint)), 4);
    QVERIFY(label->wordWrap());

    // In a column as narrow as its first group, the key wraps group by group, each line ending at its hyphen.
    QTextLayout layout(label->text(), label->font());
    layout.beginLayout();
    QStringList lines;
    const qreal width = QFontMetricsF(label->font()).horizontalAdvance(key.section(QLatin1Char('-'), 0, 0) + QLatin1Char('-')) + 1;
    while (true) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        lines << OperationFormat::withoutBreakHints(label->text().mid(line.textStart(), line.textLength()));
    }
    layout.endLayout();
    QVERIFY2(lines.size() >= 4, qPrintable(lines.join(QLatin1Char('|'))));
    QCOMPARE(lines.join(QString()), key);
    for (qsizetype i = 0; i + 1 < lines.size(); ++i)
        QVERIFY2(lines[i].endsWith(QLatin1Char('-')), qPrintable(lines.join(QLatin1Char('|'))));

    // Selected and copied with the keyboard: the key, as the table's "Copy idempotency key" gives it.
    QApplication::clipboard()->clear();
    label->setFocus();
    label->setSelection(0, int(label->text().size()));
    QVERIFY(label->hasSelectedText());
    QTest::keySequence(label, QKeySequence::Copy);
    QTRY_COMPARE(QApplication::clipboard()->text(), key);
}

// Issue 15: the History tab's Log scale boxes are ticked for a snapshot whose busiest day
// dominates, but only while the person has not chosen: a box they ticked or unticked keeps their
// choice when a new snapshot of the figures arrives (Refresh, a change in the database, another
// state) until they change it or the range; a new range gets the automatic choice again.
void TestConsoleDemo::historyLogScaleChoiceIsKeptUntilTheRangeChanges_issue15()
{
    HistoryTab* history = m_window->historyTab();
    QSignalSpy stats(history, &HistoryTab::statsUpdated);
    QVERIFY(m_window->showPage(MainWindow::Page::History));
    QTRY_VERIFY_WITH_TIMEOUT(stats.count() > 0, 30000);
    auto* outcomesLog = history->findChild<QCheckBox*>(QStringLiteral("chartOutcomesLog"));
    auto* duplicatesLog = history->findChild<QCheckBox*>(QStringLiteral("chartDuplicatesLog"));
    auto* outcomes = history->findChild<QChartView*>(QStringLiteral("chartOutcomes"));
    auto* duplicates = history->findChild<QChartView*>(QStringLiteral("chartDuplicates"));
    QVERIFY(outcomesLog && duplicatesLog && outcomes && duplicates);
    const auto automatic = [history](QList<qint64> (*perPeriod)(const HistoryStats::Snapshot&)) {
        return HistoryCharts::dominance(perPeriod(*history->snapshot())) > HistoryCharts::kDominanceRatio;
    };
    const auto onLogAxis = [](QChartView* view) {
        return qobject_cast<QLogValueAxis*>(view->chart()->axes(Qt::Vertical).constFirst()) != nullptr;
    };
    const auto newSnapshot = [&](const std::function<void()>& ask) {
        stats.clear();
        ask();
        return stats.count() > 0 || stats.wait(30000);
    };
    const auto refresh = [history] { QTest::mouseClick(history->findChild<QPushButton*>(QStringLiteral("historyRefresh")), Qt::LeftButton); };

    // Nobody has chosen: each box shows the automatic choice.
    QCOMPARE(outcomesLog->isChecked(), automatic(&HistoryCharts::operationsPerPeriod));
    QCOMPARE(duplicatesLog->isChecked(), automatic(&HistoryCharts::duplicatesPerPeriod));
    QVERIFY(newSnapshot(refresh));
    QCOMPARE(outcomesLog->isChecked(), automatic(&HistoryCharts::operationsPerPeriod));

    // The person flips both: the charts follow, and new snapshots keep their choice.
    const bool outcomesChoice = !outcomesLog->isChecked();
    const bool duplicatesChoice = !duplicatesLog->isChecked();
    QTest::mouseClick(outcomesLog, Qt::LeftButton);
    QTest::mouseClick(duplicatesLog, Qt::LeftButton);
    QCOMPARE(outcomesLog->isChecked(), outcomesChoice);
    QCOMPARE(duplicatesLog->isChecked(), duplicatesChoice);
    QCOMPARE(onLogAxis(outcomes), outcomesChoice);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(newSnapshot(refresh));
        QCOMPARE(outcomesLog->isChecked(), outcomesChoice);
        QCOMPARE(duplicatesLog->isChecked(), duplicatesChoice);
        QCOMPARE(onLogAxis(outcomes), outcomesChoice);
        QCOMPARE(onLogAxis(duplicates), duplicatesChoice);
    }
    // Another state over the same range is a new snapshot too, not a new range.
    QVERIFY(newSnapshot([history] { history->setStateFilter(OperationStatus::Refunded); }));
    QCOMPARE(outcomesLog->isChecked(), outcomesChoice);
    QVERIFY(newSnapshot([history] { history->setStateFilter(std::nullopt); }));
    QCOMPARE(outcomesLog->isChecked(), outcomesChoice);
    QCOMPARE(duplicatesLog->isChecked(), duplicatesChoice);

    // Flipped back by hand: that is a choice as well, kept as such.
    QTest::mouseClick(duplicatesLog, Qt::LeftButton);
    QCOMPARE(duplicatesLog->isChecked(), !duplicatesChoice);
    QVERIFY(newSnapshot(refresh));
    QCOMPARE(duplicatesLog->isChecked(), !duplicatesChoice);

    // A new range (a preset, or dates picked by hand): the automatic choice again, until the next choice.
    QVERIFY(newSnapshot([history] { history->applyPreset(30); }));
    QCOMPARE(outcomesLog->isChecked(), automatic(&HistoryCharts::operationsPerPeriod));
    QCOMPARE(duplicatesLog->isChecked(), automatic(&HistoryCharts::duplicatesPerPeriod));
    QCOMPARE(onLogAxis(outcomes), outcomesLog->isChecked());
    QTest::mouseClick(outcomesLog, Qt::LeftButton);
    const bool again = outcomesLog->isChecked();
    auto* from = history->findChild<QDateEdit*>(QStringLiteral("historyFrom"));
    QVERIFY(newSnapshot(refresh));
    QCOMPARE(outcomesLog->isChecked(), again);
    QVERIFY(newSnapshot([from] { from->setDate(from->date().addDays(1)); }));
    QCOMPARE(outcomesLog->isChecked(), automatic(&HistoryCharts::operationsPerPeriod));
    QVERIFY(newSnapshot([history] { history->applyPreset(7); }));
}

QTEST_MAIN(TestConsoleDemo)
#include "TestConsoleDemo.moc"
