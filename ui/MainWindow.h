#pragma once

#include "Clock.h"
#include "console/ConsoleDataService.h"
#include "console/ConsoleReads.h"
#include "db/OperationStore.h"
#include "ProviderStatusMonitor.h"
#include "provider/ProviderConfig.h"
#include "review/ReviewerContext.h"

#include <QHash>
#include <QMainWindow>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class DetailPanel;
class HistoryTab;
class QTabWidget;
class SettingsTab;
class MessageBanner;
class OperationFilterBar;
class OperationTableModel;
class OperationTableView;
class ElidedLabel;
class QLabel;
class QSystemTrayIcon;
class QLineEdit;
class QListView;
class QProgressBar;
class QStackedWidget;
class QToolButton;
class StateCountsModel;

/**
 * The console's main window: state navigation with live counts on the left, the operations
 * table (paged SQL, OperationTableModel) with a search box, the detail panel below, inline
 * banners for a lost database and a refused provider key, and a status bar naming the
 * database, the provider and the role.
 *
 * Every read runs on a ConsoleDataService on its own thread (issue 12 item 1): its
 * ChangeWatcher (PostgreSQL LISTEN/NOTIFY, SQLite data_version polling) and its reconnects,
 * the state counts and settings each change notification (and the 15 s counts timer) needs,
 * the connect-time load (schema check, settings, counts, login and role), F5, the keyset
 * pages of the operations table (OperationTableModel's reader) and the detail and Select
 * operation reads. This window opens no connection of its own; results arrive by queued
 * calls and are applied as they come. A lost connection never loses what is shown:
 * rows stay (greyed, marked stale), a banner says what to do, and the window reconnects every
 * retryIntervalMs until the database is back.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    struct Options
    {
        QString role = QStringLiteral("support");   ///< support, finance or admin (R21)
        int retryIntervalMs = 2000;                  ///< reconnect attempts after a lost connection
        int watchIntervalMs = 1000;                  ///< ChangeWatcher poll / liveness interval
        int countsIntervalMs = 15000;                ///< re-count (the "expires within 1 h" entry moves with time)
        int pageSize = 200;
    };

    explicit MainWindow(const Clock& clock, const Options& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    /** The loading state (e.g. while the demo is created): title plus the current step. */
    void showLoading(const QString& title, const QString& step);
    /** A start-up failure with what to do next; nothing to show yet. */
    void showStartupError(const QString& title, const QString& detail);

    /**
     * Opens the operation database at url (may hold a password: never shown or logged) on the
     * data service's thread and loads the first page there; dataLoaded() follows. Returns
     * false when url cannot be used at all (not a valid address, no SQLite file there); a
     * connection failure arrives later: the error state, retried every retryIntervalMs.
     */
    bool connectDatabase(const QString& url);
    bool isConnected() const { return m_connected; }

    /**
     * The provider the console reads from (R13). A write key (sk_...) is refused with a
     * warning banner and never used; otherwise a worker thread checks reachability periodically.
     */
    void setProvider(const QUrl& url, const QString& key, const QString& keyOrigin);

    /**
     * Selects an operation: switches the navigation to its state, searches for it if it is not
     * among the fetched rows, selects its row and shows its detail. The reads run on the data
     * service's thread; operationSelected() says how it ended. Before the database is
     * connected, the request is kept and applied after the first load (returns false then).
     */
    bool selectOperation(const QString& operationId);

    OperationTableModel* operationModel() const { return m_model; }
    StateCountsModel* stateCountsModel() const { return m_counts; }
    OperationTableView* operationsView() const { return m_table; }
    DetailPanel* detailPanel() const { return m_detail; }
    /** The data service every read of this window runs on (tests hold its thread with a job). */
    ConsoleDataService* dataService() const { return m_data.get(); }
    /**
     * Re-reads counts, settings, the shown rows and the detail, keeping selection and scroll;
     * after(ok) runs once that is applied (or failed). False when no database is set.
     */
    bool refreshAll(std::function<void(bool ok)> after = {});
    /** Navigation: shows the operations of one state filter. */
    void setStateFilter(OperationStore::StateFilter filter);

    /** Who resolves, with which database and read-only provider key (R13, R17). */
    ReviewerContext reviewerContext() const;
    /** Opens the resolve dialog (lookup at the provider first) for an unknown operation. */
    void openResolveDialog(const QString& operationId);
    /** Opens the customer message draft for an operation (R19). */
    void openCustomerMessage(const QString& operationId);
    /** Looks up every unknown operation and lists proposals for a person to confirm. */
    void openCheckAllUnknown();

    /**
     * The role the console works with (R21): on PostgreSQL the connected login's refund role
     * as the database grants it (support, finance, admin, tool or none); on SQLite --role,
     * which only shapes the interface.
     */
    QString effectiveRole() const { return m_effectiveRole; }
    HistoryTab* historyTab() const { return m_historyTab; }
    SettingsTab* settingsTab() const { return m_settingsTab; }

    enum class Page { Operations, History, Settings };
    /** Brings a tab to the front (it loads when first shown); false when the role keeps it disabled. */
    bool showPage(Page page);

