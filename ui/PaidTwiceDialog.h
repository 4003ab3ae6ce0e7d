#pragma once

#include "PaidTwiceModel.h"

#include <QDialog>

class ConsoleDataService;
class QLabel;
class QPushButton;
class QTableView;

/**
 * Review > Refunds paid twice: every logical refund (order, amount, request ref; R5a) the
 * provider holds more than one live refund for, by the provider's evidence (PaidTwiceModel), so
 * support sees what finance's History check flags. Loads as a worker job of the console's
 * ConsoleDataService (no SQL on the GUI thread, none in the detail panel's way); Refresh reads again; a double-click opens the
 * row's first operation. Nothing here writes or calls the provider.
 */
class PaidTwiceDialog : public QDialog
{
    Q_OBJECT

public:
    /** data: the console's data service (not owned; outlives the dialog). Loads at once. */
    explicit PaidTwiceDialog(ConsoleDataService* data, QWidget* parent = nullptr);
    ~PaidTwiceDialog() override;

    PaidTwiceModel* model() const { return m_model; }
    bool isLoading() const { return m_reading; }

public slots:
    void refresh();

signals:
    /** After each load; ok false when the database could not be read (the label says why). */
    void loaded(bool ok);
    /** A row was double-clicked: its oldest operation. */
    void operationActivated(const QString& operationId);

private:
    void onLoaded(const StoreResult<QList<RefundsPerLogicalRefund::OverRefund>>& rows);

    ConsoleDataService* m_data = nullptr;
    bool m_reading = false;
    PaidTwiceModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_refresh = nullptr;
};
