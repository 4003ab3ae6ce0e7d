#include "CheckUnknownDialog.h"

#include "OperationFormat.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

CheckUnknownDialog::CheckUnknownDialog(const ReviewerContext& context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_sweep(new UnknownSweep(context.databaseUrl, context.provider, *context.clock, this))
{
    setObjectName(QStringLiteral("checkUnknownDialog"));
    setWindowTitle(tr("Check all unknown operations"));
    resize(1100, 620);

    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Looks every unknown operation up at the provider (read-only) and proposes a "
                                "resolution. Nothing is resolved until you tick rows, write a note and press "
                                "\"Resolve selected\"."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* bar = new QHBoxLayout;
    m_summary = new QLabel(tr("Not started."), this);
    m_summary->setObjectName(QStringLiteral("sweepSummary"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("sweepProgress"));
    m_progress->setFormat(tr("%v of %m"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_start = new QPushButton(tr("Start"), this);
    m_start->setObjectName(QStringLiteral("sweepStartButton"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("sweepCancelButton"));
    m_cancel->setEnabled(false);
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_start);
    bar->addWidget(m_cancel);
    layout->addLayout(bar);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setHorizontalHeaderLabels(
        {QString(), tr("Operation"), tr("Order"), tr("Amount"), tr("Proposal"), tr("Why"), tr("Result")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Why, QHeaderView::Stretch);
    m_table->setWordWrap(true);
    layout->addWidget(m_table, 1);

    auto* confirm = new QHBoxLayout;
    auto* noteLabel = new QLabel(tr("&Note:"), this);
    m_note = new QLineEdit(this);
    noteLabel->setBuddy(m_note);
    confirm->addWidget(noteLabel);
    m_note->setObjectName(QStringLiteral("sweepNoteEdit"));
    m_note->setPlaceholderText(tr("Note for the audit log (required), e.g. Checked with Check all unknown; "
                                  "evidence attached per row."));
    m_selectAll = new QPushButton(tr("Select all proposals"), this);
    m_selectAll->setObjectName(QStringLiteral("sweepSelectAllButton"));
    m_resolve = new QPushButton(tr("Resolve selected"), this);
    m_resolve->setObjectName(QStringLiteral("sweepResolveButton"));
    confirm->addWidget(m_note, 1);
    confirm->addWidget(m_selectAll);
    confirm->addWidget(m_resolve);
    layout->addLayout(confirm);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_start, &QPushButton::clicked, this, &CheckUnknownDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_sweep->cancel();
        m_summary->setText(tr("Canceling…"));
    });
    connect(m_selectAll, &QPushButton::clicked, this, &CheckUnknownDialog::selectAllProposals);
    connect(m_resolve, &QPushButton::clicked, this, &CheckUnknownDialog::resolveSelected);
    connect(m_note, &QLineEdit::textChanged, this, &CheckUnknownDialog::updateButtons);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == Pick)
            updateButtons();
    });
    connect(m_sweep, &UnknownSweep::started, this, &CheckUnknownDialog::onStarted);
    connect(m_sweep, &UnknownSweep::itemFinished, this, &CheckUnknownDialog::onItemFinished);
    connect(m_sweep, &UnknownSweep::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    });
    connect(m_sweep, &UnknownSweep::finished, this, &CheckUnknownDialog::onFinished);
    updateButtons();
}

CheckUnknownDialog::~CheckUnknownDialog() = default;

void CheckUnknownDialog::start()
{
    if (m_sweep->isRunning())
        return;
    m_table->setRowCount(0);
    m_summary->setText(tr("Reading the unknown operations…"));
    m_start->setEnabled(false);
    m_cancel->setEnabled(true);
    m_sweep->start();
    updateButtons();
}

