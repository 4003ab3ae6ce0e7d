#include "PaidTwiceDialog.h"

#include "console/ConsoleDataService.h"

#include <QTableView>

PaidTwiceDialog::PaidTwiceDialog(ConsoleDataService* data, QWidget* parent)
    : ReviewListDialog(data, QStringLiteral("paidTwice"), tr("Refunds paid twice"),
                       tr("Refunds the provider made more than once for one request: the same order and amount (and "
                          "the same request reference, if the calls named one). The customer received the money "
                          "twice. Never refund these again; finance recovers the extra refund. Double-click a row to "
                          "open its first operation."),
                       parent)
    , m_model(new PaidTwiceModel(this))
{
    table()->setModel(m_model);
    connect(table(), &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (index.isValid() && index.row() < m_model->rows().size() &&
            !m_model->rows().at(index.row()).operationIds.isEmpty())
            emit operationActivated(m_model->rows().at(index.row()).operationIds.constFirst());
    });
    resize(1000, 380);
    refresh();
}

PaidTwiceDialog::~PaidTwiceDialog() = default;

void PaidTwiceDialog::read()
{
    data()->submitOnWorker(
        this, [](Database& db, const std::atomic_bool&) { return PaidTwiceModel::load(db); },
        [this](StoreResult<QList<RefundsPerLogicalRefund::OverRefund>> rows) {
            if (!rows) {
                showFailed(rows.error());
                return;
            }
            m_model->setRows(rows.value());
            showLoaded(rows.value().isEmpty()
                           ? tr("None: the provider made at most one refund for every request.")
                           : tr("%n request(s) refunded more than once, by order.", nullptr,
                                int(rows.value().size())));
        });
}

QString PaidTwiceDialog::failedText(const QString& message) const
{
    return tr("The check could not be read: %1").arg(message);
}
