#include "MainWindow.h"

#include "OperationFilterBar.h"

#include "LocalUser.h"
#include "CheckUnknownDialog.h"
#include "HistoryTab.h"
#include "SettingsTab.h"
#include "StatusPalette.h"
#include "CustomerMessageDialog.h"
#include "LogViewDialog.h"
#include "PaidTwiceDialog.h"
#include "UnmatchedEventsDialog.h"
#include "ResolveDialog.h"
#include "review/CustomerMessage.h"

#include "ConnectionDialog.h"
#include "DetailPanel.h"
#include "ElidedLabel.h"
#include "Logging.h"
#include "MessageBanner.h"
#include "OperationFormat.h"
#include "OperationItemDelegate.h"
#include "OperationTableModel.h"
#include "OperationTableView.h"
#include "ProviderKeySource.h"
#include "StateCountsModel.h"
#include "StateNavigationDelegate.h"
#include "db/DatabaseUrl.h"

#include <QAction>
#include <QFileInfo>
#include <QTabWidget>
#include <QToolButton>
#include <QApplication>
#include <QDateTime>
#include <QHBoxLayout>
#include <QIcon>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QVBoxLayout>

namespace {

using Filter = OperationStore::StateFilter;

Filter filterFor(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open: return Filter::Open;
    case OperationStatus::Unknown: return Filter::Unknown;
    case OperationStatus::Refunded: return Filter::Refunded;
    case OperationStatus::Failed: return Filter::Failed;
    case OperationStatus::Reversed: return Filter::Reversed;
    }
    return Filter::All;
}

/** The status read (counts, settings; withIdentity: schema, login, role) as a data-service job. */
auto statusJob(const Clock& clock, bool withIdentity)
{
    return [&clock, withIdentity](Database& db, OperationStore& store) {
        return ConsoleReads::readStatus(db, store, clock, OperationFormat::kSoonMs, withIdentity);
    };
}

/** A status bar label: plain for the short ones, ElidedLabel for the database and provider. */
template <typename Label = QLabel>
Label* statusLabel(const QString& objectName, QWidget* parent)
{
    auto* label = new Label(parent);
    label->setObjectName(objectName);
    label->setContentsMargins(6, 0, 6, 0);
    return label;
}

} // namespace

MainWindow::MainWindow(const Clock& clock, const Options& options, QWidget* parent)
    : QMainWindow(parent)
    , m_clock(clock)
    , m_options(options)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Refund operations"));
    m_model = new OperationTableModel(clock, this);
    m_model->setPageSize(options.pageSize);
    m_counts = new StateCountsModel(clock, this);
    buildUi();
    buildActions();

    m_searchDebounce.setSingleShot(true);
    m_searchDebounce.setInterval(250);   // one query per pause in typing, not per key
    connect(&m_searchDebounce, &QTimer::timeout, this, &MainWindow::reloadOperations);
    m_retryTimer.setInterval(options.retryIntervalMs);
    connect(&m_retryTimer, &QTimer::timeout, this, &MainWindow::retryConnection);
    m_countsTimer.setInterval(options.countsIntervalMs);
    connect(&m_countsTimer, &QTimer::timeout, this, [this] {
        // One read at a time: a slow count (a million rows) never piles requests up behind it.
        if (m_connected && !m_snapshotPending) {
            m_snapshotPending = true;
            m_data->requestSnapshot(++m_snapshotTicket);
        }
    });
    connect(&m_providerMonitor, &ProviderStatusMonitor::checked, this, &MainWindow::onProviderChecked);
    connect(m_model, &OperationTableModel::dataChanged, this, &MainWindow::onTick);
    connect(m_model, &OperationTableModel::queryFailed, this, [this](const StoreError& e) { handleStoreError(e); });
    connect(m_model, &OperationTableModel::windowChanged, this, &MainWindow::updateRowsStatus);
    // Pages arrive from the data service's thread: the selection to keep is the one just
    // before an answer changes the rows, not the one when it was asked for.
    connect(m_model, &OperationTableModel::aboutToApply, this, [this] {
        ++m_appliedSerial;
        m_selectionAtApply = selectedOperationId();
        m_scrollAtApply = m_table->verticalScrollBar()->value();
        m_rowsAtApply = m_model->rowCount();
    });

    // Change notifications, their reconnects and the state counts they trigger run on the
    // data service's thread; only their results reach this one.
    ConsoleDataService::Options dataOptions;
    dataOptions.watchIntervalMs = options.watchIntervalMs;
    dataOptions.retryIntervalMs = options.retryIntervalMs;
    dataOptions.expiringWithinMs = OperationFormat::kSoonMs;
    m_data = std::make_unique<ConsoleDataService>(clock, dataOptions);
    connect(m_data.get(), &ConsoleDataService::changed, this, &MainWindow::onDatabaseChanged);
    connect(m_data.get(), &ConsoleDataService::snapshotReady, this,
            [this](quint64 ticket, const ConsoleDataService::Snapshot& snapshot) {
                if (ticket == m_snapshotTicket)
                    m_snapshotPending = false;
                if (m_connected)
                    applySnapshot(snapshot);
            });
    connect(m_data.get(), &ConsoleDataService::snapshotFailed, this, [this](quint64 ticket, const StoreError& error) {
        if (ticket == m_snapshotTicket)
            m_snapshotPending = false;
        if (m_connected)
            handleStoreError(error);
    });
    connect(m_data.get(), &ConsoleDataService::detailReady, this,
            [this](quint64 ticket, const OperationStore::Detail& detail) {
                // The operation wanted, asked for after the last clear or change of operation,
                // and newer than what is shown: shown, even if a later request for it is still
                // on its way (a stream of change notifications must not starve the panel).
                if (ticket > m_detailFloor && ticket > m_detailShown && detail.operation.operationId == m_detailWanted) {
                    m_detailShown = ticket;
                    m_detail->showDetail(detail, m_budget);
                    m_detail->setStale(false);   // a failed read before may have marked it
                }
                if (ticket == m_messageTicket) {
                    m_messageTicket = 0;
                    // R19: the draft follows the status as read now, not as the panel last showed it.
                    auto* dialog = new CustomerMessageDialog(CustomerMessage::Facts::from(detail.operation), this);
                    dialog->setAttribute(Qt::WA_DeleteOnClose);
                    dialog->open();
                }
            });
    connect(m_data.get(), &ConsoleDataService::detailFailed, this,
            [this](quint64 ticket, const QString& operationId, const StoreError& error) {
                if (ticket == m_messageTicket) {
                    m_messageTicket = 0;
                    if (!handleStoreError(error))
                        m_noticeBanner->showMessage(MessageBanner::Level::Info,
                                                    tr("Operation %1 was not found in this database.").arg(operationId));
                    return;
                }
                if (ticket != m_detailTicket || ticket <= m_detailFloor || operationId != m_detailWanted)
                    return;
                if (error.code == StoreError::Code::NotFound) {
                    clearDetail(tr("%1 is no longer in the database.").arg(operationId));
                    return;
                }
                // Asked again by the next click on the row (or the refresh after a reconnect).
                m_detailWanted.clear();
                if (error.code != StoreError::Code::ConnectionFailed)   // the watcher reports a lost connection
                    handleStoreError(error);
                if (m_detail->operationId() == operationId)
                    m_detail->setStale(true);
                else   // the panel said it was loading this operation
                    m_detail->clear(tr("The details of %1 could not be read: %2").arg(operationId, error.message));
            });
    connect(m_data.get(), &ConsoleDataService::openFailed, this, [](const StoreError& error) {
        // The service retries; the window's own connection shows the database's state.
        Logging::debug(QStringLiteral("console: data service could not open the database: %1")
                           .arg(Logging::redact(error.message)));
    });
    connect(m_data.get(), &ConsoleDataService::connectionLost, this, &MainWindow::onDatabaseLost);
    connect(m_data.get(), &ConsoleDataService::connectionRestored, this, &MainWindow::retryConnection);

    setProviderStatus(tr("Provider: not configured"));
    updateDatabaseStatus();
    updateRoleStatus();
    resize(1280, 800);
}

MainWindow::~MainWindow()
{
    m_data.reset();   // joins the data thread before the widgets it reports to go
}

