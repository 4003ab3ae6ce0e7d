#pragma once

#include "Clock.h"
#include "db/OperationStore.h"

#include <QAbstractListModel>

/**
 * The navigation list: one row per state filter (All, Open, Unknown, Refunded, Failed, Reversed,
 * Key expires within 1 h) with its live count from OperationStore::stateCounts().
 *
 * DisplayRole is the title ("Unknown"); CountRole the count; FilterRole the
 * OperationStore::StateFilter as int. A failed refresh keeps the last counts.
 */
class StateCountsModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role {
        CountRole = Qt::UserRole,   ///< qint64
        FilterRole,                 ///< OperationStore::StateFilter as int
        AttentionRole,              ///< bool: a non-zero count that needs a person (Unknown, expiring keys)
    };

    explicit StateCountsModel(const Clock& clock, QObject* parent = nullptr);

    /** Re-counts; false on error (lastError()), counts unchanged. */
    bool refresh(OperationStore& store);
    /** Shows counts read elsewhere (ConsoleDataService); dataChanged only when they differ. */
    void setCounts(const OperationStore::StateCounts& counts);
    StoreError lastError() const { return m_lastError; }

    const OperationStore::StateCounts& counts() const { return m_counts; }
    qint64 count(OperationStore::StateFilter filter) const;
    /** The row showing a filter. */
    int rowOf(OperationStore::StateFilter filter) const;
    static OperationStore::StateFilter filterAt(int row);
    static QString title(OperationStore::StateFilter filter);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    const Clock& m_clock;
    OperationStore::StateCounts m_counts;
    StoreError m_lastError;
};
