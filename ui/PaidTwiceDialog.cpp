#include "PaidTwiceDialog.h"

#include "Logging.h"
#include "console/ConsoleDataService.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

PaidTwiceDialog::PaidTwiceDialog(ConsoleDataService* data, QWidget* parent)
    : QDialog(parent)
    , m_data(data)
{
    setObjectName(QStringLiteral("paidTwiceDialog"));
    setWindowTitle(tr("Refunds paid twice"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Refunds the provider made more than once for one request: the same order and amount (and the "
           "same request reference, if the calls named one). The customer received the money twice. Never "
           "refund these again; finance recovers the extra refund. Double-click a row to open its first "
           "operation."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_model = new PaidTwiceModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("paidTwiceTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (index.isValid() && index.row() < m_model->rows().size() &&
            !m_model->rows().at(index.row()).operationIds.isEmpty())
            emit operationActivated(m_model->rows().at(index.row()).operationIds.constFirst());
    });
    layout->addWidget(m_table, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("paidTwiceStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close")); // not Qt's own: see UnmatchedEventsDialog
    m_refresh = buttons->addButton(tr("Refresh"), QDialogButtonBox::ActionRole);
    m_refresh->setObjectName(QStringLiteral("paidTwiceRefresh"));
    connect(m_refresh, &QPushButton::clicked, this, &PaidTwiceDialog::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(1000, 380);
    if (m_data) {
        // A reconnect drops the answers of the old connection: read again.
        connect(m_data, &ConsoleDataService::opened, this, [this] {
            if (!m_reading)
                return;
            m_reading = false;
            refresh();
        });
        connect(m_data, &ConsoleDataService::openFailed, this, [this](const StoreError& error) {
            if (m_reading)
                onLoaded(StoreResult<QList<RefundsPerLogicalRefund::OverRefund>>(error));
        });
    }
    refresh();
}

PaidTwiceDialog::~PaidTwiceDialog() = default;

void PaidTwiceDialog::refresh()
{
    if (m_reading || !m_data)
        return;
    m_reading = true;
    m_refresh->setEnabled(false);
    m_status->setText(tr("Reading…"));
    // On a worker, as History's figures: the check over all time is no short read, and the
    // detail panel's reads on the service thread must not wait behind it.
    m_data->submitOnWorker(
        this, [](Database& db, const std::atomic_bool&) { return PaidTwiceModel::load(db); },
        [this](StoreResult<QList<RefundsPerLogicalRefund::OverRefund>> rows) { onLoaded(rows); });
}

void PaidTwiceDialog::onLoaded(const StoreResult<QList<RefundsPerLogicalRefund::OverRefund>>& rows)
{
    m_reading = false;
    m_refresh->setEnabled(true);
    if (!rows) {
        m_status->setText(tr("The check could not be read: %1").arg(Logging::redact(rows.error().message)));
        emit loaded(false);
        return;
    }
    m_model->setRows(rows.value());
    m_table->resizeColumnsToContents();
    m_status->setText(rows.value().isEmpty()
                          ? tr("None: the provider made at most one refund for every request.")
                          : tr("%n request(s) refunded more than once, by order.", nullptr, int(rows.value().size())));
    emit loaded(true);
}