void MainWindow::buildUi()
{
    auto* central = new QWidget(this);
    auto* outer = new QHBoxLayout(central);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, central);
    split->setObjectName(QStringLiteral("mainSplitter"));
    split->setChildrenCollapsible(false);
    outer->addWidget(split);

    // Navigation by state, with live counts.
    auto* navPane = new QWidget(split);
    auto* navLayout = new QVBoxLayout(navPane);
    navLayout->setContentsMargins(8, 10, 4, 8);
    auto* navTitle = new QLabel(tr("OPERATIONS"), navPane);
    navTitle->setStyleSheet(QStringLiteral("color: #6b7280; font-weight: bold; letter-spacing: 1px;"));
    navLayout->addWidget(navTitle);
    m_navigation = new QListView(navPane);
    m_navigation->setObjectName(QStringLiteral("stateNavigation"));
    m_navigation->setModel(m_counts);
    m_navigation->setItemDelegate(new StateNavigationDelegate(m_navigation));
    m_navigation->setFrameShape(QFrame::NoFrame);
    m_navigation->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_navigation->setSelectionMode(QAbstractItemView::SingleSelection);
    m_navigation->setCurrentIndex(m_counts->index(m_counts->rowOf(Filter::All)));
    m_navigation->setStyleSheet(QStringLiteral("QListView { background: transparent; }"));
    navLayout->addWidget(m_navigation, 1);
    // As wide as the longest title beside its count (issue 15: Russian titles were cut at
    // 1024 px); the rows never scroll sideways.
    m_navigation->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    navPane->setMinimumWidth(190);
    navPane->setMaximumWidth(280);
    fitNavigationWidth();
    connect(m_counts, &QAbstractItemModel::dataChanged, this, &MainWindow::fitNavigationWidth);
    connect(m_navigation->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onNavigationChanged);

    // Banners, search, table + detail.
    auto* mainPane = new QWidget(split);
    auto* mainLayout = new QVBoxLayout(mainPane);
    mainLayout->setContentsMargins(4, 8, 8, 0);
    mainLayout->setSpacing(6);
    m_connectionBanner = new MessageBanner(mainPane);
    m_connectionBanner->setObjectName(QStringLiteral("connectionBanner"));
    m_connectionBanner->setClosable(false);
    m_keyBanner = new MessageBanner(mainPane);
    m_keyBanner->setObjectName(QStringLiteral("providerKeyBanner"));
    m_noticeBanner = new MessageBanner(mainPane);
    m_noticeBanner->setObjectName(QStringLiteral("noticeBanner"));
    m_alertBanner = new MessageBanner(mainPane);
    m_alertBanner->setObjectName(QStringLiteral("alertBanner"));
    connect(m_alertBanner, &MessageBanner::actionTriggered, this, [this] {
        openAlertView();
        m_alertBanner->clearMessage();
    });
    mainLayout->addWidget(m_connectionBanner);
    mainLayout->addWidget(m_keyBanner);
    mainLayout->addWidget(m_alertBanner);
    mainLayout->addWidget(m_noticeBanner);

    auto* searchRow = new QHBoxLayout;
    m_resultTitle = new QLabel(mainPane);
    m_resultTitle->setObjectName(QStringLiteral("resultTitle"));
    QFont titleFont = m_resultTitle->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_resultTitle->setFont(titleFont);
    m_search = new QLineEdit(mainPane);
    m_search->setObjectName(QStringLiteral("searchEdit"));
    m_search->setClearButtonEnabled(true);
    m_search->setPlaceholderText(tr("Search all states: order, operation, key, refund id"));
    m_search->setToolTip(tr("Finds a part of an order id, operation id, idempotency key or refund id in every state "
                            "(three characters or more; a shorter term matches an id exactly or its start). Ctrl+F"));
    m_search->setMinimumWidth(380);
    connect(m_search, &QLineEdit::textEdited, this, &MainWindow::onSearchEdited);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())   // the clear button does not emit textEdited
            onSearchEdited();
    });
    // Row filters (issue 15): created range, currency, amount; one set per state view.
    m_filterBar = new OperationFilterBar(mainPane);
    m_filterBar->setVisible(false);
    m_filterButton = new QToolButton(mainPane);
    m_filterButton->setObjectName(QStringLiteral("filterButton"));
    m_filterButton->setCheckable(true);
    m_filterButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_filterButton->setToolTip(tr("Filter this view by created date, currency and amount"));
    connect(m_filterButton, &QToolButton::toggled, m_filterBar, &QWidget::setVisible);
    // A filter narrows what is shown where it is; only the search text moves the navigation.
    connect(m_filterBar, &OperationFilterBar::filtersEdited, this, [this] { m_searchDebounce.start(); });
    updateFilterButton();
    searchRow->addWidget(m_resultTitle);
    searchRow->addStretch(1);
    searchRow->addWidget(m_filterButton);
    searchRow->addWidget(m_search);
    mainLayout->addLayout(searchRow);
    mainLayout->addWidget(m_filterBar);

    auto* vsplit = new QSplitter(Qt::Vertical, mainPane);
    vsplit->setObjectName(QStringLiteral("tableDetailSplitter"));
    vsplit->setChildrenCollapsible(false);
    m_tableStack = new QStackedWidget(vsplit);
    m_tableStack->setObjectName(QStringLiteral("tableStack"));
    m_table = new OperationTableView(m_tableStack);
    m_table->setModel(m_model);
    // "Open the refund at the provider" (context menu): the provider's dashboard, e.g.
    // https://dashboard.stripe.com/test for Stripe's test mode. Only http(s) URLs are used.
    if (const QUrl dashboard(qEnvironmentVariable("REFUND_DASHBOARD_URL").trimmed());
        dashboard.isValid() && !dashboard.host().isEmpty() &&
        (dashboard.scheme() == QLatin1String("https") || dashboard.scheme() == QLatin1String("http")))
        m_table->setDashboardUrl(dashboard);
    m_table->setItemDelegate(new OperationItemDelegate(m_table));
    m_table->horizontalHeader()->setSortIndicator(OperationTableModel::AgeColumn, Qt::AscendingOrder);
    m_sort = {OperationTableModel::AgeColumn, Qt::AscendingOrder};
    // The view's own context menu (ids, cells, the provider); the Copy action below stays for Ctrl+C.
    m_table->setContextMenuPolicy(Qt::DefaultContextMenu);
    const QFontMetrics fm(m_table->font());
    const auto width = [&fm](const QString& sample) { return fm.horizontalAdvance(sample) + 24; };
    auto* header = m_table->horizontalHeader();
    // Widths for typical values at 1280 px; ids elide in the middle (both ends stay readable)
    // where the window is short of room, and the detail panel shows them in full.
    header->resizeSection(OperationTableModel::OrderColumn, width(QStringLiteral("Order")));
    header->resizeSection(OperationTableModel::AmountColumn, width(QStringLiteral("$12,345.00")));
    header->resizeSection(OperationTableModel::StatusColumn, width(QStringLiteral("Refunded")) + 14);
    header->resizeSection(OperationTableModel::AttemptsColumn, width(QStringLiteral("Attempts")));
    header->resizeSection(OperationTableModel::ToolCallsColumn, width(QStringLiteral("Tool calls")) - 8);
    header->resizeSection(OperationTableModel::KeyExpiresColumn, width(QStringLiteral("Key expires in")));
    header->resizeSection(OperationTableModel::AgeColumn, width(QStringLiteral("23 h 59 min")) - 8);
    header->resizeSection(OperationTableModel::LastOutcomeColumn, width(QStringLiteral("Provider error (5xx)")) - 8);
    header->setMinimumSectionSize(40);
    // Set last: it fits the id column into what the others leave (OperationTableView).
    // Whole: "op_" and 32 of the widest hex digit, so no id is cut at that width.
    QChar widestHex = QLatin1Char('0');
    for (const QChar c : QStringLiteral("0123456789abcdef"))
        if (fm.horizontalAdvance(c) > fm.horizontalAdvance(widestHex))
            widestHex = c;
    m_table->setOperationIdWidths(width(QStringLiteral("op_a11acc8…73441fd0d0")),
                                  width(QStringLiteral("op_") + QString(32, widestHex)));
    m_tableStack->addWidget(m_table);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    // A click on the current row asks again for a detail whose read failed (it changes no row).
    connect(m_table, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        const Operation* op = m_model->operationAt(index.row());
        if (op && op->operationId != m_detailWanted)
            showDetailOf(op->operationId);
    });
    connect(header, &QHeaderView::sortIndicatorChanged, this, [this, header](int column, Qt::SortOrder order) {
        // Columns without an SQL sort key keep the previous order; put its indicator back.
        if (!OperationTableModel::sortKeyFor(column)) {
            QSignalBlocker block(header);
            header->setSortIndicator(m_sort.first, m_sort.second);
            return;
        }
        m_sort = {column, order};
    });

    m_emptyState = new QWidget(m_tableStack);
    m_emptyState->setObjectName(QStringLiteral("emptyState"));
    auto* emptyLayout = new QVBoxLayout(m_emptyState);
    emptyLayout->addStretch(1);
    m_emptyTitle = new QLabel(m_emptyState);
    m_emptyTitle->setObjectName(QStringLiteral("emptyTitle"));
    m_emptyTitle->setAlignment(Qt::AlignCenter);
    m_emptyTitle->setWordWrap(true);
    QFont emptyFont = m_emptyTitle->font();
    emptyFont.setPointSizeF(emptyFont.pointSizeF() * 1.3);
    emptyFont.setBold(true);
    m_emptyTitle->setFont(emptyFont);
    m_emptyText = new QLabel(m_emptyState);
    m_emptyText->setObjectName(QStringLiteral("emptyText"));
    m_emptyText->setAlignment(Qt::AlignCenter);
    m_emptyText->setWordWrap(true);
    m_emptyText->setStyleSheet(QStringLiteral("color: #4b5563;"));
    m_emptyText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_busy = new QProgressBar(m_emptyState);
    m_busy->setObjectName(QStringLiteral("loadingIndicator"));
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(260);
    m_busy->setMaximumHeight(6);
    emptyLayout->addWidget(m_emptyTitle);
    emptyLayout->addWidget(m_emptyText);
    emptyLayout->addWidget(m_busy, 0, Qt::AlignHCenter);
    emptyLayout->addStretch(2);
    m_tableStack->addWidget(m_emptyState);

    m_detail = new DetailPanel(m_clock, vsplit);
    m_detail->setLookupAvailable(false, tr("Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) "
                                           "to look refunds up."));
    connect(m_detail, &DetailPanel::resolveRequested, this, &MainWindow::openResolveDialog);
    connect(m_detail, &DetailPanel::customerMessageRequested, this, &MainWindow::openCustomerMessage);
    vsplit->addWidget(m_tableStack);
    vsplit->addWidget(m_detail);
    vsplit->setStretchFactor(0, 3);
    vsplit->setStretchFactor(1, 2);
    vsplit->setSizes({380, 340});
    mainLayout->addWidget(vsplit, 1);

    split->addWidget(navPane);
    split->addWidget(mainPane);
    split->setStretchFactor(1, 1);
    split->setSizes({200, 1080});

    // Operations for support's working day; History for finance; Settings for admins (R21).
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_operationsPage = central;
    m_tabs->addTab(central, tr("Operations"));
    // History and Settings scroll rather than push their minimum height (charts, a form of
    // every setting) onto the window: it must fit 1024×640 (issue 15).
    auto scrollPage = [this](QWidget* content) {
        auto* page = new QScrollArea(m_tabs);
        page->setObjectName(content->objectName() + QStringLiteral("Page"));
        page->setWidgetResizable(true);
        page->setFrameShape(QFrame::NoFrame);
        page->setWidget(content);
        return page;
    };
    m_historyTab = new HistoryTab(m_clock);
    m_historyPage = scrollPage(m_historyTab);
    m_tabs->addTab(m_historyPage, tr("History"));
    // Finance double-clicks a row of History: the operation opens where support works on it.
    connect(m_historyTab, &HistoryTab::operationActivated, this, [this](const QString& operationId) {
        m_tabs->setCurrentWidget(m_operationsPage);
        selectOperation(operationId);
    });
    m_settingsTab = new SettingsTab(m_clock);
    m_settingsPage = scrollPage(m_settingsTab);
    m_tabs->addTab(m_settingsPage, tr("Settings"));
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
    setCentralWidget(m_tabs);

    // The database path and the provider's address share what the role and the row count leave
    // of a 1024 px window (issue 15): they are elided in the middle, so both the start ("Database:
    // SQLite") and the end (the file name, "reachable") stay, and the tooltip holds the whole.
    m_dbStatus = statusLabel<ElidedLabel>(QStringLiteral("databaseStatus"), this);
    m_providerStatus = statusLabel<ElidedLabel>(QStringLiteral("providerStatus"), this);
    m_roleStatus = statusLabel(QStringLiteral("roleStatus"), this);
    m_rowsStatus = statusLabel(QStringLiteral("rowsStatus"), this);
    statusBar()->addWidget(m_dbStatus, 1);
    statusBar()->addWidget(m_providerStatus, 1);
    statusBar()->addPermanentWidget(m_rowsStatus);
    statusBar()->addPermanentWidget(m_roleStatus);
}

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    auto* connectAction = file->addAction(tr("&Connect…"), this, &MainWindow::openConnectionDialog);
    connectAction->setObjectName(QStringLiteral("actionConnect"));
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto* refresh = view->addAction(tr("&Refresh"), this, [this] {
        if (m_connected)
            refreshAll();
        else
            retryConnection();
    });
    refresh->setObjectName(QStringLiteral("actionRefresh"));
    refresh->setShortcut(QKeySequence::Refresh);
    auto* find = view->addAction(tr("&Find"), this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    find->setObjectName(QStringLiteral("actionFind"));
    find->setShortcut(QKeySequence::Find);

    auto* copy = new QAction(tr("Copy cells"), m_table);
    copy->setObjectName(QStringLiteral("actionCopyCells"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);   // the table's own Ctrl+C; no clash with text fields
    connect(copy, &QAction::triggered, m_table, &OperationTableView::copySelection);
    m_table->addAction(copy);

    auto* log = view->addAction(tr("&Log"), this, [this] {
        auto* dialog = new LogViewDialog(Logging::currentLogFilePath(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    log->setObjectName(QStringLiteral("actionLog"));

    QMenu* review = menuBar()->addMenu(tr("&Review"));
    auto* resolve = review->addAction(tr("Look up && &resolve selected…"), this,
                                      [this] { openResolveDialog(selectedOperationId()); });
    resolve->setObjectName(QStringLiteral("actionResolve"));
    // On the menu's actions (not the detail panel's buttons), so the menu shows them (issue 15).
    resolve->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    auto* message = review->addAction(tr("Customer &message for selected…"), this,
                                      [this] { openCustomerMessage(selectedOperationId()); });
    message->setObjectName(QStringLiteral("actionCustomerMessage"));
    message->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    review->addSeparator();
    auto* checkAll = review->addAction(tr("&Check all unknown…"), this, &MainWindow::openCheckAllUnknown);
    checkAll->setObjectName(QStringLiteral("actionCheckAllUnknown"));
    checkAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    auto* unmatched = review->addAction(tr("&Unmatched provider events…"), this, [this] {
        if (m_dbUrl.isEmpty())
            return;
        auto* dialog = new UnmatchedEventsDialog(m_data.get(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    unmatched->setObjectName(QStringLiteral("actionUnmatchedEvents"));
    auto* paidTwice = review->addAction(tr("Refunds &paid twice…"), this, [this] {
        if (m_dbUrl.isEmpty())
            return;
        auto* dialog = new PaidTwiceDialog(m_data.get(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &PaidTwiceDialog::operationActivated, this, [this](const QString& operationId) {
            m_tabs->setCurrentWidget(m_operationsPage);
            selectOperation(operationId);
        });
        dialog->show();
    });
    paidTwice->setObjectName(QStringLiteral("actionPaidTwice"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    auto* about = help->addAction(tr("&About"), this, [this] {
        QMessageBox::about(this, tr("About Refund operations"),
                           tr("<b>Refund operations console</b> %1<br>Triage refunds whose outcome is unknown, "
                              "review attempt and tool-call history. The console only reads from the payment "
                              "provider and never sends a refund.")
                               .arg(QStringLiteral(REFUND_VERSION)));
    });
    about->setObjectName(QStringLiteral("actionAbout"));
}

void MainWindow::openConnectionDialog()
{
    ConnectionDialog dialog(this);
    dialog.loadRemembered();
    if (const auto url = DatabaseUrl::parse(m_dbUrl))
        dialog.setDatabaseUrl(url->display());
    if (!m_providerUrl.isEmpty())
        dialog.setProviderUrl(m_providerUrl);
    if (dialog.exec() != QDialog::Accepted)
        return;
    dialog.remember();
    if (!dialog.providerUrl().isEmpty()) {
        QString key = dialog.providerKey();
        QString origin = tr("typed in");
        if (!key.isEmpty() && dialog.rememberKeyInKeychain()) {
            QString error;
            if (ProviderKeySource::save(dialog.providerUrl(), key, &error))
                origin = tr("system keychain");
            else
                m_keyBanner->showMessage(MessageBanner::Level::Warning,
                                         tr("The key could not be saved in the system keychain (%1). It is used for "
                                            "this session only.").arg(error));
        }
        if (key.isEmpty()) {
            const auto stored = ProviderKeySource::load(dialog.providerUrl());
            key = stored.value;
            origin = stored.origin;
        }
        setProvider(dialog.providerUrl(), key, origin);
    }
    connectDatabase(dialog.databaseUrl());
}

void MainWindow::showLoading(const QString& title, const QString& step)
{
    m_emptyTitle->setText(title);
    m_emptyText->setText(step);
    m_busy->show();
    m_tableStack->setCurrentWidget(m_emptyState);
    clearDetail(tr("Loading…"));
    m_resultTitle->setText(tr("Loading"));
    m_search->setEnabled(false);
}

void MainWindow::showStartupError(const QString& title, const QString& detail)
{
    m_fatal = true;
    m_emptyTitle->setText(title);
    m_emptyText->setText(detail);
    m_busy->hide();
    m_tableStack->setCurrentWidget(m_emptyState);
    clearDetail(QString());
    m_connectionBanner->showMessage(MessageBanner::Level::Error, title + QStringLiteral(" ") + detail);
}

bool MainWindow::connectDatabase(const QString& url)
{
    m_dbUrl = url;
    m_fatal = false;
    m_schemaRefused = false;
    m_data->close();
    ++m_connectSerial;     // answers for the previous database are dropped
    m_loadPending = false;
    m_retryPending = false;
    m_messageTicket = 0;   // an answer of the old connection never comes
    m_snapshotPending = false;
    m_countsReadAtMs = 0;
    clearDetail();
    m_model->setReader({});
    m_connected = false;
    m_loadedOnce = false;
    m_requestTimeoutMs.reset();
    m_dbRole.clear();
    m_dbRoleError.clear();
    m_dbLogin.clear();
    m_lastUnknown = -1; // another database: its unknown operations are not "new"
    m_lastReversed = -1;
    m_alertBanner->clearMessage();

    QString urlError;
    const auto parsed = DatabaseUrl::parse(url, &urlError);
    if (!parsed) {
        showStartupError(tr("The database address is not valid."),
                         tr("%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.").arg(urlError));
        return false;
    }
    setWindowTitle(tr("Refund operations — %1").arg(parsed->display()));
    if (parsed->isSqlite() && !QFileInfo::exists(parsed->path())) {
        // Opening would create an empty database at a mistyped path; nothing to retry either.
        showStartupError(tr("There is no database at %1.").arg(parsed->path()),
                         tr("Check the path, or create the database with: refund-tool db migrate --db %1. "
                            "File › Connect picks another one.")
                             .arg(parsed->display()));
        return false;
    }
    // The connection, the schema check and every read are the data service's (its thread).
    m_data->open(url);
    m_model->setReader(ConsoleReads::serviceReader(*m_data, m_model));
    loadAfterConnect();
    return true;
}

void MainWindow::loadAfterConnect()
{
    if (m_loadPending)
        return;   // one at a time: a retry while the service waits for its open adds nothing
    m_loadPending = true;
    const quint64 serial = m_connectSerial;
    m_data->submit(this, statusJob(m_clock, true), [this, serial](StoreResult<ConsoleReads::Status> status) {
        if (serial != m_connectSerial)
            return;
        m_loadPending = false;
        if (!status) {
            onLoadFailed(status.error());
            return;
        }
        applyStatus(status.value());
        const Filter filter = StateCountsModel::filterAt(m_navigation->currentIndex().row());
        const QString search = m_search->text().trimmed();
        m_model->setFilter(filter);
        m_model->setSearch(search);
        applyRowFilters();   // refused filters: the model keeps the last valid ones
        m_model->reload([this, serial, filter, search](bool ok) {
            if (serial != m_connectSerial)
                return;
            if (!ok) {   // queryFailed showed why
                if (!m_loadedOnce)
                    emit loadFailed();
                return;
            }
            const bool selecting = !m_pendingSelect.isEmpty();   // finishLoad() starts it
            finishLoad();
            // Picked while the first page was on its way: show what was picked.
            const auto typed = m_filterBar->filters();
            if (!selecting
                && (StateCountsModel::filterAt(m_navigation->currentIndex().row()) != filter
                    || m_search->text().trimmed() != search
                    || (typed && *typed != m_model->rowFilters()))) {
                m_model->setFilter(StateCountsModel::filterAt(m_navigation->currentIndex().row()));
                reloadOperations();
            }
        });
    });
}

void MainWindow::onLoadFailed(const StoreError& error)
{
    switch (error.code) {
    case StoreError::Code::ConnectionFailed:
        onDatabaseLost(error.message);   // retried every retryIntervalMs
        break;
    case StoreError::Code::SchemaOutdated:
    case StoreError::Code::SchemaTooNew:
        m_data->close();
        m_model->setReader({});
        showStartupError(tr("This database cannot be shown."),
                         error.code == StoreError::Code::SchemaOutdated
                             ? tr("Its schema is older than this console. Run `refund-tool db migrate` on it, then "
                                  "press F5.")
                             : error.message);
        m_schemaRefused = true;   // F5 connects again
        updateDatabaseStatus();
        break;
    case StoreError::Code::NotADatabase:
    case StoreError::Code::InvalidUrl:
        // Not a network hiccup (e.g. a file that is not a SQLite database): retrying cannot help.
        m_data->close();
        m_model->setReader({});
        showStartupError(tr("The database cannot be opened."),
                         tr("%1. Check that --db names an operation database, or create one with refund-tool db "
                            "migrate.")
                             .arg(error.message));
        break;
    default:
        handleStoreError(error);   // a refused query: the banner says why; F5 tries again
        break;
    }
    if (!m_loadedOnce)
        emit loadFailed();
}

void MainWindow::finishLoad()
{
    m_connected = true;
    m_lastGoodLoadMs = m_clock.nowMs();
    m_search->setEnabled(true);
    m_busy->hide();
    m_connectionBanner->clearMessage();
    m_retryTimer.stop();
    m_countsTimer.start();
    updateDatabaseStatus();
    updateResultTitle();
    updateEmptyState();
    applyRole();
    // The rows are loaded now, whatever happens to a pending Select (a view picked meanwhile
    // supersedes its page, and its continuation never runs): a later connection loss must not
    // show the "cannot reach" empty state over them.
    const bool first = !m_loadedOnce;
    m_loadedOnce = true;
    const auto loaded = [this, first] {
        if (first)
            emit dataLoaded();
    };
    if (!m_pendingSelect.isEmpty()) {
        const QString id = m_pendingSelect;
        m_pendingSelect.clear();
        selectOperation(id, [loaded](bool) { loaded(); });
        return;
    }
    loaded();
}

void MainWindow::raiseAlert(OperationStore::StateFilter filter, const QString& title, const QString& text)
{
    m_alertFilter = filter;
    m_alertBanner->showMessage(MessageBanner::Level::Warning, text,
                               filter == Filter::Unknown ? tr("Open Unknown") : tr("Open Reversed"));
    // The taskbar entry asks for attention until the window is activated (no focus stealing).
    QApplication::alert(this);
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    if (!m_tray) {
        // No application icon is installed yet: a tray entry without one is blank or missing.
        const QIcon icon = windowIcon().isNull() ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : windowIcon();
        m_tray = new QSystemTrayIcon(icon, this);
        m_tray->setToolTip(windowTitle());
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
            openAlertView();
            if (isMinimized())
                showNormal(); // not showNormal() on a maximised window: that would shrink it
            raise();
            activateWindow();
        });
        m_tray->show();
    }
    m_tray->showMessage(title, text, QSystemTrayIcon::Warning, 15000);
}

void MainWindow::openAlertView()
{
    m_tabs->setCurrentWidget(m_operationsPage); // wherever the person was
    setStateFilter(m_alertFilter);
}

void MainWindow::applyRole()
{
    m_effectiveRole = m_options.role;
    if (const auto url = DatabaseUrl::parse(m_dbUrl); url && url->isPostgres()) {
        // Read with the connect-time load on the data service's thread.
        if (!m_dbRole.isEmpty())
            m_effectiveRole = m_dbRole;
        else
            Logging::warn(QStringLiteral("console: cannot read the login's role: %1").arg(m_dbRoleError));
    }
    const bool admin = m_effectiveRole == QLatin1String("admin");
    const bool finance = admin || m_effectiveRole == QLatin1String("finance");
    const int historyIndex = m_tabs->indexOf(m_historyPage);
    const int settingsIndex = m_tabs->indexOf(m_settingsPage);
    m_tabs->setTabEnabled(historyIndex, finance);
    m_tabs->setTabToolTip(historyIndex, finance ? tr("Duplicate-prevention history, charts and CSV export")
                                                : tr("History is for finance and admins; your role is %1.")
                                                      .arg(m_effectiveRole));
    const bool canRead = m_effectiveRole != QLatin1String("none") && m_effectiveRole != QLatin1String("tool");
    m_tabs->setTabEnabled(settingsIndex, canRead);
    m_tabs->setTabToolTip(settingsIndex, admin ? tr("Retry budgets, backoff, timeouts and provider API version")
                                               : tr("Only admins change settings; your role (%1) sees them read-only.")
                                                     .arg(m_effectiveRole));
    m_settingsTab->setActor(reviewerContext().actor, m_effectiveRole);
    m_settingsTab->setEditable(admin);
    if (m_effectiveRole == QLatin1String("none")) {
        m_noticeBanner->showMessage(MessageBanner::Level::Warning,
                                    tr("The database login has no refund role, so it can read nothing here. An admin can "
                                       "grant one: refund-tool db grant --user LOGIN --role support."));
    }
    // A reconnect may have changed the database: the tabs reopen theirs when next shown.
    m_historyConnected = false;
    m_settingsConnected = false;
    onTabChanged(m_tabs->currentIndex());
    updateRoleStatus();
}

bool MainWindow::showPage(Page page)
{
    QWidget* widget = page == Page::History ? m_historyPage : page == Page::Settings ? m_settingsPage : m_operationsPage;
    const int index = m_tabs->indexOf(widget);
    if (index < 0 || !m_tabs->isTabEnabled(index))
        return false;
    m_tabs->setCurrentIndex(index);
    return true;
}

void MainWindow::onTabChanged(int index)
{
    // Each tab reads through the data service, and only once it is looked at: the history of a
    // million operations takes seconds to compute and most sessions never open it.
    QWidget* tab = m_tabs->widget(index);
    // The loaded-rows count is the Operations table's: on History or Settings it read as theirs.
    m_rowsStatus->setVisible(tab == m_operationsPage);
    if (tab == m_historyPage && !m_historyConnected && !m_dbUrl.isEmpty())
        m_historyConnected = m_historyTab->setDataService(m_data.get());
    else if (tab == m_settingsPage && !m_settingsConnected && !m_dbUrl.isEmpty())
        m_settingsConnected = m_settingsTab->setDataService(m_data.get());
}

void MainWindow::setProvider(const QUrl& url, const QString& key, const QString& keyOrigin)
{
    m_providerUrl = url;
    m_providerMonitor.stop();
    const QString where = url.toString(QUrl::RemoveUserInfo);
    if (ProviderKeySource::isWriteKey(key)) {
        // R13: the console only reads. A write key here is a configuration mistake; using it
        // would give every support agent the power to send refunds.
        m_keyBanner->showMessage(MessageBanner::Level::Warning,
                                 tr("A write key (sk_…) was given for the provider (from %1). The console only reads "
                                    "from the provider and refuses to use it. Create a restricted read-only key "
                                    "(rk_…) and set it in PROVIDER_API_KEY or with File › Connect.")
                                     .arg(keyOrigin));
        m_providerKeyNote.clear();
        setProviderStatus(tr("Provider: %1 — write key refused").arg(where));
        m_providerStatus->setStyleSheet(
            StatusPalette::toneStyleSheet(StatusPalette::Tone::Warning, palette()));
        Logging::warn(QStringLiteral("console: refused a provider write key from %1").arg(keyOrigin));
        return;
    }
    m_readConfig = {};
    m_detail->setLookupAvailable(false, tr("Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) "
                                           "to look refunds up."));
    m_keyBanner->clearMessage();
    if (key.isEmpty()) {
        m_providerKeyNote.clear();
        setProviderStatus(tr("Provider: %1 — no read key (set PROVIDER_API_KEY)").arg(where));
        m_providerStatus->setStyleSheet(
            StatusPalette::toneStyleSheet(StatusPalette::Tone::Warning, palette()));
        return;
    }
    m_providerKeyNote = tr("Read key %1 from %2").arg(ProviderKeySource::masked(key), keyOrigin);
    setProviderStatus(tr("Provider: %1 — checking…").arg(where));
    m_providerStatus->setStyleSheet(QString());
    ProviderConfig config;
    config.baseUrl = url;
    config.apiKey = key;
    m_readConfig = config;
    m_detail->setLookupAvailable(true);
    m_providerMonitor.start(config);
}

ReviewerContext MainWindow::reviewerContext() const
{
    ReviewerContext context;
    context.databaseUrl = m_dbUrl;
    context.provider = m_readConfig;
    // Settings, login and role as the data service read them (connect time, F5).
    if (m_requestTimeoutMs)
        context.provider.requestTimeoutMs = *m_requestTimeoutMs;
    // On PostgreSQL the actor is the database login (session_user: resolve_operation() records it
    // whatever the client says, R21); on SQLite the desktop user.
    QString login;
    if (const auto url = DatabaseUrl::parse(m_dbUrl); url && url->isPostgres()) {
        login = m_dbLogin;
        if (login.isEmpty())
            login = url->user();
    }
    if (login.isEmpty())
        login = LocalUser::name();
    context.actor = !login.isEmpty() ? login : QStringLiteral("console");
    // The audit role is the login's database role (RoleManager::currentRole: "support", "finance",
    // "admin"; "single-user" on SQLite), never the --role option, which only picks the view.
    context.role = m_dbRole.isEmpty() ? m_options.role : m_dbRole;
    context.clock = &m_clock;
    return context;
}

void MainWindow::openResolveDialog(const QString& operationId)
{
    if (operationId.isEmpty() || m_readConfig.apiKey.isEmpty())
        return;
    auto* dialog = new ResolveDialog(reviewerContext(), m_data.get(), operationId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ResolveDialog::resolved, this, [this] { refreshAll(); });
    dialog->open();
}

void MainWindow::openCustomerMessage(const QString& operationId)
{
    // The operation is read fresh on the data service's thread; the dialog opens with it.
    if (operationId.isEmpty() || m_messageTicket != 0)
        return;   // one draft at a time: a second Ctrl+M while the read runs does nothing
    m_messageTicket = ++m_nextTicket;
    m_data->requestDetail(m_messageTicket, operationId);
}

void MainWindow::openCheckAllUnknown()
{
    if (m_readConfig.apiKey.isEmpty()) {
        m_noticeBanner->showMessage(MessageBanner::Level::Warning,
                                    tr("Checking unknown refunds needs the provider: connect one with a read-only key "
                                       "(PROVIDER_API_KEY or File › Connect)."));
        return;
    }
    auto* dialog = new CheckUnknownDialog(reviewerContext(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CheckUnknownDialog::operationsResolved, this, [this] { refreshAll(); });
    dialog->open();
}

void MainWindow::onProviderChecked(const ProviderStatusMonitor::Status& status)
{
    const QString where = m_providerUrl.toString(QUrl::RemoveUserInfo);
    setProviderStatus(tr("Provider: %1 — %2").arg(where, status.text));
    m_providerStatus->setStyleSheet(StatusPalette::toneStyleSheet(
        status.reachable ? StatusPalette::Tone::Success : StatusPalette::Tone::Danger, palette()));
    if (status.reachable) {
        m_keyBanner->clearMessage();
    } else {
        m_keyBanner->showMessage(MessageBanner::Level::Warning,
                                 tr("The provider at %1 does not answer (%2). Look-ups and resolutions wait until it "
                                    "does: check the URL (File › Connect) and the network. The operations below are "
                                    "from the database and stay current.")
                                     .arg(where, status.text));
    }
    emit providerChecked(status.reachable);
}

bool MainWindow::selectOperation(const QString& operationId)
{
    if (!m_connected) {
        m_pendingSelect = operationId;
        return false;
    }
    selectOperation(operationId, {});
    return true;
}

void MainWindow::selectOperation(const QString& operationId, std::function<void(bool found)> done)
{
    const quint64 serial = m_connectSerial;
    const auto finish = [this, operationId, done = std::move(done)](bool found) {
        emit operationSelected(operationId, found);
        if (done)
            done(found);
    };
    // Where the row is selected, once its page is shown.
    const auto select = [this, operationId] {
        updateResultTitle();
        updateEmptyState();
        const int row = m_model->rowOf(operationId);
        if (row < 0)
            return false;
        const QModelIndex index = m_model->index(row, OperationTableModel::OperationIdColumn);
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
        m_table->setFocus();
        showDetailOf(operationId);
        return true;
    };
    m_data->submit(
        this, [operationId](Database&, OperationStore& store) { return store.operation(operationId); },
        [this, serial, operationId, finish, select](StoreResult<Operation> op) {
            if (serial != m_connectSerial)
                return;
            if (!op) {
                if (!handleStoreError(op.error()))
                    m_noticeBanner->showMessage(MessageBanner::Level::Info,
                                                tr("Operation %1 was not found in this database.").arg(operationId));
                finish(false);
                return;
            }
            const Filter filter = filterFor(op.value().status);
            {
                QSignalBlocker block(m_navigation->selectionModel());
                m_navigation->setCurrentIndex(m_counts->index(m_counts->rowOf(filter)));
            }
            switchViewTo(filter);   // the navigation's signals were blocked: its filters and sort
            applyRowFilters();
            m_model->setFilter(filter);
            m_model->setSearch(m_search->text());
            m_model->reload([this, operationId, finish, select](bool ok) {
                if (!ok) {
                    finish(false);
                    return;
                }
                if (m_model->rowOf(operationId) >= 0) {
                    finish(select());
                    return;
                }
                // Not among the fetched pages: narrow the list to it rather than fetching
                // thousands of rows. The view's filters may be what hides it: asked for by id,
                // it is shown, so they are cleared (the button says so).
                {
                    QSignalBlocker block(m_search);
                    m_search->setText(operationId);
                }
                if (m_model->rowFilters().any()) {
                    m_filterBar->setFilters({});
                    applyRowFilters();
                }
                m_model->setSearch(operationId);
                m_model->reload([finish, select](bool ok) { finish(ok && select()); });
            });
        });
}

void MainWindow::setStateFilter(OperationStore::StateFilter filter)
{
    m_navigation->setCurrentIndex(m_counts->index(m_counts->rowOf(filter)));
}

void MainWindow::onNavigationChanged()
{
    if (!m_searchMovesNavigation)
        m_searchLeftView.reset();   // the user picked a view: clearing the search stays there
    switchViewTo(StateCountsModel::filterAt(m_navigation->currentIndex().row()));
    if (!m_model->hasReader())
        return;
    m_model->setFilter(StateCountsModel::filterAt(m_navigation->currentIndex().row()));
    reloadOperations();
}

void MainWindow::switchViewTo(OperationStore::StateFilter view)
{
    if (view == m_filtersView)
        return;
    // Kept per view: the valid filters typed for the view left stay with it (a refused entry
    // is dropped, as its view never read with it).
    if (const auto current = m_filterBar->filters())
        m_viewFilters.insert(int(m_filtersView), *current);
    QHeaderView* header = m_table->horizontalHeader();
    m_viewSorts.insert(int(m_filtersView), m_sort);
    m_filtersView = view;
    m_filterBar->setFilters(m_viewFilters.value(int(view)));
    updateFilterButton();
    // A key about to expire is the urgent thing in its view: soonest first unless re-sorted.
    const auto byDefault = view == Filter::KeyExpiringSoon
                               ? std::pair{int(OperationTableModel::KeyExpiresColumn), Qt::AscendingOrder}
                               : std::pair{int(OperationTableModel::AgeColumn), Qt::AscendingOrder};
    const auto [column, order] = m_viewSorts.value(int(view), byDefault);
    QSignalBlocker block(header);   // the caller reloads once, in this order
    header->setSortIndicator(column, order);
    m_model->setSortOrder(column, order);
    m_sort = {column, order};
}

bool MainWindow::applyRowFilters()
{
    QString error;
    const auto filters = m_filterBar->filters(&error);
    m_filterBar->showError(error);
    updateFilterButton();
    if (!filters)
        return false;   // the rows stay as they are until the filters make sense
    m_viewFilters.insert(int(m_filtersView), *filters);
    m_model->setRowFilters(*filters);
    return true;
}

void MainWindow::updateFilterButton()
{
    const int active = m_filterBar->activeCount();
    m_filterButton->setText(active ? tr("Filters (%1)").arg(QLocale().toString(active)) : tr("Filters"));
    if (active && !m_filterButton->isChecked())
        m_filterButton->setChecked(true);
}

void MainWindow::onSearchEdited()
{
    // A search spans every state (issue 15): typing moves the navigation to All, where the
    // answer is, and clearing the search goes back to the view it left.
    // Backspacing to empty emits textEdited and then textChanged: one reload, not two.
    if (m_search->text() == m_handledSearch)
        return;
    m_handledSearch = m_search->text();
    const bool searching = !m_search->text().trimmed().isEmpty();
    const Filter shown = StateCountsModel::filterAt(m_navigation->currentIndex().row());
    std::optional<Filter> moveTo;
    if (searching && !m_searchLeftView && shown != Filter::All) {
        m_searchLeftView = shown;
        moveTo = Filter::All;
    } else if (!searching && m_searchLeftView) {
        if (shown == Filter::All)
            moveTo = *m_searchLeftView;
        m_searchLeftView.reset();
    }
    if (moveTo) {
        m_searchMovesNavigation = true;
        setStateFilter(*moveTo);   // reloads with the search as it is now
        m_searchMovesNavigation = false;
        m_searchDebounce.stop();
        return;
    }
    m_searchDebounce.start();
}

void MainWindow::reloadOperations()
{
    // Before the first load the connect-time load shows what is picked when it is done.
    if (!m_model->hasReader() || (!m_connected && !m_loadedOnce))
        return;
    m_searchDebounce.stop();
    if (!applyRowFilters())
        return;
    m_model->setSearch(m_search->text());
    m_model->reload([this](bool ok) {
        if (!ok)
            return;
        const QString selected = m_selectionAtApply;
        updateResultTitle();
        updateEmptyState();
        const int row = m_model->rowOf(selected);
        if (row >= 0)
            restoreSelection(selected, -1);
        else if (m_model->rowCount() > 0)
            m_table->selectionModel()->setCurrentIndex(m_model->index(0, 0), QItemSelectionModel::ClearAndSelect
                                                                                     | QItemSelectionModel::Rows);
        else
            clearDetail();
    });
}

void MainWindow::applyStatus(const ConsoleReads::Status& status)
{
    if (status.settings) {
        m_budget = status.settings->maxAttemptsPerOperation;
        m_requestTimeoutMs = status.settings->requestTimeoutMs;
    }   // else the budget shown stays
    m_model->setAttemptBudget(m_budget);
    // Every count is read on the data service's thread, in order; never take newer ones back.
    if (status.countsReadAtMs >= m_countsReadAtMs) {
        m_countsReadAtMs = status.countsReadAtMs;
        applyCounts(status.counts);
    }
    if (status.identityRead) {
        m_dbRole = status.role;
        m_dbRoleError = status.roleError;
        m_dbLogin = status.login;
    }
}

void MainWindow::applyCounts(const OperationStore::StateCounts& counts)
{
    m_counts->setCounts(counts);
    // New work for a person, said once per rise of the count (and not for what was there at
    // connect time: the navigation's counts show that).
    const qint64 unknown = counts.unknown;
    if (m_lastUnknown >= 0 && unknown > m_lastUnknown) {
        const qint64 newOnes = unknown - m_lastUnknown;
        raiseAlert(Filter::Unknown, tr("Refunds need a person"),
                   tr("%n new refund(s) with an unknown outcome: nobody knows yet whether the money went back. "
                      "Check them at the provider before anyone tells the customer.",
                      nullptr, int(newOnes)));
        emit unknownOperationsArrived(newOnes, unknown);
    }
    m_lastUnknown = unknown;
    // R24: a refund the customer was told about failed at the provider. Said once per new reversal.
    const qint64 reversed = counts.reversed;
    if (m_lastReversed >= 0 && reversed > m_lastReversed) {
        raiseAlert(Filter::Reversed, tr("A confirmed refund was reversed"),
                   tr("A confirmed refund was reversed: the provider reports it failed, so the money did not reach the "
                      "customer. Open Reversed and send the customer the next step."));
    }
    m_lastReversed = reversed;
    // The table's totals come from these counts, so a reload does not count a million rows again.
    m_model->setStateCounts(counts);
    updateResultTitle();
}

void MainWindow::applySnapshot(const ConsoleDataService::Snapshot& snapshot)
{
    // A snapshot read before the counts shown must not take them back (nor re-raise an alert).
    if (snapshot.readAtMs < m_countsReadAtMs)
        return;
    m_countsReadAtMs = snapshot.readAtMs;
    applyCounts(snapshot.counts);
    // Live settings (R20, issue 12): an admin's change of the budget reaches the Attempts
    // column and the detail panel with the change notification that brought it.
    if (snapshot.maxAttemptsPerOperation > 0 && snapshot.maxAttemptsPerOperation != m_budget) {
        m_budget = snapshot.maxAttemptsPerOperation;
        m_model->setAttemptBudget(m_budget);
    }
    // The next Resolve or Check all reads the provider with the admin's new timeout.
    if (snapshot.requestTimeoutMs > 0)
        m_requestTimeoutMs = snapshot.requestTimeoutMs;
}

void MainWindow::onDatabaseChanged(const ConsoleDataService::Snapshot& snapshot)
{
    if (!m_connected)
        return;
    applySnapshot(snapshot);
    refreshTable([this](bool ok) {
        if (ok)
            m_lastGoodLoadMs = m_clock.nowMs();
    });
    // The other tabs follow too, when they are looked at and hold no unsaved edits.
    if (m_tabs->currentWidget() == m_historyPage && m_historyConnected)
        m_historyTab->refresh();
    if (m_settingsConnected && !m_settingsTab->hasChanges())
        m_settingsTab->reload();
}

bool MainWindow::refreshAll(std::function<void(bool ok)> after)
{
    if (!m_model->hasReader())
        return false;
    const quint64 serial = m_connectSerial;
    m_data->submit(this, statusJob(m_clock, false), [this, serial, after](StoreResult<ConsoleReads::Status> status) {
        if (serial != m_connectSerial)
            return;
        if (!status) {
            handleStoreError(status.error());
            if (after)
                after(false);
            return;
        }
        applyStatus(status.value());
        refreshTable([this, after](bool ok) {
            if (ok)
                m_lastGoodLoadMs = m_clock.nowMs();
            if (after)
                after(ok);
        });
    });
    return true;
}

void MainWindow::refreshTable(std::function<void(bool ok)> after)
{
    // Refreshes asked while one is on its way run as one after it: the selection is restored
    // once per answer applied, whichever of their continuations comes first.
    m_model->refresh([this, after = std::move(after)](bool ok) {
        if (ok && m_restoredSerial != m_appliedSerial) {
            m_restoredSerial = m_appliedSerial;
            const QString selected = m_selectionAtApply;
            if (selectedOperationId() != selected || m_rowsAtApply == 0)
                restoreSelection(selected, m_scrollAtApply);
            else if (!selected.isEmpty())
                showDetailOf(selected);
            updateResultTitle();
            updateEmptyState();
        }
        if (after)
            after(ok);
    });
}

void MainWindow::restoreSelection(const QString& operationId, int scrollValue)
{
    const int row = m_model->rowOf(operationId);
    if (scrollValue >= 0)
        m_table->verticalScrollBar()->setValue(scrollValue);
    if (row < 0) {
        clearDetail(operationId.isEmpty() ? QString()
                                              : tr("%1 is no longer in this list (its state changed). Use All or "
                                                   "search for it.").arg(operationId));
        return;
    }
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, OperationTableModel::OperationIdColumn),
                                               QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    showDetailOf(operationId);
}

void MainWindow::onCurrentRowChanged()
{
    const QString id = selectedOperationId();
    if (id.isEmpty())
        clearDetail();
    else if (id != m_detailWanted)
        showDetailOf(id);
}

QString MainWindow::selectedOperationId() const
{
    const QModelIndex current = m_table->currentIndex();
    const Operation* op = current.isValid() ? m_model->operationAt(current.row()) : nullptr;
    return op ? op->operationId : QString();
}

void MainWindow::showDetailOf(const QString& operationId)
{
    // Read on the data service's thread.
    if (operationId.isEmpty())
        return;
    if (operationId != m_detailWanted) {
        // Another operation: answers for the one asked before are dropped, and until this
        // one's arrives the panel says so (its buttons must not act on the one it showed).
        m_detailFloor = m_nextTicket;
        m_detailWanted = operationId;
        if (m_detail->operationId() != operationId)
            m_detail->showLoading(operationId);
    }
    m_detailTicket = ++m_nextTicket;
    m_data->requestDetail(m_detailTicket, operationId);
}

void MainWindow::clearDetail(const QString& hint)
{
    // An answer still on its way must not bring the old operation back.
    m_detailFloor = m_detailTicket = ++m_nextTicket;
    m_detailWanted.clear();
    m_detail->clear(hint);
}

void MainWindow::onTick(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>&)
{
    const int col = OperationTableModel::KeyExpiresColumn;
    if (topLeft.column() <= col && bottomRight.column() >= col)
        m_detail->updateCountdown();
}

bool MainWindow::handleStoreError(const StoreError& error)
{
    if (error.code == StoreError::Code::ConnectionFailed) {
        Logging::debug(QStringLiteral("console: query lost the connection: %1").arg(Logging::redact(error.message)));
        onDatabaseLost(error.message);
        return true;
    }
    Logging::warn(QStringLiteral("console: query failed: %1").arg(Logging::redact(error.message)));
    m_noticeBanner->showMessage(MessageBanner::Level::Error,
                                tr("The database refused a query: %1. The data shown may be incomplete; press F5 to "
                                   "try again.").arg(error.message));
    return false;
}

void MainWindow::onDatabaseLost(const QString& reason)
{
    const bool wasConnected = m_connected;
    m_connected = false;
    const auto url = DatabaseUrl::parse(m_dbUrl);
    const QString engine = url ? url->engineName() : tr("database");
    const QString where = url ? url->display() : QString();
    const QString hint = url && url->isPostgres() ? tr("Check that PostgreSQL is running and reachable")
                                                  : tr("Check that the database file exists and is readable");
    const QString seconds = QString::number(m_options.retryIntervalMs / 1000.0, 'g', 3);
    QString text = tr("<b>Cannot reach the database</b> (%1 %2): %3.<br>%4; retrying every %5 s.")
                       .arg(engine, where.toHtmlEscaped(), Logging::redact(reason).toHtmlEscaped(), hint, seconds);
    if (m_loadedOnce)
        text += QLatin1Char(' ')
            + tr("Nothing is lost: the rows below are from %1 and may be out of date.")
                  .arg(QDateTime::fromMSecsSinceEpoch(m_lastGoodLoadMs).toString(QStringLiteral("HH:mm:ss")));
    m_connectionBanner->showMessage(MessageBanner::Level::Error, text);
    m_detail->setStale(true);
    if (!m_loadedOnce) {
        m_emptyTitle->setText(tr("Cannot reach the database"));
        m_emptyText->setText(tr("%1 at %2. %3; retrying every %4 s.").arg(engine, where, hint, seconds));
        m_busy->show();
        m_tableStack->setCurrentWidget(m_emptyState);
    }
    updateDatabaseStatus();
    if (!m_retryTimer.isActive())
        m_retryTimer.start();
    if (wasConnected || !m_loadedOnce) {
        Logging::warn(QStringLiteral("console: database connection lost: %1").arg(Logging::redact(reason)));
        emit databaseConnectionLost(reason);
    }
}

void MainWindow::retryConnection()
{
    if (m_fatal) {
        if (m_schemaRefused && !m_dbUrl.isEmpty())
            connectDatabase(m_dbUrl);   // migrated meanwhile?
        return;
    }
    if (!m_model->hasReader()) {
        if (!m_dbUrl.isEmpty())
            connectDatabase(m_dbUrl);
        return;
    }
    if (!m_loadedOnce) {
        loadAfterConnect();
        return;
    }
    if (m_connected) {
        refreshAll();
        return;
    }
    // The data service reconnects (its watcher on its own; a read after a lost connection once
    // on a fresh one): the status read answers whether the database is back. One at a time.
    if (m_retryPending)
        return;
    m_retryPending = true;
    const quint64 serial = m_connectSerial;
    m_data->submit(this, statusJob(m_clock, false), [this, serial](StoreResult<ConsoleReads::Status> status) {
        if (serial != m_connectSerial)
            return;
        m_retryPending = false;
        if (!status) {
            Logging::debug(QStringLiteral("console: reconnect failed: %1").arg(Logging::redact(status.error().message)));
            handleStoreError(status.error());
            return;
        }
        applyStatus(status.value());
        m_connected = true;
        onDatabaseRestored();
        refreshTable([this](bool ok) {
            if (ok)
                m_lastGoodLoadMs = m_clock.nowMs();
        });
    });
}

void MainWindow::onDatabaseRestored()
{
    m_retryTimer.stop();
    m_connectionBanner->clearMessage();
    m_detail->setStale(false);
    updateDatabaseStatus();
    Logging::info(QStringLiteral("console: database connection restored"));
    emit databaseConnectionRestored();
}

void MainWindow::updateEmptyState()
{
    if (m_model->rowCount() > 0) {
        m_tableStack->setCurrentWidget(m_table);
        return;
    }
    m_busy->hide();
    const QString search = m_model->search();
    if (!search.isEmpty()) {
        m_emptyTitle->setText(tr("Nothing matches “%1”.").arg(search));
        m_emptyText->setText(tr("Search finds a part of an order id, operation id, idempotency key or provider "
                                "refund id of three characters or more (a shorter term: an id exactly or its "
                                "beginning). Check the filters, clear the search or pick All on the left."));
    } else if (m_model->rowFilters().any()) {
        m_emptyTitle->setText(tr("No operation in this view matches the filters."));
        m_emptyText->setText(tr("The created dates, currency and amount under Filters narrow this view only. "
                                "Change them, or press Clear filters."));
    } else {
        switch (m_model->filter()) {
        case Filter::All:
            m_emptyTitle->setText(tr("No refund operations yet."));
            m_emptyText->setText(tr("Operations appear here as soon as the refund tool handles its first call."));
            break;
        case Filter::Open:
            m_emptyTitle->setText(tr("No open refunds — nothing is being retried."));
            m_emptyText->setText(tr("Open operations are the ones the refund tool may still retry."));
            break;
        case Filter::Unknown:
            m_emptyTitle->setText(tr("No unknown refunds — nothing needs checking."));
            m_emptyText->setText(tr("When the provider's answer is lost, the operation shows up here for a person "
                                    "to look up."));
            break;
        case Filter::Refunded:
            m_emptyTitle->setText(tr("No refunded operations yet."));
            m_emptyText->setText(tr("Refunds confirmed by the provider are listed here with their refund id."));
            break;
        case Filter::Failed:
            m_emptyTitle->setText(tr("No failed refunds."));
            m_emptyText->setText(tr("Refunds the provider refused, or that a reviewer confirmed were never made, "
                                    "are listed here."));
            break;
        case Filter::Reversed:
            m_emptyTitle->setText(tr("No reversed refunds."));
            m_emptyText->setText(tr("Refunds the provider confirmed and later reported failed are listed here; "
                                    "the customer needs a new refund or another way to be paid."));
            break;
        case Filter::KeyExpiringSoon:
            m_emptyTitle->setText(tr("No key expires within the next hour."));
            m_emptyText->setText(tr("Open and unknown operations whose idempotency key is about to expire at the "
                                    "provider are listed here, soonest first."));
            break;
        }
    }
    m_tableStack->setCurrentWidget(m_emptyState);
    clearDetail(tr("Nothing selected."));
}

void MainWindow::updateResultTitle()
{
    const QString search = m_model->search().trimmed();
    const QString view = StateCountsModel::title(m_model->filter());
    const QString title = search.isEmpty()                     ? view
                          : m_model->filter() == Filter::All ? tr("Search “%1”").arg(search)
                                                              : tr("%1, search “%2”").arg(view, search);
    const qint64 total = m_model->totalCount();
    m_resultTitle->setText(total == 1 ? tr("%1 · 1 operation").arg(title)
                                      : tr("%1 · %2 operations").arg(title, QLocale().toString(total)));
    updateRowsStatus();
}

void MainWindow::updateRowsStatus()
{
    // Which rows of the result the table holds now, updated with every page read or dropped.
    const QLocale locale;
    const qint64 total = m_model->totalCount();
    if (m_model->rowCount() == 0) {
        m_rowsStatus->setText(tr("%1 of %2 rows loaded").arg(locale.toString(0), locale.toString(total)));
        return;
    }
    // rowsBefore() is counted as pages come and go; never claim more rows than there are.
    const qint64 last = qMin<qint64>(total, m_model->rowsBefore() + m_model->rowCount());
    const qint64 first = qMax<qint64>(1, last - m_model->rowCount() + 1);
    m_rowsStatus->setText(tr("Rows %1–%2 of %3 loaded")
                              .arg(locale.toString(first), locale.toString(last), locale.toString(total)));
}

void MainWindow::updateDatabaseStatus()
{
    const auto url = DatabaseUrl::parse(m_dbUrl);
    if (!url) {
        m_dbStatus->setFullText(tr("Database: not connected"));
        return;
    }
    const QString location = url->isSqlite() ? url->path() : url->display();
    m_dbStatus->setFullText(tr("Database: %1 %2%3")
                                .arg(url->engineName(), location,
                                     m_connected ? QString() : tr(" — disconnected")));
    m_dbStatus->setToolTip(url->display()); // the whole path (or URL, without a password)
    m_dbStatus->setStyleSheet(
        m_connected ? QString() : StatusPalette::toneStyleSheet(StatusPalette::Tone::Danger, palette()));
    updateRoleStatus();
}

void MainWindow::fitNavigationWidth()
{
    // sizeHintForColumn(): the widest row (StateNavigationDelegate: title, gap and count pill).
    int needed = m_navigation->sizeHintForColumn(0) + 2 * m_navigation->frameWidth();
    if (m_navigation->verticalScrollBar()->isVisible())
        needed += m_navigation->verticalScrollBar()->width();
    m_navigation->setMinimumWidth(needed);
    // The pane's own maximum must not squeeze the list below that (a long title, a count of millions).
    QWidget* pane = m_navigation->parentWidget();
    const QMargins margins = pane->layout()->contentsMargins();
    pane->setMaximumWidth(qMax(280, needed + margins.left() + margins.right()));
}

void MainWindow::setProviderStatus(const QString& text)
{
    m_providerStatus->setFullText(text);
    // The whole line (the label may show it elided), and which key it uses when there is one.
    m_providerStatus->setToolTip(m_providerKeyNote.isEmpty() ? text
                                                             : text + QLatin1Char('\n') + m_providerKeyNote);
}

void MainWindow::updateRoleStatus()
{
    const auto url = DatabaseUrl::parse(m_dbUrl);
    const QString role = m_effectiveRole.isEmpty() ? m_options.role : m_effectiveRole;
    if (url && url->isSqlite()) {
        m_roleStatus->setText(tr("Role: %1 (SQLite: shapes the interface only)").arg(OperationFormat::roleTitle(role)));
        m_roleStatus->setToolTip(tr("SQLite is single-user and not a security boundary: the role only decides what "
                                    "the console offers."));
    } else {
        m_roleStatus->setText(tr("Role: %1").arg(OperationFormat::roleTitle(role)));
        m_roleStatus->setToolTip(tr("On PostgreSQL the database itself enforces what this role may do."));
    }
}
