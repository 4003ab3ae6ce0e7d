#pragma once

#include "db/Database.h"
#include "db/OperationStore.h"
#include "review/ReviewerContext.h"
#include "review/UnknownSweep.h"

#include <QDialog>

#include <memory>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

/**
 * "Check all unknown" (R15-R17): looks up every unknown operation with bounded concurrency
 * (UnknownSweep, lookup_concurrency), shows done/total with Cancel, and lists each operation's
 * proposal in a table. Rows with a proposal (refunded / failed) get a checkbox; nothing is
 * resolved until a person ticks rows, writes a note and presses "Resolve selected". Each
 * confirmed row is re-checked against R16 and written with OperationStore::resolve() (a
 * compare-and-set): the Result column says "Resolved as …", or who resolved it first and when,
 * or the error. Rows without a proposal say why (keep waiting with the time left, needs a
 * person, lookup incomplete).
 */
class CheckUnknownDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column { Pick, OperationCol, Order, Amount, Proposal, Why, Result, ColumnCount };

    explicit CheckUnknownDialog(const ReviewerContext& context, QWidget* parent = nullptr);
    ~CheckUnknownDialog() override;

    /** Starts the sweep (also done by the Start button). */
    void start();
    UnknownSweep* sweep() const { return m_sweep; }
    QTableWidget* table() const { return m_table; }
    /** Ticks every row that has a proposal; returns how many. */
    int selectAllProposals();
    /** Resolves the ticked rows (the "Resolve selected" button); returns how many were written. */
    int resolveSelected();

signals:
    /** At least one operation was resolved (refresh the views). */
    void operationsResolved(const QStringList& operationIds);

private:
    void onStarted(int total);
    void onItemFinished(int index);
    void onFinished(bool canceled, const QString& failure);
    void updateButtons();
    void setResult(int row, const QString& text, const QColor& color);

    ReviewerContext m_context;
    UnknownSweep* m_sweep = nullptr;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;

    QLabel* m_summary = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QTableWidget* m_table = nullptr;
    QLineEdit* m_note = nullptr;
    QPushButton* m_selectAll = nullptr;
    QPushButton* m_resolve = nullptr;
};
