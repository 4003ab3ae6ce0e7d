#pragma once

#include "UnmatchedEventsModel.h"

#include <QDialog>
#include <QFutureWatcher>

class QLabel;
class QPushButton;
class QTableView;

/**
 * Review > Unmatched provider events: the events about refunds that no operation knows, newest
 * first (R24: shown, never acted on). Loads on a worker thread with its own connection (no SQL
 * on the GUI thread); Refresh reads again. Nothing here writes or calls the provider.
 */
class UnmatchedEventsDialog : public QDialog
{
    Q_OBJECT

public:
    /** databaseUrl: the console's operation database (its own login, read-only use). */
    explicit UnmatchedEventsDialog(const QString& databaseUrl, QWidget* parent = nullptr);
    ~UnmatchedEventsDialog() override;

    UnmatchedEventsModel* model() const { return m_model; }

public slots:
    void refresh();

signals:
    /** After each load; ok false when the database could not be read (the label says why). */
    void loaded(bool ok);

private:
    struct Outcome
    {
        QList<UnmatchedEventsModel::Row> rows;
        QString error;
    };
    void onLoaded();

    QString m_url;
    UnmatchedEventsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_refresh = nullptr;
    QFutureWatcher<Outcome> m_watcher;
};
