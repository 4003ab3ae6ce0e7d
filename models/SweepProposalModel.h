#pragma once

#include "review/SweepResolver.h"
#include "review/UnknownSweep.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QList>
#include <QLocale>
#include <QVector>

/**
 * The rows of "Check all unknown" (R15-R17): one per unknown operation of an UnknownSweep, in
 * its order, filled in as each lookup finishes (itemFinished), so 15,000 rows cost 15,000
 * cheap dataChanged signals, not a widget per cell. Rows with a proposal (refunded / failed)
 * are checkable in the Pick column; the checked and checkable counts are kept as rows change,
 * so the buttons never walk the list. The Result column shows what resolving the row did
 * (SweepResolver outcomes): a resolved row (by us or a colleague) is no longer checkable; a
 * refused or failed one can be ticked again once the cause is gone.
 */
class SweepProposalModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Pick, OperationCol, Order, Amount, Proposal, Why, Result, ColumnCount };

    explicit SweepProposalModel(const UnknownSweep* sweep, QObject* parent = nullptr);

    void setLocale(const QLocale& locale) { m_locale = locale; }

    /** The sweep started with total rows (UnknownSweep::started): a reset, nothing looked up yet. */
    void reset(int total);
    /** The lookup of row finished (UnknownSweep::itemFinished). */
    void itemFinished(int row);
    /** Writes outcomes into the Result column (SweepResolver::outcomes). */
    void applyOutcomes(const QList<SweepResolver::Outcome>& outcomes);

    bool isCheckable(int row) const;
    bool isChecked(int row) const;
    /** Ticks every checkable row; returns how many are ticked now. */
    int checkAll();
    int checkedCount() const { return m_checked; }
    int checkableCount() const { return m_checkable; }
    /** The ticked rows as SweepResolver jobs, in row order. */
    QList<SweepResolver::Job> checkedJobs() const;
    /** The Result column's text of row (empty before a result). */
    QString resultText(int row) const;
    /** While locked (a resolve is running) no row can be ticked or unticked. */
    void setLocked(bool locked);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    /** checkedCount() or checkableCount() changed. */
    void checksChanged(int checked, int checkable);

private:
    enum class RowState : quint8 { Waiting, Looked, Checkable, Checked, Done };
    struct ResultCell
    {
        QString text;
        QColor color;
    };
    void setState(int row, RowState state);
    QString proposalText(const UnknownSweep::Item& item) const;
    QString whyText(const UnknownSweep::Item& item) const;

    const UnknownSweep* m_sweep;
    QLocale m_locale;
    QVector<RowState> m_state;
    QVector<ResultCell> m_results;   // empty cells until a row has a result
    int m_checked = 0;
    int m_checkable = 0;   // Checkable or Checked
    bool m_locked = false;
};
