#include "CheckUnknownDialog.h"

#include "OperationFormat.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

CheckUnknownDialog::CheckUnknownDialog(const ReviewerContext& context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_sweep(new UnknownSweep(context.databaseUrl, context.provider, *context.clock, this))
    , m_resolver(new SweepResolver(context.databaseUrl, *context.clock, this))
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
    m_eta = new QLabel(this);
    m_eta->setObjectName(QStringLiteral("sweepEta"));
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_eta);
    bar->addWidget(m_start);
    bar->addWidget(m_cancel);
    layout->addLayout(bar);

    m_model = new SweepProposalModel(m_sweep, this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);   // the whole text is in the tooltip
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    // Fixed row heights and column widths: a view that measures contents walks every row
    // on each change, which froze this list at 15,000 rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(Column::Why, QHeaderView::Stretch);
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    header->resizeSection(Column::Pick, 3 * em);
    // An operation id is "op_" and 32 hex digits: the whole id fits, it is what people copy.
    header->resizeSection(Column::OperationCol,
                          fontMetrics().horizontalAdvance(QStringLiteral("op_") + QString(32, QLatin1Char('0'))) + 2 * em);
    header->resizeSection(Column::Order, 8 * em);
    header->resizeSection(Column::Amount, 7 * em);
    header->resizeSection(Column::Proposal, 18 * em);
    header->resizeSection(Column::Result, 14 * em);
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
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_start, &QPushButton::clicked, this, &CheckUnknownDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_sweep->cancel();
        m_resolver->cancel();
        m_summary->setText(tr("Canceling…"));
    });
    connect(m_selectAll, &QPushButton::clicked, this, &CheckUnknownDialog::selectAllProposals);
    connect(m_resolve, &QPushButton::clicked, this, &CheckUnknownDialog::resolveSelected);
    connect(m_note, &QLineEdit::textChanged, this, &CheckUnknownDialog::updateButtons);
    connect(m_model, &SweepProposalModel::checksChanged, this, &CheckUnknownDialog::updateButtons);
    connect(m_sweep, &UnknownSweep::started, this, &CheckUnknownDialog::onStarted);
    connect(m_sweep, &UnknownSweep::itemFinished, m_model, &SweepProposalModel::itemFinished);
    connect(m_sweep, &UnknownSweep::progress, this, &CheckUnknownDialog::onProgress);
    connect(m_sweep, &UnknownSweep::finished, this, &CheckUnknownDialog::onFinished);
    connect(m_resolver, &SweepResolver::outcomes, this, [this](const QList<SweepResolver::Outcome>& batch) {
        m_model->applyOutcomes(batch);
        for (const SweepResolver::Outcome& o : batch) {
            if (o.kind == SweepResolver::Outcome::Kind::Resolved && o.row >= 0 && o.row < m_sweep->items().size())
                m_resolvedIds << m_sweep->items().at(o.row).operation.operationId;
        }
    });
    connect(m_resolver, &SweepResolver::progress, this, &CheckUnknownDialog::showResolveProgress);
    connect(m_resolver, &SweepResolver::finished, this, &CheckUnknownDialog::onResolverFinished);
    updateButtons();
}

CheckUnknownDialog::~CheckUnknownDialog() = default;

void CheckUnknownDialog::done(int result)
{
    // Deleting the dialog now would wait for the threads on the GUI thread: stop the sweep,
    // let a resolve the person confirmed finish (its rows reach the views), and close for good
    // when both are idle.
    if (m_sweep->isRunning() || m_resolver->isRunning()) {
        m_sweep->cancel();
        m_closeWhenIdle = true;
        m_closeResult = result;
        hide();
        return;
    }
    QDialog::done(result);
}

void CheckUnknownDialog::closeIfIdle()
{
    if (m_closeWhenIdle && !m_sweep->isRunning() && !m_resolver->isRunning())
        QDialog::done(m_closeResult);
}

void CheckUnknownDialog::start()
{
    if (m_sweep->isRunning() || m_resolver->isRunning())
        return;
    m_model->reset(0);
    m_summary->setText(tr("Reading the unknown operations…"));
    m_eta->clear();
    m_start->setEnabled(false);
    m_cancel->setEnabled(true);
    m_sweep->start();
    updateButtons();
}

void CheckUnknownDialog::onStarted(int total)
{
    m_model->reset(total);
    m_sweepClock.start();
    m_lastProgressPaintMs = -1000;
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(0);
    m_summary->setText(total == 0 ? tr("There are no unknown operations.")
                                  : tr("Looking up %n unknown operation(s), %1 at a time…", nullptr, total)
                                        .arg(m_sweep->concurrency()));
}