void CheckUnknownDialog::onStarted(int total)
{
    m_table->setRowCount(total);
    const auto& items = m_sweep->items();
    for (int row = 0; row < total; ++row) {
        auto* pick = new QTableWidgetItem;
        pick->setFlags(Qt::ItemIsEnabled); // no checkbox until there is a proposal
        m_table->setItem(row, Pick, pick);
        m_table->setItem(row, OperationCol, new QTableWidgetItem(items.at(row).operation.operationId));
        for (int col = Order; col < ColumnCount; ++col)
            m_table->setItem(row, col, new QTableWidgetItem(col == Proposal ? tr("waiting…") : QString()));
    }
    m_summary->setText(total == 0 ? tr("There are no unknown operations.")
                                  : tr("Looking up %n unknown operation(s), %1 at a time…", nullptr, total)
                                        .arg(m_sweep->concurrency()));
}

void CheckUnknownDialog::onItemFinished(int row)
{
    const UnknownSweep::Item& item = m_sweep->items().at(row);
    const Operation& op = item.operation;
    const auto blocker = QSignalBlocker(m_table);
    m_table->item(row, Order)->setText(op.orderId);
    m_table->item(row, Amount)->setText(op.amountCents > 0 ? OperationFormat::money(op.amountCents, op.currency)
                                                           : QString());
    if (!item.error.isEmpty()) {
        m_table->item(row, Proposal)->setText(tr("Not looked up"));
        m_table->item(row, Why)->setText(item.error);
        return;
    }
    QString proposal = ResolutionPolicy::kindTitle(item.proposal.kind);
    if (item.proposal.kind == ResolutionPolicy::Proposal::Kind::Refunded)
        proposal += QStringLiteral(" (%1)").arg(item.proposal.refundId);
    m_table->item(row, Proposal)->setText(proposal);
    QString why = item.proposal.reason;
    if (!item.lookup.ok() && !item.lookup.advice().isEmpty())
        why += QLatin1Char(' ') + item.lookup.advice();
    m_table->item(row, Why)->setText(why);
    m_table->item(row, Why)->setToolTip(why);
    QColor color;
    switch (item.proposal.kind) {
    case ResolutionPolicy::Proposal::Kind::Refunded:
        color = QColor(0x15, 0x80, 0x3d);
        break;
    case ResolutionPolicy::Proposal::Kind::Failed:
        color = QColor(0xb9, 0x1c, 0x1c);
        break;
    case ResolutionPolicy::Proposal::Kind::NeedsPerson:
    case ResolutionPolicy::Proposal::Kind::Incomplete:
        color = QColor(0xb4, 0x53, 0x09);
        break;
    default:
        break;
    }
    if (color.isValid())
        m_table->item(row, Proposal)->setForeground(color);
    m_table->resizeRowToContents(row);
    if (item.proposal.proposesResolution()) {
        QTableWidgetItem* pick = m_table->item(row, Pick);
        pick->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        pick->setCheckState(Qt::Unchecked);
        pick->setToolTip(tr("Tick to resolve this operation as proposed."));
    }
    updateButtons();
}

void CheckUnknownDialog::onFinished(bool canceled, const QString& failure)
{
    m_start->setEnabled(true);
    m_start->setText(tr("Check again"));
    m_cancel->setEnabled(false);
    int proposals = 0;
    for (const UnknownSweep::Item& item : m_sweep->items())
        proposals += item.proposal.proposesResolution() ? 1 : 0;
    if (!failure.isEmpty())
        m_summary->setText(tr("Could not start: %1").arg(failure));
    else if (canceled)
        m_summary->setText(tr("Canceled after %1 of %2. Rows not looked up propose nothing.")
                               .arg(m_sweep->done())
                               .arg(m_sweep->total()));
    else
        m_summary->setText(tr("Done: %1 looked up, %n with a proposal.", nullptr, proposals).arg(m_sweep->total()));
    updateButtons();
}

int CheckUnknownDialog::selectAllProposals()
{
    int ticked = 0;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem* pick = m_table->item(row, Pick);
        if (pick && (pick->flags() & Qt::ItemIsUserCheckable)) {
            pick->setCheckState(Qt::Checked);
            ++ticked;
        }
    }
    updateButtons();
    return ticked;
}

