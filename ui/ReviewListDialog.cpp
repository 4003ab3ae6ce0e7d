#include "ReviewListDialog.h"

#include "Logging.h"
#include "console/ConsoleDataService.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

ReviewListDialog::ReviewListDialog(ConsoleDataService* data, const QString& name, const QString& title,
                                   const QString& intro, QWidget* parent)
    : QDialog(parent)
    , m_data(data)
{
    setObjectName(name + QStringLiteral("Dialog"));
    setWindowTitle(title);
    auto* layout = new QVBoxLayout(this);
    auto* explanation = new QLabel(intro, this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    m_table = new QTableView(this);
    m_table->setObjectName(name + QStringLiteral("Table"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(name + QStringLiteral("Status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_refresh = buttons->addButton(tr("Refresh"), QDialogButtonBox::ActionRole);
    m_refresh->setObjectName(name + QStringLiteral("Refresh"));
    connect(m_refresh, &QPushButton::clicked, this, &ReviewListDialog::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    if (m_data) {
        connect(m_data, &ConsoleDataService::opened, this, [this] {
            if (!m_reading)
                return;
            m_reading = false;
            refresh();
        });
        connect(m_data, &ConsoleDataService::openFailed, this, [this](const StoreError& error) {
            if (m_reading)
                showFailed(error);
        });
    }
}

ReviewListDialog::~ReviewListDialog() = default;

void ReviewListDialog::refresh()
{
    if (m_reading || !m_data)
        return;
    m_reading = true;
    m_refresh->setEnabled(false);
    m_status->setText(tr("Reading…"));
    read();
}

void ReviewListDialog::showLoaded(const QString& status)
{
    m_reading = false;
    m_refresh->setEnabled(true);
    m_table->resizeColumnsToContents();
    m_status->setText(status);
    emit loaded(true);
}

void ReviewListDialog::showFailed(const StoreError& error)
{
    m_reading = false;
    m_refresh->setEnabled(true);
    m_status->setText(failedText(Logging::redact(error.message)));
    emit loaded(false);
}
