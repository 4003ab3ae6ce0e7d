#pragma once

#include "PaidTwiceModel.h"
#include "ReviewListDialog.h"

/**
 * Review > Refunds paid twice: every logical refund (order, amount, request ref; R5a) the
 * provider holds more than one live refund for, by the provider's evidence (PaidTwiceModel), so
 * support sees what finance's History check flags. Read as a worker job of the console's
 * ConsoleDataService (the check over all time is no short read: the detail panel's reads must
 * not wait behind it); a double-click opens the row's first operation. See ReviewListDialog.
 */
class PaidTwiceDialog : public ReviewListDialog
{
    Q_OBJECT

public:
    /** data: the console's data service (not owned; outlives the dialog). Loads at once. */
    explicit PaidTwiceDialog(ConsoleDataService* data, QWidget* parent = nullptr);
    ~PaidTwiceDialog() override;

    PaidTwiceModel* model() const { return m_model; }

signals:
    /** A row was double-clicked: its oldest operation. */
    void operationActivated(const QString& operationId);

protected:
    void read() override;
    QString failedText(const QString& message) const override;

private:
    PaidTwiceModel* m_model = nullptr;
};