void CheckUnknownDialog::setResult(int row, const QString& text, const QColor& color)
{
    QTableWidgetItem* item = m_table->item(row, Result);
    item->setText(text);
    item->setToolTip(text);
    item->setForeground(color);
    m_table->resizeRowToContents(row);
}

int CheckUnknownDialog::resolveSelected()
{
    const QString note = m_note->text().trimmed();
    if (note.isEmpty())
        return 0;
    if (!m_store) {
        auto db = Database::open(m_context.databaseUrl);
        if (!db) {
            m_summary->setText(tr("The operation database cannot be opened: %1").arg(db.error().message));
            return 0;
        }
        m_db = std::move(db).value();
        m_store = std::make_unique<OperationStore>(*m_db, *m_context.clock);
    }
    QStringList resolvedIds;
    const qint64 now = m_context.clock->nowMs();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem* pick = m_table->item(row, Pick);
        if (!pick || !(pick->flags() & Qt::ItemIsUserCheckable) || pick->checkState() != Qt::Checked)
            continue;
        const UnknownSweep::Item& item = m_sweep->items().at(row);
        OperationStore::Resolution resolution;
        if (item.proposal.kind == ResolutionPolicy::Proposal::Kind::Refunded) {
            const FoundRefund* refund = item.lookup.find(item.proposal.refundId);
            const auto permission = refund ? ResolutionPolicy::canResolveAsRefunded(item.operation, item.lookup, *refund)
                                           : ResolutionPolicy::Permission{false, tr("the refund is gone")};
            if (!permission.allowed) {
                setResult(row, tr("Not resolved: %1").arg(permission.reason), QColor(0xb9, 0x1c, 0x1c));
                continue;
            }
            resolution = ResolutionPolicy::refundedResolution(*refund, item.lookup, m_context.actor, m_context.role, note);
        } else {
            // The key may have been live when proposed, but retention only moves forward: recheck now.
            const auto permission = ResolutionPolicy::canResolveAsFailed(item.operation, item.lookup, now);
            if (!permission.allowed) {
                setResult(row, tr("Not resolved: %1").arg(permission.reason), QColor(0xb9, 0x1c, 0x1c));
                continue;
            }
            resolution = ResolutionPolicy::failedResolution(item.lookup, m_context.actor, m_context.role, note);
        }
        auto result = m_store->resolve(item.operation.operationId, resolution);
        pick->setCheckState(Qt::Unchecked);
        pick->setFlags(Qt::ItemIsEnabled);
        if (result) {
            setResult(row, tr("Resolved as %1").arg(OperationFormat::statusTitle(result.value().status).toLower()),
                      QColor(0x15, 0x80, 0x3d));
            resolvedIds << item.operation.operationId;
        } else if (result.error().code == StoreError::Code::AlreadyResolved) {
            setResult(row, result.error().message, QColor(0xb4, 0x53, 0x09));
        } else {
            setResult(row, tr("Not resolved: %1").arg(result.error().message), QColor(0xb9, 0x1c, 0x1c));
        }
    }
    if (!resolvedIds.isEmpty())
        emit operationsResolved(resolvedIds);
    updateButtons();
    return int(resolvedIds.size());
}

void CheckUnknownDialog::updateButtons()
{
    int checked = 0, checkable = 0;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem* pick = m_table->item(row, Pick);
        if (pick && (pick->flags() & Qt::ItemIsUserCheckable)) {
            ++checkable;
            checked += pick->checkState() == Qt::Checked ? 1 : 0;
        }
    }
    m_selectAll->setEnabled(checkable > 0);
    const bool noted = !m_note->text().trimmed().isEmpty();
    m_resolve->setEnabled(checked > 0 && noted);
    m_resolve->setText(checked > 0 ? tr("Resolve selected (%1)").arg(checked) : tr("Resolve selected"));
    m_resolve->setToolTip(checked == 0 ? tr("Tick the rows to resolve.")
                          : !noted     ? tr("Write a note for the audit log.")
                                       : QString());
}
