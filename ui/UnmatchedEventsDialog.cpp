#include "UnmatchedEventsDialog.h"

#include "Logging.h"
#include "console/ConsoleDataService.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

UnmatchedEventsDialog::UnmatchedEventsDialog(ConsoleDataService* data, QWidget* parent)
    : QDialog(parent)
    , m_data(data)
{
    setObjectName(QStringLiteral("unmatchedEventsDialog"));
    setWindowTitle(tr("Unmatched provider events"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Events about refunds that no operation of this database knows: the refund's metadata names "
           "no operation here. They are recorded and never acted on. Often a refund made in the "
           "provider's dashboard or by another system on the same account; check it there."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_model = new UnmatchedEventsModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("unmatchedEventsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("unmatchedEventsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_refresh = buttons->addButton(tr("Refresh"), QDialogButtonBox::ActionRole);
    m_refresh->setObjectName(QStringLiteral("unmatchedEventsRefresh"));
    connect(m_refresh, &QPushButton::clicked, this, &UnmatchedEventsDialog::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(1000, 420);
    if (m_data) {
        // A reconnect drops the answers of the old connection: read again rather than leave
        // Refresh disabled with "Reading…" for good.
        const auto lost = [this] {
            if (!m_reading)
                return;
            m_reading = false;
            refresh();
        };
        connect(m_data, &ConsoleDataService::opened, this, lost);
        connect(m_data, &ConsoleDataService::openFailed, this, [this](const StoreError& error) {
            if (!m_reading)
                return;
            onLoaded(StoreResult<QList<UnmatchedEventsModel::Row>>(error));
        });
    }
    refresh();
}

UnmatchedEventsDialog::~UnmatchedEventsDialog() = default;

void UnmatchedEventsDialog::refresh()
{
    if (m_reading || !m_data)
        return;
    m_reading = true;
    m_refresh->setEnabled(false);
    m_status->setText(tr("Reading…"));
    m_data->submit(
        this, [](Database& db, OperationStore&) { return UnmatchedEventsModel::load(db); },
        [this](StoreResult<QList<UnmatchedEventsModel::Row>> rows) { onLoaded(rows); });
}

void UnmatchedEventsDialog::onLoaded(const StoreResult<QList<UnmatchedEventsModel::Row>>& rows)
{
    m_reading = false;
    m_refresh->setEnabled(true);
    if (!rows) {
        m_status->setText(tr("The events could not be read: %1").arg(Logging::redact(rows.error().message)));
        emit loaded(false);
        return;
    }
    m_model->setRows(rows.value());
    m_table->resizeColumnsToContents();
    m_status->setText(
        rows.value().isEmpty()
            ? tr("None: every provider event this database stored matched an operation.")
            : tr("%n event(s) no operation knows, newest first.", nullptr, int(rows.value().size())));
    emit loaded(true);
}
