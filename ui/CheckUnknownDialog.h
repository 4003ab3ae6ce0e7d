#pragma once

#include "SweepProposalModel.h"
#include "review/ReviewerContext.h"
#include "review/SweepResolver.h"
#include "review/UnknownSweep.h"

#include <QDialog>
#include <QElapsedTimer>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

/**
 * "Check all unknown" (R15-R17): looks up every unknown operation with bounded concurrency
 * (UnknownSweep, lookup_concurrency), shows done/total, the rate and the time left with
 * Cancel, and streams each operation's proposal into the list (SweepProposalModel) as its
 * lookup finishes. Rows with a proposal (refunded / failed) get a checkbox; nothing is resolved
 * until a person ticks rows, writes a note and presses "Resolve selected". The ticked rows are
 * written in the background (SweepResolver: R16 rechecked per row, OperationStore::resolve's
 * compare-and-set), with progress and Cancel; the Result column says "Resolved as …", or who
 * resolved it first and when, or why not. Rows without a proposal say why (keep waiting with
 * the time left, needs a person, lookup incomplete). Nothing here waits on the database or the
 * provider on the GUI thread, at any number of rows (issue 12).
 */
class CheckUnknownDialog : public QDialog
{
    Q_OBJECT

public:
    using Column = SweepProposalModel::Column;

    explicit CheckUnknownDialog(const ReviewerContext& context, QWidget* parent = nullptr);
    ~CheckUnknownDialog() override;

    /** Starts the sweep (also done by the Start button). */
    void start();
    UnknownSweep* sweep() const { return m_sweep; }
    SweepResolver* resolver() const { return m_resolver; }
    SweepProposalModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    /** Ticks every row that has a proposal; returns how many. */
    int selectAllProposals();
    /**
     * Starts resolving the ticked rows in the background (the "Resolve selected" button);
     * returns how many rows were handed over (0 without a note, ticks, or while one runs).
     * operationsResolved() follows when the run ends with at least one row written.
     */
    int resolveSelected();
    /** Close, Esc and the window's close button: while busy, stops the sweep, hides, and closes once idle. */
    void done(int result) override;

signals:
    /** At least one operation was resolved (refresh the views). */
    void operationsResolved(const QStringList& operationIds);


private:
    void onStarted(int total);
    void onProgress(int done, int total);
    void onFinished(bool canceled, const QString& failure);
    void onResolverFinished(bool canceled, const QString& failure);
    void showResolveProgress(int done, int total);
    void updateButtons();
    void closeIfIdle();

    ReviewerContext m_context;
    UnknownSweep* m_sweep = nullptr;
    SweepResolver* m_resolver = nullptr;
    SweepProposalModel* m_model = nullptr;
    QStringList m_resolvedIds;       // written by the current resolver run
    QElapsedTimer m_sweepClock;      // since started(): the rate and time left
    qint64 m_lastProgressPaintMs = -1000;
    bool m_closeWhenIdle = false;    // closed while busy: close for good once idle
    int m_closeResult = QDialog::Rejected;

    QLabel* m_summary = nullptr;
    QLabel* m_eta = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QTableView* m_table = nullptr;
    QLineEdit* m_note = nullptr;
    QPushButton* m_selectAll = nullptr;
    QPushButton* m_resolve = nullptr;
};
