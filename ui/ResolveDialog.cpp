#include "ResolveDialog.h"

#include "CustomerMessageDialog.h"
#include "FoundRefundTable.h"
#include "LookupPanel.h"
#include "MessageBanner.h"
#include "OperationFormat.h"
#include "StatusPalette.h"

#include "Logging.h"
#include "console/ConsoleDataService.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <memory>

ResolveDialog::ResolveDialog(const ReviewerContext& context, ConsoleDataService* data,
                             const QString& operationId, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_data(data)
    , m_operationId(operationId)
{
    setObjectName(QStringLiteral("resolveDialog"));
    setWindowTitle(tr("Look up and resolve %1").arg(operationId));
    resize(1000, 640);

    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("resolveTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    m_facts = new QLabel(this);
    m_facts->setObjectName(QStringLiteral("resolveFacts"));
    m_facts->setWordWrap(true);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_facts);

    m_banner = new MessageBanner(this);
    m_banner->setObjectName(QStringLiteral("resolveBanner"));
    m_banner->setClosable(false);
    layout->addWidget(m_banner);

    auto* found = new QGroupBox(tr("At the provider (read-only)"), this);
    auto* foundLayout = new QVBoxLayout(found);
    m_lookup = new LookupPanel(m_context.provider, *m_context.clock, found);
    foundLayout->addWidget(m_lookup);
    layout->addWidget(found, 1);

    m_proposal = new QLabel(this);
    m_proposal->setObjectName(QStringLiteral("proposalLabel"));
    m_proposal->setWordWrap(true);
    layout->addWidget(m_proposal);

    auto* decide = new QGroupBox(tr("Resolution"), this);
    auto* decideLayout = new QVBoxLayout(decide);
    m_refunded = new QRadioButton(tr("Refunded — the selected refund is the evidence"), decide);
    m_refunded->setObjectName(QStringLiteral("resolveRefundedRadio"));
    m_refundedReason = new QLabel(decide);
    m_refundedReason->setObjectName(QStringLiteral("refundedReasonLabel"));
    m_refundedReason->setWordWrap(true);
    m_refundedReason->setContentsMargins(24, 0, 0, 4);
    m_failed = new QRadioButton(tr("Failed — no refund was made"), decide);
    m_failed->setObjectName(QStringLiteral("resolveFailedRadio"));
    m_failedReason = new QLabel(decide);
    m_failedReason->setObjectName(QStringLiteral("failedReasonLabel"));
    m_failedReason->setWordWrap(true);
    m_failedReason->setContentsMargins(24, 0, 0, 4);
    auto* group = new QButtonGroup(this);
    group->addButton(m_refunded);
    group->addButton(m_failed);
    decideLayout->addWidget(m_refunded);
    decideLayout->addWidget(m_refundedReason);
    decideLayout->addWidget(m_failed);
    decideLayout->addWidget(m_failedReason);
    auto* noteLabel = new QLabel(tr("Note (required) — what you checked and why:"), decide);
    m_note = new QPlainTextEdit(decide);
    m_note->setObjectName(QStringLiteral("resolveNoteEdit"));
    m_note->setPlaceholderText(tr("e.g. Found re_… with metadata.operation_id = this operation, status succeeded, "
                                  "amount and order match."));
    m_note->setMaximumHeight(70);
    noteLabel->setBuddy(m_note);
    decideLayout->addWidget(noteLabel);
    decideLayout->addWidget(m_note);
    auto* r18 = new QLabel(tr("There is no \"retry\" here on purpose: a new refund or a new key for an unknown "
                              "outcome can pay the customer twice."),
                           decide);
    r18->setObjectName(QStringLiteral("noRetryNote"));
    r18->setWordWrap(true);
    r18->setStyleSheet(QStringLiteral("color: #6b7280;"));
    decideLayout->addWidget(r18);
    layout->addWidget(decide);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_resolveButton = m_buttons->addButton(tr("Resolve"), QDialogButtonBox::AcceptRole);
    m_resolveButton->setObjectName(QStringLiteral("resolveButton"));
    // Default (emphasised), but Enter in the note is a newline, so it never fires by accident.
    m_resolveButton->setDefault(true);
    m_messageButton = m_buttons->addButton(tr("Customer message…"), QDialogButtonBox::ActionRole);
    m_messageButton->setObjectName(QStringLiteral("customerMessageButton"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Accept role would close the dialog; resolving keeps it open to show the outcome.
    disconnect(m_buttons, &QDialogButtonBox::accepted, this, nullptr);
    connect(m_resolveButton, &QPushButton::clicked, this, &ResolveDialog::resolve);
    if (m_data) {
        connect(m_data, &ConsoleDataService::opened, this, &ResolveDialog::onServiceReopened);
        // Closed and not opened again (the window reconnected and failed): the answer was
        // dropped and the row cannot be read now; say so instead of waiting forever.
        connect(m_data, &ConsoleDataService::openFailed, this, [this](const StoreError& error) {
            if (!m_resolving)
                return;
            ++m_resolveTicket;
            m_resolving = false;
            m_banner->showMessage(MessageBanner::Level::Error,
                                  tr("It is not known whether the resolution was saved: %1. Open the operation "
                                     "again to see its state.")
                                      .arg(Logging::redact(error.message)));
            updateChoices();
            emit resolveFinished(false);
        });
    }
    connect(m_messageButton, &QPushButton::clicked, this, [this] {
        // The draft follows the row as it is now: "checking" before, the outcome after resolving.
        auto* dialog = new CustomerMessageDialog(CustomerMessage::Facts::from(m_operation), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(m_lookup, &LookupPanel::lookupStarted, this, &ResolveDialog::updateChoices);
    connect(m_lookup, &LookupPanel::lookupFinished, this, &ResolveDialog::onLookupFinished);
    connect(m_lookup, &LookupPanel::currentRefundChanged, this, &ResolveDialog::updateChoices);
    connect(m_refunded, &QRadioButton::toggled, this, &ResolveDialog::updateChoices);
    connect(m_failed, &QRadioButton::toggled, this, &ResolveDialog::updateChoices);
    connect(m_note, &QPlainTextEdit::textChanged, this, &ResolveDialog::updateChoices);

    showOperation();
    updateChoices();
    m_banner->showMessage(MessageBanner::Level::Info, tr("Reading the operation…"));
    load([this](bool ok, const QString& error) { onFirstLoad(ok, error); });
}

ResolveDialog::~ResolveDialog() = default;

void ResolveDialog::onFirstLoad(bool ok, const QString& error)
{
    m_loaded = ok;
    showOperation();
    if (!m_loaded) {
        m_banner->showMessage(MessageBanner::Level::Error, error);
        updateChoices();
        emit loaded(false);
        return;
    }
    m_banner->clearMessage();
    if (m_operation.status != OperationStatus::Unknown) {
        m_banner->showMessage(MessageBanner::Level::Info,
                              tr("This operation is %1, not unknown: there is nothing to resolve. The lookup is shown "
                                 "for reference.")
                                  .arg(OperationFormat::statusTitle(m_operation.status).toLower()));
    }
    if (m_context.provider.apiKey.isEmpty()) {
        m_banner->showMessage(MessageBanner::Level::Warning,
                              tr("No provider read key is configured, so the operation cannot be looked up. Set "
                                 "PROVIDER_API_KEY or use File › Connect."));
        updateChoices();
        emit loaded(true);
        return;
    }
    m_lookup->start(OperationLookup::Target::from(m_operation, m_order));
    updateChoices();
    emit loaded(true);
}

void ResolveDialog::load(std::function<void(bool ok, const QString& error)> then)
{
    if (!m_data) {
        then(false, tr("The operation database cannot be opened: %1").arg(tr("not connected")));
        return;
    }
    m_data->submit(
        this,
        [id = m_operationId](Database&, OperationStore& store) -> StoreResult<Loaded> {
            auto op = store.operation(id);
            if (!op)
                return op.error();
            auto order = store.order(op.value().orderId);
            if (!order) {
                // Told apart from the operation's own error by its message's context below.
                StoreError e = order.error();
                e.field = QStringLiteral("order");
                return e;
            }
            return Loaded{op.value(), order.value()};
        },
        [this, then = std::move(then)](StoreResult<Loaded> r) {
            if (!r) {
                const StoreError& e = r.error();
                if (e.field == QLatin1String("order"))
                    return then(false, tr("The operation's order cannot be read: %1").arg(e.message));
                if (e.code == StoreError::Code::ConnectionFailed)
                    return then(
                        false,
                        tr("The operation database cannot be opened: %1").arg(Logging::redact(e.message)));
                return then(false, tr("The operation cannot be read: %1").arg(e.message));
            }
            m_operation = r.value().operation;
            m_order = r.value().order;
            then(true, QString());
        });
}

bool ResolveDialog::isOwnResolution(const Operation& op, const OperationStore::Resolution& resolution,
                                    const QString& actor)
{
    return op.status == resolution.status && op.resolutionNote == resolution.note &&
           (actor.isEmpty() || op.resolvedBy == actor);
}

StoreResult<Operation> ResolveDialog::resolveOnce(OperationStore& store, const QString& operationId,
                                                  const OperationStore::Resolution& resolution,
                                                  const QString& actor, bool retried)
{
    auto result = store.resolve(operationId, resolution);
    if (!result && retried && result.error().code == StoreError::Code::AlreadyResolved) {
        // The first run may have committed before the connection went: is the row ours?
        if (auto op = store.operation(operationId); op && isOwnResolution(op.value(), resolution, actor))
            return op.value();
    }
    return result;
}

void ResolveDialog::showOperation()
{
    if (!m_loaded) {
        m_title->setText(m_operationId);
        m_facts->clear();
        return;
    }
    const Operation& op = m_operation;
    m_title->setText(tr("%1 · order %2 · %3")
                         .arg(op.operationId, op.orderId, OperationFormat::money(op.amountCents, op.currency)));
    const qint64 now = m_context.clock->nowMs();
    QString key;
    if (!op.keyExpiresAt)
        key = tr("no attempt was ever sent");
    else if (now >= *op.keyExpiresAt)
        key = tr("key retention passed at %1").arg(OperationFormat::utcTime(*op.keyExpiresAt));
    else
        key = tr("key live for %1 more (until %2)")
                  .arg(OperationFormat::countdown(*op.keyExpiresAt, now), OperationFormat::utcTime(*op.keyExpiresAt));
    QStringList lines;
    lines << tr("<b>Status:</b> %1%2 &nbsp; <b>Attempts:</b> %3 &nbsp; <b>Payment:</b> %4")
                 .arg(OperationFormat::statusTitle(op.status).toHtmlEscaped(),
                      op.unknownReason.isEmpty()
                          ? QString()
                          : QStringLiteral(" (%1)").arg(OperationFormat::reasonTitle(op.unknownReason).toHtmlEscaped()))
                 .arg(op.attempts)
                 .arg(m_order.paymentIntent.toHtmlEscaped());
    lines << tr("<b>Created:</b> %1 &nbsp; <b>Idempotency key:</b> %2")
                 .arg(OperationFormat::utcTime(op.createdAt), key.toHtmlEscaped());
    if (op.isClosed())
        lines << tr("<b>Resolved:</b> %1 by %2 at %3%4")
                     .arg(OperationFormat::statusTitle(op.status).toHtmlEscaped(),
                          op.resolvedBy.isEmpty() ? tr("the refund tool") : op.resolvedBy.toHtmlEscaped(),
                          op.resolvedAt ? OperationFormat::utcTime(*op.resolvedAt) : tr("an unknown time"),
                          op.providerRefundId.isEmpty() ? QString()
                                                        : tr(" — evidence %1").arg(op.providerRefundId.toHtmlEscaped()));
    m_facts->setText(lines.join(QStringLiteral("<br>")));
}

const FoundRefund* ResolveDialog::selectedRefund() const
{
    return m_lookup->result().find(m_lookup->table()->currentRefundId());
}

void ResolveDialog::onLookupFinished()
{
    const LookupResult& r = m_lookup->result();
    const auto proposal = ResolutionPolicy::propose(m_operation, r, m_context.clock->nowMs());
    // The colour Check all gives the same proposal; Info blue where it has none (keep waiting).
    QColor proposalColor = StatusPalette::proposalColor(proposal.kind, palette());
    if (!proposalColor.isValid())
        proposalColor = StatusPalette::toneForeground(StatusPalette::Tone::Info, palette());
    const QString color = proposalColor.name();
    m_proposal->setText(tr("<b style=\"color:%1\">Proposal: %2.</b> %3")
                            .arg(color, ResolutionPolicy::kindTitle(proposal.kind).toHtmlEscaped(),
                                 proposal.reason.toHtmlEscaped()));
    if (proposal.kind == ResolutionPolicy::Proposal::Kind::Refunded) {
        m_lookup->table()->selectRefund(proposal.refundId);
        m_refunded->setChecked(true);
    } else if (proposal.kind == ResolutionPolicy::Proposal::Kind::Failed) {
        m_failed->setChecked(true);
    }
    updateChoices();
}

void ResolveDialog::updateChoices()
{
    const bool ready =
        m_loaded && !m_done && !m_resolving && !m_lookup->isRunning() && m_lookup->result().checkedAtMs > 0;
    const qint64 now = m_context.clock->nowMs();
    ResolutionPolicy::Permission asRefunded{false, tr("Select a refund found by the lookup.")};
    ResolutionPolicy::Permission asFailed{false, tr("Waiting for the lookup.")};
    if (!m_loaded) {
        asRefunded.reason = asFailed.reason = tr("The operation could not be read.");
    } else if (m_done) {
        asRefunded.reason = asFailed.reason = tr("Nothing more to do here.");
    } else if (ready) {
        if (const FoundRefund* refund = selectedRefund())
            asRefunded = ResolutionPolicy::canResolveAsRefunded(m_operation, m_lookup->result(), *refund);
        else if (m_lookup->result().refunds.isEmpty())
            asRefunded.reason = tr("No refund was found, so there is no evidence of a refund.");
        asFailed = ResolutionPolicy::canResolveAsFailed(m_operation, m_lookup->result(), now);
    } else if (m_lookup->isRunning()) {
        asRefunded.reason = asFailed.reason = tr("Waiting for the lookup.");
    }
    m_refunded->setEnabled(asRefunded.allowed);
    m_failed->setEnabled(asFailed.allowed);
    m_refundedReason->setText(asRefunded.allowed ? asRefunded.reason : tr("Not possible: %1").arg(asRefunded.reason));
    m_failedReason->setText(asFailed.allowed ? asFailed.reason : tr("Not possible: %1").arg(asFailed.reason));
    for (QLabel* label : {m_refundedReason, m_failedReason}) {
        const bool allowed = label == m_refundedReason ? asRefunded.allowed : asFailed.allowed;
        label->setStyleSheet(allowed ? QStringLiteral("color: #15803d;") : QStringLiteral("color: #6b7280;"));
    }
    // A disabled choice cannot stay chosen.
    if (!asRefunded.allowed && m_refunded->isChecked())
        m_refunded->setChecked(false);
    if (!asFailed.allowed && m_failed->isChecked())
        m_failed->setChecked(false);
    const bool chosen = (m_refunded->isChecked() && asRefunded.allowed) || (m_failed->isChecked() && asFailed.allowed);
    const bool noted = !m_note->toPlainText().trimmed().isEmpty();
    m_resolveButton->setEnabled(ready && chosen && noted);
    m_resolveButton->setToolTip(!chosen  ? tr("Choose refunded or failed.")
                                : !noted ? tr("Write a note: what you checked and why.")
                                         : QString());
    m_note->setEnabled(!m_done && !m_resolving && m_loaded);
}

void ResolveDialog::resolve()
{
    // The person's choice is a proposal confirmed: the same R16 recheck and resolution as a
    // batch from Check all (ResolutionPolicy::confirmedResolution).
    ResolutionPolicy::Proposal choice;
    if (m_refunded->isChecked()) {
        choice.kind = ResolutionPolicy::Proposal::Kind::Refunded;
        choice.refundId = m_lookup->table()->currentRefundId();
    } else if (m_failed->isChecked()) {
        choice.kind = ResolutionPolicy::Proposal::Kind::Failed;
    } else {
        return;
    }
    const auto resolution = ResolutionPolicy::confirmedResolution(m_operation, m_lookup->result(), choice, m_context.actor,
                                                                  m_context.role, m_note->toPlainText().trimmed(),
                                                                  m_context.clock->nowMs(), nullptr);
    if (!resolution || !m_data)
        return updateChoices();

    m_resolving = true;
    m_resolution = *resolution;
    const quint64 ticket = ++m_resolveTicket;
    updateChoices();
    // A compare-and-set: once more after a lost connection (resolveOnce() knows its own commit).
    m_data->submit(
        this,
        [id = m_operationId, resolution = *resolution, actor = m_context.actor,
         runs = std::make_shared<int>(0)](Database&, OperationStore& store) -> StoreResult<Operation> {
            return resolveOnce(store, id, resolution, actor, (*runs)++ > 0);
        },
        [this, ticket, resolution = *resolution](StoreResult<Operation> result) {
            if (ticket == m_resolveTicket)
                onResolved(result, resolution);
        },
        ConsoleDataService::Retry::OnceAfterReconnect);
}

void ResolveDialog::onServiceReopened()
{
    // The service dropped every answer of its previous connection, perhaps this resolution's
    // (committed or not): the row as it is now decides, as after a lost answer.
    if (!m_resolving)
        return;
    ++m_resolveTicket; // an answer still to come is not awaited any more
    onResolved(StoreError::make(StoreError::Code::ConnectionFailed, tr("the connection was replaced")),
               m_resolution);
}

void ResolveDialog::onResolved(const StoreResult<Operation>& result,
                               const OperationStore::Resolution& resolution)
{
    if (!result && result.error().code == StoreError::Code::ConnectionFailed) {
        // No answer even after a reconnect: the row as it is now says whether it was resolved.
        load([this, result, resolution](bool ok, const QString&) {
            if (ok && isOwnResolution(m_operation, resolution, m_context.actor))
                return onResolved(m_operation, resolution);
            m_resolving = false;
            showOperation();
            if (ok)
                m_banner->showMessage(
                    MessageBanner::Level::Error,
                    tr("The resolution was not saved: %1").arg(Logging::redact(result.error().message)));
            else // neither the answer nor the row could be read: say so, not "not saved"
                m_banner->showMessage(
                    MessageBanner::Level::Error,
                    tr("It is not known whether the resolution was saved: %1. Open the operation "
                       "again to see its state.")
                        .arg(Logging::redact(result.error().message)));
            updateChoices();
            emit resolveFinished(false);
        });
        return;
    }
    m_done = true; // either way, this dialog has nothing more to write
    if (result) {
        m_operation = result.value();
        m_banner->showMessage(MessageBanner::Level::Info,
                              tr("Resolved as %1. The audit log holds your note and the evidence. Next: send the "
                                 "customer the message (Customer message…).")
                                  .arg(OperationFormat::statusTitle(result.value().status).toLower()));
        Logging::info(QStringLiteral("console: %1 resolved %2 as %3")
                          .arg(m_context.actor, m_operationId, statusName(result.value().status)));
    } else if (result.error().code == StoreError::Code::AlreadyResolved) {
        m_banner->showMessage(MessageBanner::Level::Warning,
                              tr("Another reviewer was first: %1. Your resolution was not saved.")
                                  .arg(result.error().message));
    } else {
        m_done = result.error().code == StoreError::Code::NotAllowed;
        m_banner->showMessage(MessageBanner::Level::Error,
                              tr("The resolution was not saved: %1").arg(result.error().message));
    }
    // Show the row as it is now, whoever closed it; the banner above stays.
    const bool ok = result.ok();
    load([this, ok](bool, const QString&) {
        m_resolving = false;
        showOperation();
        updateChoices();
        if (ok)
            emit resolved(m_operationId);
        emit resolveFinished(ok);
    });
}
