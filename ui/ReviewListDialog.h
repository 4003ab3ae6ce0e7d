#pragma once

#include <QDialog>

class ConsoleDataService;
class QLabel;
class QPushButton;
class QTableView;
struct StoreError;

/**
 * What the Review menu's read-only lists share (Unmatched provider events, Refunds paid
 * twice): an explanation, a table, a status line, Refresh and Close. A subclass sets the
 * table's model, reads its rows as a job of the console's ConsoleDataService in read() (no SQL on
 * the GUI thread) and reports through showLoaded() or showFailed(); it calls refresh() once its
 * own constructor is done. A reconnect drops the answers of the old connection, so a read under
 * way then starts again; a connection that cannot open fails it. Nothing here writes or calls the
 * provider.
 */
class ReviewListDialog : public QDialog
{
    Q_OBJECT

public:
    ~ReviewListDialog() override;

    /** A read is under way (loaded() follows). */
    bool isLoading() const { return m_reading; }

public slots:
    /** Reads again, unless a read is under way or there is no data service. */
    void refresh();

signals:
    /** After each read; ok false when the database could not be read (the status says why). */
    void loaded(bool ok);

protected:
    /**
     * data: the console's data service (not owned; outlives the dialog; may be null: nothing is
     * read). name: the object names' prefix ("unmatchedEvents": …Dialog, …Table, …Status,
     * …Refresh, which tests and --show look for).
     */
    ReviewListDialog(ConsoleDataService* data, const QString& name, const QString& title, const QString& intro,
                     QWidget* parent);

    ConsoleDataService* data() const { return m_data; }
    QTableView* table() const { return m_table; }

    /** Starts the read; its continuation calls showLoaded() or showFailed(). */
    virtual void read() = 0;
    /** The status line when the read failed, with the engine's (redacted) words. */
    virtual QString failedText(const QString& message) const = 0;

    void showLoaded(const QString& status);
    void showFailed(const StoreError& error);

private:
    ConsoleDataService* m_data = nullptr;
    bool m_reading = false;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_refresh = nullptr;
};
