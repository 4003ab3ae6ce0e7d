#include "DetailPanel.h"

#include "ElidedLabel.h"
#include "Logging.h"
#include "MessageBanner.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QRegularExpression>
#include <QClipboard>
#include <QDateTime>
#include <QGuiApplication>
#include <QGridLayout>
#include <QTimeZone>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

QTableWidget* makeTable(const QString& objectName, const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectItems);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 10);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return table;
}

QTableWidgetItem* item(const QString& text, const QString& toolTip = {})
{
    auto* it = new QTableWidgetItem(text);
    if (!toolTip.isEmpty())
        it->setToolTip(toolTip);
    return it;
}

// The timeline's columns say "UTC" and "Local" in their headers, so cells stay short enough
// for the whole row to fit: the local column repeats the date only when it differs.
QString utcCell(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString localCell(qint64 ms)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::systemTimeZone());
    const QDateTime utc = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
    const QString format = local.date() == utc.date() ? QStringLiteral("HH:mm:ss ") : QStringLiteral("MM-dd HH:mm:ss ");
    return local.toString(format) + local.timeZoneAbbreviation();
}

QString orDash(const QString& text)
{
    return text.isEmpty() ? QStringLiteral("—") : text;
}

QString timeText(std::optional<qint64> ms)
{
    return ms ? OperationFormat::utcTime(*ms) : QStringLiteral("—");
}

QString timeTip(std::optional<qint64> ms)
{
    return ms ? OperationFormat::localTime(*ms) : QString();
}

} // namespace

