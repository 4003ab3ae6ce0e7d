#pragma once

#include "UnmatchedEventsModel.h"

#include <QDialog>

class ConsoleDataService;
class QLabel;
class QPushButton;
class QTableView;

/**
 * Review > Unmatched provider events: the events about refunds that no operation knows, newest
 * first (R24: shown, never acted on). Loads as a job on the console's ConsoleDataService (a
 * short read, submit(); no SQL on the GUI thread); Refresh reads again. Nothing here writes or
 * calls the provider.
 */
class UnmatchedEventsDialog : public QDialog
{
    Q_OBJECT

public:
    /** data: the console's data service (not owned; outlives the dialog). Loads at once. */
    explicit UnmatchedEventsDialog(ConsoleDataService* data, QWidget* parent = nullptr);
    ~UnmatchedEventsDialog() override;

    UnmatchedEventsModel* model() const { return m_model; }
    /** A read is under way (loaded() follows). */
    bool isLoading() const { return m_reading; }

public slots:
    void refresh();

signals:
    /** After each load; ok false when the database could not be read (the label says why). */
    void loaded(bool ok);

private:
    void onLoaded(const StoreResult<QList<UnmatchedEventsModel::Row>>& rows);

    ConsoleDataService* m_data = nullptr;
    bool m_reading = false;
    UnmatchedEventsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_refresh = nullptr;
};