signals:
    /** The first load after connectDatabase() (and a pending selectOperation) finished. */
    void dataLoaded();
    /** The first load after connectDatabase() failed: the window shows why (and retries if that can help). */
    void loadFailed();
    /** selectOperation() finished: found is false when the operation is not there (or a read failed). */
    void operationSelected(const QString& operationId, bool found);
    void databaseConnectionLost(const QString& reason);
    void databaseConnectionRestored();
    /** A provider reachability check finished (see ProviderStatusMonitor). */
    void providerChecked(bool reachable);
    /**
     * The Unknown count grew while the window was open: newOnes operations nobody can settle
     * without a person (R18) arrived since the last count. The window says so in a banner with
     * an "Open Unknown" button, asks the desktop for attention, and shows a tray notification
     * where the desktop has a system tray.
     */
    void unknownOperationsArrived(qint64 newOnes, qint64 unknownNow);

private:
    void buildUi();
    void buildActions();
    void openConnectionDialog();
    /** Reads the schema, counts, settings and role on the data service's thread, then the first page. */
    void loadAfterConnect();
    void finishLoad();
    void onLoadFailed(const StoreError& error);
    void reloadOperations();
    /** Keeps the filters and the sort of the view left and shows view's (issue 15: per view). */
    void switchViewTo(OperationStore::StateFilter view);
    /** Hands the bar's filters to the model; false (reason on the bar) when they are not valid. */
    bool applyRowFilters();
    void updateFilterButton();
    /** Counts, settings and (identityRead) login and role, read on the data service's thread. */
    void applyStatus(const ConsoleReads::Status& status);
    void selectOperation(const QString& operationId, std::function<void(bool found)> done);
    void applyCounts(const OperationStore::StateCounts& counts);
    void applySnapshot(const ConsoleDataService::Snapshot& snapshot);
    /** A change notification: the data service read the counts; re-read the table's visible window. */
    void onDatabaseChanged(const ConsoleDataService::Snapshot& snapshot);
    /** Re-reads the table's visible window and the detail, keeping selection and scroll; after(ok) once applied. */
    void refreshTable(std::function<void(bool ok)> after = {});
    void onSearchEdited();
    void onNavigationChanged();
    void onCurrentRowChanged();
    void onTick(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles);
    void onDatabaseLost(const QString& reason);
    void onDatabaseRestored();
    void retryConnection();
    bool handleStoreError(const StoreError& error);
    /** Asks the data service for the operation's detail; the panel shows it when it arrives. */
    void showDetailOf(const QString& operationId);
    /** Clears the panel (with a hint) and drops any detail answer still on its way. */
    void clearDetail(const QString& hint = {});
    void updateEmptyState();
    void updateResultTitle();
    void updateRowsStatus();
    void updateDatabaseStatus();
    void updateRoleStatus();
    /** The provider line of the status bar (elided when short of room; the tooltip has it whole). */
    void setProviderStatus(const QString& text);
    /** The navigation as wide as its widest row (title and count), so no title is cut off. */
    void fitNavigationWidth();
    void applyRole();
    void raiseAlert(OperationStore::StateFilter filter, const QString& title, const QString& text);
    /** The Operations tab on the view the last alert named (its banner button, its tray message). */
    void openAlertView();
    void onTabChanged(int index);
    void onProviderChecked(const ProviderStatusMonitor::Status& status);
    QString selectedOperationId() const;
    void restoreSelection(const QString& operationId, int scrollValue);

    const Clock& m_clock;
    Options m_options;
    QString m_dbUrl;                 // may hold a password: never shown or logged
    std::unique_ptr<ConsoleDataService> m_data;   // its own thread: every read of this window
    quint64 m_connectSerial = 0;  // bumped by connectDatabase: answers for an older one are dropped
    bool m_loadPending = false;   // the connect-time load's status read is in flight
    bool m_retryPending = false;  // a reconnect's status read is in flight
    quint64 m_appliedSerial = 0;    // answers the table model applied (aboutToApply)
    quint64 m_restoredSerial = 0;   // the last of them refreshTable restored the selection after
    QString m_selectionAtApply;   // the selection and scroll just before the model applied an answer
    int m_scrollAtApply = 0;
    int m_rowsAtApply = 0;
    std::optional<int> m_requestTimeoutMs;   // settings as read at connect / F5 (reviewerContext)
    QString m_dbRole;             // RoleManager::currentRole as read at connect; empty if unreadable
    QString m_dbRoleError;
    QString m_dbLogin;            // session_user (PostgreSQL)
    quint64 m_snapshotTicket = 0;
    quint64 m_nextTicket = 0;     // detail requests' tickets (the panel's and Customer message's)
    quint64 m_detailTicket = 0;   // the panel's latest request
    quint64 m_detailFloor = 0;    // answers up to this ticket are dropped (a clear, another operation wanted)
    quint64 m_detailShown = 0;    // the ticket of the answer shown: an older one never replaces it
    QString m_detailWanted;       // the operation of that request (empty after clearDetail)
    quint64 m_messageTicket = 0;  // the read behind an opening Customer message dialog; 0: none
    bool m_snapshotPending = false;  // the counts timer's request is in flight
    qint64 m_countsReadAtMs = 0;     // UTC ms when the counts shown were read (either thread)
    int m_budget = 6;
    bool m_connected = false;
    bool m_loadedOnce = false;
    bool m_fatal = false;
    bool m_schemaRefused = false;   // the schema is outdated or too new: F5 tries the whole connect again
    qint64 m_lastGoodLoadMs = 0;
    QString m_pendingSelect;
    QUrl m_providerUrl;
    QString m_effectiveRole;
    QTabWidget* m_tabs = nullptr;
    QWidget* m_operationsPage = nullptr;
    HistoryTab* m_historyTab = nullptr;
    QWidget* m_historyPage = nullptr;  // the tab page: a scroll area around m_historyTab
    QWidget* m_settingsPage = nullptr; // the same around m_settingsTab
    SettingsTab* m_settingsTab = nullptr;
    bool m_historyConnected = false;
    bool m_settingsConnected = false;
    ProviderConfig m_readConfig;     // empty apiKey: no usable read key, look-ups disabled

    OperationTableModel* m_model = nullptr;
    StateCountsModel* m_counts = nullptr;
    QListView* m_navigation = nullptr;
    QLineEdit* m_search = nullptr;
    OperationFilterBar* m_filterBar = nullptr;
    QToolButton* m_filterButton = nullptr;
    /** The row filters of each state view (issue 15: kept per view), by StateFilter. */
    QHash<int, OperationStore::RowFilters> m_viewFilters;
    /** The sort of each state view (column, order), by StateFilter; "Key expires within 1 h"
        starts soonest first, the others youngest first. */
    QHash<int, std::pair<int, Qt::SortOrder>> m_viewSorts;
    std::pair<int, Qt::SortOrder> m_sort; ///< the table's sort now (column, order); set with the header
    OperationStore::StateFilter m_filtersView = OperationStore::StateFilter::All;
    /** The view a search moved the navigation away from (a search spans every state); cleared
     *  when the search is, or when the user picks a view meanwhile. */
    std::optional<OperationStore::StateFilter> m_searchLeftView;
    bool m_searchMovesNavigation = false;
    QString m_handledSearch;   ///< the search text onSearchEdited() last acted on
    QLabel* m_resultTitle = nullptr;
    MessageBanner* m_connectionBanner = nullptr;
    MessageBanner* m_keyBanner = nullptr;      // provider key problems (R13) only
    MessageBanner* m_noticeBanner = nullptr;   // everything else: not found, refused queries
    MessageBanner* m_alertBanner = nullptr;    // new unknown or reversed operations, with a button to open them
    OperationStore::StateFilter m_alertFilter = OperationStore::StateFilter::Unknown;
    QSystemTrayIcon* m_tray = nullptr;         // only where the desktop has a system tray
    qint64 m_lastUnknown = -1;                 // unknown count at the last recount; -1 before the first
    qint64 m_lastReversed = -1;                // reversed count at the last recount; -1 before the first
    QStackedWidget* m_tableStack = nullptr;
    OperationTableView* m_table = nullptr;
    QWidget* m_emptyState = nullptr;
    QLabel* m_emptyTitle = nullptr;
    QLabel* m_emptyText = nullptr;
    QProgressBar* m_busy = nullptr;
    DetailPanel* m_detail = nullptr;
    ElidedLabel* m_dbStatus = nullptr;
    ElidedLabel* m_providerStatus = nullptr;
    QString m_providerKeyNote; // "Read key rk_…abcd from …", under the provider status in its tooltip
    QLabel* m_roleStatus = nullptr;
    QLabel* m_rowsStatus = nullptr;

    QTimer m_searchDebounce;
    QTimer m_retryTimer;
    QTimer m_countsTimer;
    ProviderStatusMonitor m_providerMonitor;
};