DetailPanel::DetailPanel(const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_clock(clock)
{
    setObjectName(QStringLiteral("detailPanel"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack);

    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("detailPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setStyleSheet(QStringLiteral("color: #6b7280;"));
    m_stack->addWidget(m_placeholder);

    auto* page = new QWidget(this);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(8, 6, 8, 4);
    pageLayout->setSpacing(6);

    auto* header = new QHBoxLayout;
    m_title = new ElidedLabel(page);
    m_title->setObjectName(QStringLiteral("detailOperationId"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // At 1024 px the id is elided in the middle (its tooltip and "Copy operation id" keep it
    // whole) rather than cut under the status badge or widening the window past the screen.
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_statusBadge = new QLabel(page);
    m_statusBadge->setObjectName(QStringLiteral("detailStatus"));
    m_summary = new QLabel(page);
    m_summary->setObjectName(QStringLiteral("detailSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header->addWidget(m_title);
    header->addWidget(m_statusBadge);
    header->addSpacing(12);
    header->addWidget(m_summary, 1);
    // R18: there is deliberately no "retry" or "send again" here: a new key on an unknown
    // outcome can pay twice. A person looks the refund up and resolves it instead.
    m_resolveButton = new QPushButton(tr("Look up && resolve…"), page);
    m_resolveButton->setObjectName(QStringLiteral("lookupResolveButton"));
    connect(m_resolveButton, &QPushButton::clicked, this, [this] { emit resolveRequested(m_operation.operationId); });
    m_messageButton = new QPushButton(tr("Customer message…"), page);
    m_messageButton->setObjectName(QStringLiteral("customerMessageButton"));
    m_messageButton->setToolTip(tr("Draft the honest message for the customer (Ctrl+M)"));
    connect(m_messageButton, &QPushButton::clicked, this,
            [this] { emit customerMessageRequested(m_operation.operationId); });
    header->addWidget(m_resolveButton);
    header->addWidget(m_messageButton);
    pageLayout->addLayout(header);
    // Money paid twice (R5a, R24) is said before any field: it is what everyone who opens the
    // operation must act on, whatever its own status reads.
    m_paidTwice = new MessageBanner(page);
    m_paidTwice->setObjectName(QStringLiteral("detailPaidTwice"));
    m_paidTwice->setClosable(false);
    pageLayout->addWidget(m_paidTwice);

    auto* split = new QSplitter(Qt::Horizontal, page);
    split->setObjectName(QStringLiteral("detailSplitter"));
    split->setChildrenCollapsible(false);

    auto* fieldsScroll = new QScrollArea(split);
    fieldsScroll->setObjectName(QStringLiteral("detailFieldsScroll"));
    fieldsScroll->setWidgetResizable(true);
    fieldsScroll->setFrameShape(QFrame::NoFrame);
    auto* fields = new QWidget(fieldsScroll);
    // A grid, not a QFormLayout: Qt 6.4's QFormLayout writes past its height-for-width
    // buffer when rows with word-wrapped labels are hidden (valgrind: invalid writes in
    // QFormLayout::heightForWidth, then a crash when the window is destroyed).
    m_form = new QGridLayout(fields);
    m_form->setContentsMargins(0, 0, 8, 0);
    m_form->setVerticalSpacing(3);
    m_form->setColumnStretch(1, 1);
    buildFields();
    fieldsScroll->setWidget(fields);

    m_tabs = new QTabWidget(split);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_tabs->setDocumentMode(true);
    m_attempts = makeTable(QStringLiteral("detailAttempts"),
                           {tr("#"), tr("Started (UTC)"), tr("Local"), tr("Outcome"), tr("HTTP"),
                            tr("Provider request"), tr("Replayed"), tr("Tool call"), tr("Took")},
                           m_tabs);
    m_toolCalls = makeTable(QStringLiteral("detailToolCalls"),
                            {tr("Tool call"), tr("Started (UTC)"), tr("Mapped to the operation"), tr("Returned"),
                             tr("Reason")},
                            m_tabs);
    m_audit = makeTable(QStringLiteral("detailAudit"),
                        {tr("When (UTC)"), tr("Actor"), tr("Role"), tr("Action"), tr("Details")}, m_tabs);
    m_tabs->addTab(m_attempts, tr("Attempts"));
    m_tabs->addTab(m_toolCalls, tr("Tool calls"));
    m_tabs->addTab(m_audit, tr("Audit log"));

    split->addWidget(fieldsScroll);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({450, 550}); // the facts get almost half: at 1024 px they are what support reads
    pageLayout->addWidget(split, 1);
    m_stack->addWidget(page);

    clear();
}

void DetailPanel::buildFields()
{
    const QList<QPair<QString, QString>> rows = {
        {QStringLiteral("order"), tr("Order")},
        {QStringLiteral("amount"), tr("Amount")},
        {QStringLiteral("key"), tr("Idempotency key")},
        {QStringLiteral("attempts"), tr("Attempts")},
        {QStringLiteral("keyExpires"), tr("Key expires")},
        {QStringLiteral("created"), tr("Created")},
        {QStringLiteral("firstAttempt"), tr("First attempt")},
        {QStringLiteral("lastAttempt"), tr("Last attempt")},
        {QStringLiteral("reason"), tr("Why unknown")},
        {QStringLiteral("refund"), tr("Provider refund")},
        {QStringLiteral("providerStatus"), tr("Provider status")},
        {QStringLiteral("failure"), tr("Failure code")},
        {QStringLiteral("closed"), tr("Closed")},
        {QStringLiteral("resolved"), tr("Resolved by")},
        {QStringLiteral("note"), tr("Resolution note")},
        {QStringLiteral("autoResolved"), tr("Auto-resolved")},
        {QStringLiteral("reversed"), tr("Reversed")},
    };
    int row = 0;
    for (const auto& [key, title] : rows) {
        auto* value = new QLabel(this);
        value->setObjectName(QStringLiteral("detailField_") + key);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        // Short ids stay on one line; lines made of several parts ("$38.00 · 3800 minor units ·
        // USD", a deadline and its countdown) and free text wrap at their spaces, so the panel
        // fits a 1024 px window without a horizontal scroll bar. The idempotency key wraps too
        // (after any of its hyphens, showDetail()): on one line its 36 characters made the column
        // wider than the panel at 1024 px, and every wrapped line (the key's expiry, the reason)
        // was cut at the edge.
        static const QStringList oneLine = {QStringLiteral("order"), QStringLiteral("refund")};
        value->setWordWrap(!oneLine.contains(key));
        auto* label = new QLabel(title + QLatin1Char(':'), this);
        label->setStyleSheet(QStringLiteral("color: #6b7280;"));
        m_form->addWidget(label, row, 0, Qt::AlignRight | Qt::AlignTop);
        m_form->addWidget(value, row, 1);
        ++row;
        m_fields.insert(key, value);
        m_fieldLabels.insert(key, label);
    }
    m_form->setRowStretch(row, 1); // the fields stay at the top of a tall panel

    // The key is shown with a break hint after each hyphen (OperationFormat::breakableAtHyphens);
    // what is copied from it (Ctrl+C, the context menu's Copy, a mouse selection where the
    // desktop has one) must be the key itself, or a search at the provider finds nothing.
    connect(QGuiApplication::clipboard(), &QClipboard::changed, this, [this](QClipboard::Mode mode) {
        const QLabel* key = m_fields.value(QStringLiteral("key"));
        QClipboard* clipboard = QGuiApplication::clipboard();
        const QString copied = clipboard->text(mode);
        if (!key || !key->hasSelectedText() || !copied.contains(QChar(OperationFormat::kBreakHint))
            || OperationFormat::withoutBreakHints(copied) != OperationFormat::withoutBreakHints(key->selectedText()))
            return;
        clipboard->setText(OperationFormat::withoutBreakHints(copied), mode);
    });
}

void DetailPanel::setField(const QString& key, const QString& value, const QString& toolTip)
{
    QLabel* label = m_fields.value(key);
    if (!label)
        return;
    label->setText(value);
    label->setToolTip(toolTip);
    // Rows that say nothing for this operation (no refund yet, never resolved) are hidden.
    const bool show = !value.isEmpty() && value != QStringLiteral("—");
    const bool always = key == QLatin1String("refund") || key == QLatin1String("keyExpires")
        || key == QLatin1String("lastAttempt");
    label->setVisible(show || always);
    m_fieldLabels.value(key)->setVisible(show || always);
}

void DetailPanel::clear(const QString& hint)
{
    m_operation = {};
    m_loading = false;
    updateActions();
    m_placeholder->setText(hint.isEmpty() ? tr("Select an operation to see its attempts, tool calls and audit log.")
                                          : hint);
    m_stack->setCurrentIndex(0);
}

void DetailPanel::showLoading(const QString& operationId)
{
    clear(tr("Loading %1…").arg(operationId));
    m_loading = true;
}

void DetailPanel::showDetail(const OperationStore::Detail& detail, int attemptBudget)
{
    m_loading = false;
    const bool sameOperation = m_operation.operationId == detail.operation.operationId;
    m_operation = detail.operation;
    updateActions();
    m_budget = attemptBudget;
    const Operation& o = m_operation;

    m_title->setFullText(o.operationId);
    m_statusBadge->setText(OperationFormat::statusTitle(o.status));
    // A border makes the style sheet draw a styled frame, which is what honours border-radius.
    m_statusBadge->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %2; "
                                                "border-radius: 9px; padding: 1px 10px; font-weight: bold; }")
                                     .arg(StatusPalette::statusForeground(o.status, palette()).name(),
                                          StatusPalette::statusBackground(o.status, palette()).name()));
    m_summary->setText(tr("Order %1 · %2").arg(o.orderId, OperationFormat::money(o.amountCents, o.currency)));
    if (detail.paidTwiceRefundIds.size() > 1)
        m_paidTwice->showMessage(
            MessageBanner::Level::Error,
            tr("Paid more than once: the provider made %n refunds (%1) for this order and amount (and request reference, "
               "if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to "
               "be recovered.",
               nullptr, int(detail.paidTwiceRefundIds.size()))
                .arg(detail.paidTwiceRefundIds.join(QStringLiteral(", ")),
                     detail.paidTwiceOperationIds.join(QStringLiteral(", "))));
    else if (!detail.paidTwiceError.isEmpty())
        m_paidTwice->showMessage(MessageBanner::Level::Warning,
                                 tr("Could not check whether the provider paid this refund twice: %1")
                                     .arg(Logging::redact(detail.paidTwiceError)));
    else
        m_paidTwice->clearMessage();

    setField(QStringLiteral("order"), o.orderId);
    setField(QStringLiteral("amount"), tr("%1  ·  %2 minor units, %3")
                                           .arg(OperationFormat::money(o.amountCents, o.currency))
                                           .arg(o.amountCents)
                                           .arg(o.currency.toUpper()));
    // Wraps after any hyphen (issue 15: "-6975" gave Unicode line breaking no break point).
    setField(QStringLiteral("key"), OperationFormat::breakableAtHyphens(o.idempotencyKey));
    setField(QStringLiteral("attempts"), tr("%1 of %2 allowed").arg(o.attempts).arg(attemptBudget));
    setField(QStringLiteral("created"), OperationFormat::utcTime(o.createdAt), OperationFormat::localTime(o.createdAt));
    setField(QStringLiteral("firstAttempt"), timeText(o.firstAttemptAt), timeTip(o.firstAttemptAt));
    setField(QStringLiteral("lastAttempt"), timeText(o.lastAttemptAt), timeTip(o.lastAttemptAt));
    setField(QStringLiteral("reason"),
             o.status == OperationStatus::Unknown ? orDash(OperationFormat::reasonTitle(o.unknownReason)) : QString(),
             o.unknownReason);
    setField(QStringLiteral("refund"), orDash(o.providerRefundId));
    setField(QStringLiteral("providerStatus"), o.providerStatus);
    setField(QStringLiteral("failure"), OperationFormat::reasonTitle(o.failureCode), o.failureCode);
    setField(QStringLiteral("closed"), o.closedAt ? OperationFormat::utcTime(*o.closedAt) : QString());
    setField(QStringLiteral("resolved"),
             o.resolvedBy.isEmpty() ? QString()
                                    : tr("%1 at %2").arg(OperationFormat::actorTitle(o.resolvedBy), timeText(o.resolvedAt)));
    setField(QStringLiteral("note"), o.resolutionNote);
    // R24: what the reconciler did, with the event and the refund it read as evidence (audit log).
    QString autoResolved;
    QString reversed;
    for (const AuditEntry& e : detail.audit) {
        const QString eventId = e.details.value(QStringLiteral("event_id")).toString();
        const QString refundId = e.details.value(QStringLiteral("provider_refund_id")).toString();
        if (e.action == QLatin1String("resolve") && e.details.value(QStringLiteral("auto_resolved")).toBool())
            autoResolved = tr("by the reconciler (%1) at %2, from event %3 and refund %4")
                               .arg(e.actor, OperationFormat::utcTime(e.at), eventId, refundId);
        else if (e.action == QLatin1String("reverse"))
            reversed = tr("at %1 by %2: the provider reports refund %3 failed (%4), event %5. The money did not reach "
                          "the customer.")
                           .arg(OperationFormat::utcTime(e.at), e.actor, refundId,
                                e.details.value(QStringLiteral("failure_reason")).toString(), eventId);
    }
    if (reversed.isEmpty() && o.status == OperationStatus::Reversed)
        reversed = tr("at %1 by %2 (%3)").arg(timeText(o.reversedAt), o.reversedBy, o.failureCode);
    setField(QStringLiteral("autoResolved"), autoResolved);
    setField(QStringLiteral("reversed"), reversed);
    updateCountdown();

    fillAttempts(detail.attempts);
    fillToolCalls(detail.toolCalls);
    fillAudit(detail.audit);
    m_tabs->setTabText(0, tr("Attempts (%1)").arg(detail.attempts.size()));
    m_tabs->setTabText(1, tr("Tool calls (%1)").arg(detail.toolCalls.size()));
    m_tabs->setTabText(2, tr("Audit log (%1)").arg(detail.audit.size()));
    if (!sameOperation)
        m_tabs->setCurrentIndex(0);
    m_stack->setCurrentIndex(1);
}

void DetailPanel::updateCountdown()
{
    const Operation& o = m_operation;
    if (o.operationId.isEmpty())
        return;
    const qint64 now = m_clock.nowMs();
    QString text;
    QString tip;
    if (o.keyExpiresAt) {
        const QString left = OperationFormat::keyCountdown(o.status, o.keyExpiresAt, now);
        text = OperationFormat::utcTime(*o.keyExpiresAt);
        if (left != QStringLiteral("—"))
            text += QStringLiteral("  (") + (left == OperationFormat::tr("expired") ? left : tr("in %1").arg(left))
                + QLatin1Char(')');
        tip = OperationFormat::localTime(*o.keyExpiresAt);
    } else {
        text = tr("— (no attempt yet)");
    }
    setField(QStringLiteral("keyExpires"), text, tip);
    const QColor c =
        StatusPalette::urgencyColor(OperationFormat::urgency(o.status, o.keyExpiresAt, now), palette());
    m_fields.value(QStringLiteral("keyExpires"))
        ->setStyleSheet(c.isValid() ? QStringLiteral("color: %1; font-weight: bold;").arg(c.name()) : QString());
}

void DetailPanel::setStale(bool stale)
{
    m_stack->widget(1)->setEnabled(!stale);
}

void DetailPanel::fillAttempts(const QList<AttemptRecord>& attempts)
{
    m_attempts->setRowCount(int(attempts.size()));
    for (int row = 0; row < attempts.size(); ++row) {
        const AttemptRecord& a = attempts.at(row);
        m_attempts->setItem(row, 0, item(QString::number(a.attemptNo)));
        m_attempts->setItem(row, 1, item(utcCell(a.startedAt)));
        m_attempts->setItem(row, 2, item(localCell(a.startedAt), OperationFormat::localTime(a.startedAt)));
        // The tooltip keeps the provider's code and the transport's own message, as recorded.
        const QStringList cause = QStringList{a.errorCode, a.errorMessage}.filter(QRegularExpression(QStringLiteral("\\S")));
        auto* outcome = item(OperationFormat::outcomeTitle(a.outcome, a.deadlineAt, m_clock.nowMs()),
                             cause.join(QStringLiteral(": ")));
        m_attempts->setItem(row, 3, outcome);
        m_attempts->setItem(row, 4, item(a.httpStatus > 0 ? QString::number(a.httpStatus) : tr("none")));
        m_attempts->setItem(row, 5, item(orDash(a.providerRequestId)));
        m_attempts->setItem(row, 6, item(a.replayed ? tr("replayed") : tr("no")));
        m_attempts->setItem(row, 7, item(a.toolCallId));
        m_attempts->setItem(row, 8, item(a.finishedAt ? OperationFormat::age(a.startedAt, *a.finishedAt) : tr("—")));
    }
    m_attempts->resizeColumnsToContents();
}

void DetailPanel::fillToolCalls(const QList<ToolCallRecord>& calls)
{
    m_toolCalls->setRowCount(int(calls.size()));
    for (int row = 0; row < calls.size(); ++row) {
        const ToolCallRecord& c = calls.at(row);
        m_toolCalls->setItem(row, 0, item(c.toolCallId));
        m_toolCalls->setItem(row, 1, item(utcCell(c.startedAt), OperationFormat::localTime(c.startedAt)));
        QString mapped = c.createdOperation ? tr("created it (committed the key)")
                                            : tr("joined the existing operation");
        if (c.lostInsertRace)
            mapped = tr("lost the insert race, joined the winner's row");
        auto* mappedItem = item(mapped);
        if (c.lostInsertRace)
            mappedItem->setForeground(StatusPalette::toneForeground(StatusPalette::Tone::Warning, palette()));
        m_toolCalls->setItem(row, 2, mappedItem);
        // In words, with the code the agent received in the tooltip.
        m_toolCalls->setItem(row, 3, item(c.resultStatus.isEmpty() ? orDash(c.resultStatus)
                                                                   : OperationFormat::answerTitle(c.resultStatus),
                                          c.resultStatus));
        m_toolCalls->setItem(row, 4, item(c.resultReason.isEmpty() ? orDash(c.resultReason)
                                                                   : OperationFormat::reasonTitle(c.resultReason),
                                          c.resultReason));
    }
    m_toolCalls->resizeColumnsToContents();
}

void DetailPanel::fillAudit(const QList<AuditEntry>& entries)
{
    m_audit->setRowCount(int(entries.size()));
    for (int row = 0; row < entries.size(); ++row) {
        const AuditEntry& e = entries.at(row);
        m_audit->setItem(row, 0, item(utcCell(e.at), OperationFormat::localTime(e.at)));
        m_audit->setItem(row, 1, item(OperationFormat::actorTitle(e.actor), e.actor));
        m_audit->setItem(row, 2, item(OperationFormat::roleTitle(e.role), e.role));
        m_audit->setItem(row, 3, item(e.action));
        // Issue 15: a line people read; the whole entry, evidence included, in the tooltip.
        const QString json = QString::fromUtf8(QJsonDocument(e.details).toJson(QJsonDocument::Indented));
        m_audit->setItem(row, 4, item(OperationFormat::auditSummary(e.action, e.details), json.left(4000)));
    }
    m_audit->resizeColumnsToContents();
}

void DetailPanel::setLookupAvailable(bool available, const QString& whyNot)
{
    m_lookupAvailable = available;
    m_lookupWhyNot = whyNot;
    updateActions();
}

void DetailPanel::updateActions()
{
    if (!m_resolveButton)
        return;
    const bool unknown = !m_operation.operationId.isEmpty() && m_operation.status == OperationStatus::Unknown;
    m_resolveButton->setEnabled(unknown && m_lookupAvailable);
    m_messageButton->setEnabled(!m_operation.operationId.isEmpty());
    if (!m_lookupAvailable)
        m_resolveButton->setToolTip(m_lookupWhyNot);
    else if (m_operation.status == OperationStatus::Open)
        m_resolveButton->setToolTip(tr("Open: the refund tool may still be working on it, so it cannot be resolved yet."));
    else if (m_operation.isClosed())
        m_resolveButton->setToolTip(tr("Closed operations never change."));
    else
        m_resolveButton->setToolTip(tr("Look the refund up at the provider and resolve it with evidence (Ctrl+L)"));
}