void CheckUnknownDialog::onProgress(int done, int total)
{
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(done);
    // The rate and time left from what finished so far, repainted at most 4 times a second.
    const qint64 elapsed = m_sweepClock.isValid() ? m_sweepClock.elapsed() : 0;
    if (done < total && elapsed - m_lastProgressPaintMs < 250)
        return;
    m_lastProgressPaintMs = elapsed;
    if (done == 0 || elapsed < 1000 || done >= total) {
        m_eta->clear();
        return;
    }
    const double perSecond = done * 1000.0 / double(elapsed);
    const qint64 leftMs = qint64(double(elapsed) * double(total - done) / double(done));
    const QString left = leftMs < 60000 ? tr("%n s", nullptr, int(qMax<qint64>(1, leftMs / 1000)))
                                        : ResolutionPolicy::durationText(leftMs);
    m_eta->setText(tr("%1/s · about %2 left").arg(QLocale().toString(perSecond, 'f', perSecond < 10 ? 1 : 0), left));
}

void CheckUnknownDialog::onFinished(bool canceled, const QString& failure)
{
    m_start->setText(tr("Check again"));
    m_cancel->setEnabled(m_resolver->isRunning());
    m_eta->clear();
    const int proposals = m_model->checkableCount();
    if (!failure.isEmpty())
        m_summary->setText(tr("Could not start: %1").arg(failure));
    else if (canceled)
        m_summary->setText(tr("Canceled after %1 of %2. Rows not looked up propose nothing.")
                               .arg(m_sweep->done())
                               .arg(m_sweep->total()));
    else
        m_summary->setText(tr("Done: %1 looked up, %n with a proposal.", nullptr, proposals).arg(m_sweep->total()));
    updateButtons();
    closeIfIdle();
}

int CheckUnknownDialog::selectAllProposals()
{
    return m_model->checkAll();
}

int CheckUnknownDialog::resolveSelected()
{
    const QString note = m_note->text().trimmed();
    if (note.isEmpty() || m_resolver->isRunning())
        return 0;
    const QList<SweepResolver::Job> jobs = m_model->checkedJobs();
    if (jobs.isEmpty())
        return 0;
    m_resolvedIds.clear();
    if (m_sweep->isRunning() || !m_resolver->start(jobs, m_context.actor, m_context.role, note))
        return 0;
    m_model->setLocked(true);   // the rows handed over are written as ticked now
    showResolveProgress(0, int(jobs.size()));
    m_cancel->setEnabled(true);
    updateButtons();
    return int(jobs.size());
}

void CheckUnknownDialog::showResolveProgress(int done, int total)
{
    m_progress->setRange(0, qMax(total, 1));
    m_progress->setValue(done);
    m_summary->setText(tr("Resolving: %1 of %2 done…").arg(QLocale().toString(done), QLocale().toString(total)));
}

void CheckUnknownDialog::onResolverFinished(bool canceled, const QString& failure)
{
    m_cancel->setEnabled(m_sweep->isRunning());
    m_model->setLocked(false);
    if (!failure.isEmpty())
        m_summary->setText(tr("The operation database cannot be opened: %1").arg(failure));
    else if (canceled)
        m_summary->setText(tr("Resolving canceled: %1 of %2 written.")
                               .arg(QLocale().toString(m_resolver->resolvedCount()), QLocale().toString(m_resolver->total())));
    else
        m_summary->setText(tr("Resolved %1 of %2 selected.")
                               .arg(QLocale().toString(m_resolver->resolvedCount()), QLocale().toString(m_resolver->total())));
    if (!m_resolvedIds.isEmpty())
        emit operationsResolved(std::exchange(m_resolvedIds, {}));
    updateButtons();
    closeIfIdle();
}

void CheckUnknownDialog::updateButtons()
{
    // One job at a time, so Cancel always means the one running: resolving waits for the
    // sweep to finish (or be canceled), and a new sweep for the resolve.
    const int checked = m_model->checkedCount();
    const bool busy = m_resolver->isRunning() || m_sweep->isRunning();
    m_selectAll->setEnabled(m_model->checkableCount() > 0 && !busy);
    m_start->setEnabled(!busy);
    const bool noted = !m_note->text().trimmed().isEmpty();
    m_resolve->setEnabled(checked > 0 && noted && !busy);
    m_resolve->setText(checked > 0 ? tr("Resolve selected (%1)").arg(QLocale().toString(checked)) : tr("Resolve selected"));
    m_resolve->setToolTip(checked == 0 ? tr("Tick the rows to resolve.")
                          : !noted     ? tr("Write a note for the audit log.")
                                       : QString());
}
