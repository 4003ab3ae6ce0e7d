#pragma once

#include "Clock.h"
#include "db/Database.h"
#include "history/HistoryStats.h"

#include <QDate>
#include <QFutureWatcher>
#include <QPointer>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class HistoryTableModel;
class MessageBanner;
class QChartView;
class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QProgressDialog;
class QStackedWidget;
class QTableView;

/**
 * Finance history (R12): the duplicate-prevention figures as labelled tiles (tooltips hold
 * the exact definitions from HistoryStats::definition()), four charts, the per-operation table
 * and "Export CSV…", over a UTC date range (default: the last 7 days) and an optional state.
 *
 * Figures and charts are computed off the GUI thread: each refresh runs HistoryStats in a
 * worker with its own connection (opened from the URL; Qt SQL connections never cross
 * threads) and a newer refresh supersedes an older one. The table pages through SQL on this
 * tab's own GUI-thread connection in its default order (created, an index range scan); sorted
 * by another column (click a header), its pages are read on a worker the same way. The export runs in a
 * worker with its own connection, writes through QSaveFile (nothing replaced unless complete) and shows a
 * QProgressDialog with Cancel for large exports.
 *
 * Inputs come through setters: setDatabaseUrl() (may hold a password: never shown or
 * logged). Everything the tests drive has an objectName.
 */
class HistoryTab : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryTab(const Clock& clock, QWidget* parent = nullptr);
    ~HistoryTab() override;

    /** Opens this tab's connection and refreshes. False (with a banner) when it cannot. */
    bool setDatabaseUrl(const QString& url);
    /** UTC dates, both inclusive as shown in the pickers ([from 00:00, to + 1 day 00:00) UTC). Refreshes. */
    void setRange(const QDate& fromUtc, const QDate& toUtc);
    /** A range preset: the last `days` UTC days with today, 0 for all time (-1: custom, no change). */
    void applyPreset(int days);
    /** nullopt: every state. Refreshes. */
    void setStateFilter(std::optional<OperationStatus> status);
    /** The filter the pickers describe. */
    HistoryFilter filter() const;

    /** Recomputes figures and charts (async) and reloads the table. */
    void refresh();
    bool isComputing() const { return m_computing; }
    /** The last computed snapshot, if any. */
    const std::optional<HistoryStats::Snapshot>& snapshot() const { return m_snapshot; }
    HistoryTableModel* tableModel() const { return m_model; }

    /** Test seam: where "Export CSV…" writes instead of asking with a file dialog ("" = cancel). */
    void setExportPathProvider(std::function<QString()> provider) { m_exportPath = std::move(provider); }
    /** Exports the current filter to path in a worker; exportFinished() tells the outcome. */
    void exportCsvTo(const QString& path);
    bool isExporting() const { return m_exporting; }
    /** Rows above which the progress dialog is shown (default 5000). */
    void setProgressDialogThreshold(qint64 rows) { m_progressThreshold = rows; }

signals:
    /** A refresh finished (ok) or failed (the banner says why). */
    void statsUpdated(bool ok);
    /** A row of the table was double-clicked: open that operation. */
    void operationActivated(const QString& operationId);
    void exportFinished(bool ok, qint64 rows, const QString& message);

private:
    void onDatesEdited();
    struct Outcome
    {
        std::optional<HistoryStats::Snapshot> snapshot;
        StoreError error;
        quint64 generation = 0;
    };

    void buildUi();
    QWidget* buildTiles();
    void onStatsReady();
    void showSnapshot(const HistoryStats::Snapshot& s);
    void setTile(HistoryStats::Figure figure, const QString& value, bool warn = false);
    void onExportClicked();
    void onExportProgress(qint64 done, qint64 total);

    const Clock& m_clock;
    QString m_url;                  // may hold a password: never shown or logged
    std::unique_ptr<Database> m_db; // GUI-thread connection for the table
    std::optional<HistoryStats::Snapshot> m_snapshot;
    quint64 m_generation = 0;
    bool m_computing = false;
    QFutureWatcher<Outcome> m_statsWatcher;
    QFuture<void> m_exportFuture;
    std::shared_ptr<std::atomic_bool> m_cancelExport;
    bool m_exporting = false;
    qint64 m_progressThreshold = 5000;
    std::function<QString()> m_exportPath;

    MessageBanner* m_banner = nullptr;
    QDateEdit* m_from = nullptr;
    QDateEdit* m_to = nullptr;
    QComboBox* m_state = nullptr;
    QPushButton* m_refresh = nullptr;
    QPushButton* m_export = nullptr;
    QLabel* m_status = nullptr;
    QComboBox* m_preset = nullptr;
    QMap<HistoryStats::Figure, QLabel*> m_tiles;
    QStackedWidget* m_chartStack = nullptr;
    QLabel* m_emptyState = nullptr;
    QChartView* m_outcomesView = nullptr;
    QChartView* m_duplicatesView = nullptr;
    QChartView* m_attemptsView = nullptr;
    QChartView* m_resolveView = nullptr;
    QTableView* m_table = nullptr;
    HistoryTableModel* m_model = nullptr;
    bool m_resizeOnRead = false; // a refresh's first page is read in the background
    QPointer<QProgressDialog> m_progress;
};
