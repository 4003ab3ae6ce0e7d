#include "LookupPanel.h"

#include "FoundRefundTable.h"
#include "MessageBanner.h"
#include "OperationFormat.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

LookupPanel::LookupPanel(ProviderConfig provider, const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_provider(std::move(provider))
    , m_clock(clock)
{
    setObjectName(QStringLiteral("lookupPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto* bar = new QHBoxLayout;
    m_status = new QLabel(tr("Not looked up yet."), this);
    m_status->setObjectName(QStringLiteral("lookupStatus"));
    m_status->setWordWrap(true);
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("lookupBusy"));
    m_busy->setRange(0, 0); // indeterminate: the number of pages is not known in advance
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_cancel = new QPushButton(tr("Cancel lookup"), this);
    m_cancel->setObjectName(QStringLiteral("lookupCancelButton"));
    m_cancel->hide();
    m_again = new QPushButton(tr("Look up again"), this);
    m_again->setObjectName(QStringLiteral("lookupAgainButton"));
    m_again->setEnabled(false);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_busy);
    bar->addWidget(m_cancel);
    bar->addWidget(m_again);
    layout->addLayout(bar);

    m_error = new MessageBanner(this);
    m_error->setObjectName(QStringLiteral("lookupError"));
    m_error->setClosable(false);
    layout->addWidget(m_error);

    m_table = new FoundRefundTable(this);
    layout->addWidget(m_table, 1);

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("lookupNotes"));
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: #6b7280;"));
    m_notes->hide();
    layout->addWidget(m_notes);

    connect(m_cancel, &QPushButton::clicked, this, &LookupPanel::cancel);
    connect(m_again, &QPushButton::clicked, this, [this] { start(m_target); });
    connect(&m_watcher, &QFutureWatcher<LookupResult>::finished, this, &LookupPanel::onFinished);
    connect(m_table, &QTableWidget::currentCellChanged, this,
            [this] { emit currentRefundChanged(m_table->currentRefundId()); });
}

LookupPanel::~LookupPanel()
{
    if (m_lookup)
        m_lookup->cancel();
    m_watcher.waitForFinished();
}

bool LookupPanel::isRunning() const
{
    return m_watcher.isRunning();
}

void LookupPanel::cancel()
{
    if (m_lookup)
        m_lookup->cancel();
    m_status->setText(tr("Canceling…"));
}

void LookupPanel::start(const OperationLookup::Target& target)
{
    if (isRunning()) {
        m_lookup->cancel();
        m_watcher.waitForFinished();
    }
    m_target = target;
    m_lookup = std::make_shared<OperationLookup>(m_provider, m_clock);
    // The step callback runs in the worker; the panel outlives every run (destructor waits).
    QPointer<QLabel> status = m_status;
    m_lookup->setProgress([status](const QString& step) {
        QMetaObject::invokeMethod(
            status.data(),
            [status, step] {
                if (status)
                    status->setText(step);
            },
            Qt::QueuedConnection);
    });
    m_error->clearMessage();
    m_notes->hide();
    m_status->setText(tr("Looking up %1 at the provider…").arg(target.operationId));
    m_busy->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_again->setEnabled(false);
    emit lookupStarted();
    const std::shared_ptr<OperationLookup> lookup = m_lookup;
    m_watcher.setFuture(QtConcurrent::run([lookup, target] { return lookup->run(target); }));
}

void LookupPanel::onFinished()
{
    m_result = m_watcher.result();
    m_busy->hide();
    m_cancel->hide();
    m_again->setEnabled(true);
    showResult();
    emit lookupFinished();
    emit currentRefundChanged(m_table->currentRefundId());
}

void LookupPanel::showResult()
{
    const LookupResult& r = m_result;
    m_table->setRefunds(r.refunds);
    const QString when = OperationFormat::utcTime(r.checkedAtMs);
    if (r.ok()) {
        m_status->setText(r.refunds.isEmpty()
                              ? tr("No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 "
                                   "refund event(s) at %3.")
                                    .arg(r.listedRefunds)
                                    .arg(r.eventsInspected)
                                    .arg(when)
                              : tr("%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 "
                                   "refund event(s) at %3.",
                                   nullptr, int(r.refunds.size()))
                                    .arg(r.listedRefunds)
                                    .arg(r.eventsInspected)
                                    .arg(when));
    } else if (r.canceled()) {
        m_status->setText(tr("Lookup canceled. What is shown is incomplete and proves nothing."));
        m_error->showMessage(MessageBanner::Level::Warning, r.advice());
    } else {
        m_status->setText(tr("Lookup incomplete: reading %1 failed.").arg(r.failedRead));
        m_error->showMessage(MessageBanner::Level::Error,
                             tr("%1 — %2").arg(r.failureText, r.advice()));
    }
    if (!r.notes.isEmpty()) {
        m_notes->setText(r.notes.join(QLatin1Char('\n')));
        m_notes->show();
    }
}
