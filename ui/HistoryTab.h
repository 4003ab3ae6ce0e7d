#pragma once

#include "Clock.h"
#include "history/HistoryStats.h"

#include <QDate>
#include <QPointer>
#include <QSet>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class ConsoleDataService;
class HistoryTableModel;
class MessageBanner;
class QChartView;
class QCheckBox;
class QComboBox;
class QDateEdit;
class QGridLayout;
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
 * No SQL runs on the GUI thread (issue 12); everything is read through the console's
 * ConsoleDataService. Figures and charts are long jobs: each refresh runs HistoryStats with
 * submitOnWorker() (a worker connection of its own, so the service thread's short reads never
 * wait behind it), and a newer refresh supersedes an older one (its answer is dropped by
 * generation). The table's pages in the default order (created, an index range scan) are
 * short reads, submit(); sorted by another column (click a header), its pages sort the range
 * and are read with submitOnWorker() too. The export runs with submitOnWorker(), writes
 * through QSaveFile (nothing replaced unless complete) and shows a QProgressDialog with
 * Cancel for large exports. Before the service has opened every request waits for the open.
 *
 * Inputs come through setters: setDataService(). Everything the tests drive has an objectName.
 */
class HistoryTab : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryTab(const Clock& clock, QWidget* parent = nullptr);
    ~HistoryTab() override;

    /**
     * Where the tab reads (not owned; it outlives the tab or is reset first), then refreshes.
     * False when service is null.
     */
    bool setDataService(ConsoleDataService* service);
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
    /** Exports the current filter to path on a worker; exportFinished() tells the outcome. */
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

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onDatesEdited();
    /** Tiles and charts in as many columns as the tab's width holds without cutting a word (issue 15). */
    void reflow();
    void placeTiles(int columns);
    void placeCharts(int columns);
    int tileWidthNeeded() const;
    /** The widest chart's need; axis labels count only where fullWidth would hold them. */
    int chartWidthNeeded(int fullWidth) const;
    /** What an export job tells: the outcome for the banner and exportFinished(). */
    struct ExportOutcome
    {
        bool ok = false;
        qint64 rows = 0;
        QString message;
    };

    void buildUi();
    QWidget* buildTiles();
    void onStatsReady(quint64 generation, const StoreResult<HistoryStats::Snapshot>& result);
    void finishExport(const ExportOutcome& outcome);
    void showSnapshot(const HistoryStats::Snapshot& s);
    /** The two per-day charts, on the scale their Log scale boxes say. */
    void showPerDayCharts(const HistoryStats::Snapshot& s);
    void setTile(HistoryStats::Figure figure, const QString& value, bool warn = false);
    void onExportClicked();
    void onExportProgress(qint64 done, qint64 total);

    const Clock& m_clock;
    ConsoleDataService* m_service = nullptr;
    std::optional<HistoryStats::Snapshot> m_snapshot;
    quint64 m_generation = 0;
    bool m_computing = false;
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
    QGridLayout* m_tileGrid = nullptr;
    QList<QPair<QWidget*, int>> m_tileCells; // each tile and the columns it spans, in order
    int m_tileColumns = 0;
    QGridLayout* m_chartGrid = nullptr;
    int m_chartColumns = 0;
    QStackedWidget* m_chartStack = nullptr;
    QLabel* m_emptyState = nullptr;
    QChartView* m_outcomesView = nullptr;
    QChartView* m_duplicatesView = nullptr;
    QChartView* m_attemptsView = nullptr;
    QChartView* m_resolveView = nullptr;
    QCheckBox* m_outcomesLog = nullptr;     // per-day charts' log scale: proposed per snapshot, a person may flip it
    QCheckBox* m_duplicatesLog = nullptr;
    QSet<const QCheckBox*> m_logScaleChosen; // boxes a person set for this range: no longer proposed
    QTableView* m_table = nullptr;
    HistoryTableModel* m_model = nullptr;
    bool m_resizeOnRead = false; // a refresh's first page is read in the background
    QPointer<QProgressDialog> m_progress;
};
