#include "CustomerMessageDialog.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QVBoxLayout>

namespace {

QString statusExplanation(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open:
    case OperationStatus::Unknown:
        return CustomerMessageDialog::tr("Nobody knows yet whether this refund went through. The message must not "
                                         "say that it succeeded or failed.");
    case OperationStatus::Refunded:
        return CustomerMessageDialog::tr("The provider confirmed the refund. The message names the amount and the "
                                         "provider reference.");
    case OperationStatus::Failed:
        return CustomerMessageDialog::tr("No refund was made. The message says so honestly and gives the next step.");
    case OperationStatus::Reversed:
        return CustomerMessageDialog::tr("The provider confirmed the refund, then reported that it failed: the money did "
                                         "not reach the customer. The message says so and gives the next step.");
    }
    return QString();
}

} // namespace

CustomerMessageDialog::CustomerMessageDialog(const CustomerMessage::Facts& facts, QWidget* parent)
    : QDialog(parent)
    , m_facts(facts)
    , m_language(MessageLanguages::fromLocale(QLocale()))
{
    setObjectName(QStringLiteral("customerMessageDialog"));
    setWindowTitle(tr("Customer message — order %1").arg(facts.orderId));
    resize(640, 520);

    auto* layout = new QVBoxLayout(this);
    auto* head = new QLabel(tr("<b>%1</b> · order %2 · %3")
                                .arg(OperationFormat::statusTitle(facts.status).toHtmlEscaped(),
                                     facts.orderId.toHtmlEscaped(),
                                     OperationFormat::money(facts.amountCents, facts.currency).toHtmlEscaped()),
                            this);
    head->setObjectName(QStringLiteral("messageHeader"));
    layout->addWidget(head);
    auto* explain = new QLabel(statusExplanation(facts.status), this);
    explain->setObjectName(QStringLiteral("messageExplanation"));
    explain->setWordWrap(true);
    layout->addWidget(explain);

    auto* langRow = new QHBoxLayout;
    auto* langLabel = new QLabel(tr("&Language:"), this);
    m_languageCombo = new QComboBox(this);
    m_languageCombo->setObjectName(QStringLiteral("languageCombo"));
    for (MessageLanguage l : MessageLanguages::all())
        m_languageCombo->addItem(MessageLanguages::nativeName(l), MessageLanguages::code(l));
    m_languageCombo->setToolTip(tr("Changing the language replaces the text with that language's draft (Ctrl+Z "
                                   "brings your edits back)."));
    langLabel->setBuddy(m_languageCombo);
    langRow->addWidget(langLabel);
    langRow->addWidget(m_languageCombo);
    langRow->addStretch(1);
    layout->addLayout(langRow);

    m_edit = new QPlainTextEdit(this);
    m_edit->setObjectName(QStringLiteral("messageEdit"));
    layout->addWidget(m_edit, 1);

    m_claimsHint = new QLabel(this);
    m_claimsHint->setObjectName(QStringLiteral("claimsHint"));
    m_claimsHint->setWordWrap(true);
    layout->addWidget(m_claimsHint);

    m_confirm = new QFrame(this);
    m_confirm->setObjectName(QStringLiteral("claimsConfirm"));
    m_confirm->setFrameShape(QFrame::StyledPanel);
    m_confirm->setStyleSheet(
        QStringLiteral("#claimsConfirm { background: %1; border: 1px solid %2; border-radius: 4px; } QLabel "
                       "{ color: %3; }")
            .arg(StatusPalette::toneBackground(StatusPalette::Tone::Warning, palette()).name(),
                 StatusPalette::toneBorder(StatusPalette::Tone::Warning, palette()).name(),
                 StatusPalette::toneForeground(StatusPalette::Tone::Warning, palette()).name()));
    auto* confirmLayout = new QVBoxLayout(m_confirm);
    m_confirmText = new QLabel(m_confirm);
    m_confirmText->setObjectName(QStringLiteral("claimsConfirmText"));
    m_confirmText->setWordWrap(true);
    m_confirmText->setTextFormat(Qt::RichText);
    confirmLayout->addWidget(m_confirmText);
    auto* confirmButtons = new QHBoxLayout;
    m_keepEditing = new QPushButton(tr("Keep editing"), m_confirm);
    m_keepEditing->setObjectName(QStringLiteral("keepEditingButton"));
    m_copyAnyway = new QPushButton(tr("Copy anyway"), m_confirm);
    m_copyAnyway->setObjectName(QStringLiteral("copyAnywayButton"));
    confirmButtons->addStretch(1);
    confirmButtons->addWidget(m_keepEditing);
    confirmButtons->addWidget(m_copyAnyway);
    confirmLayout->addLayout(confirmButtons);
    m_confirm->hide();
    layout->addWidget(m_confirm);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_copy = buttons->addButton(tr("&Copy to clipboard"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("copyButton"));
    m_copy->setDefault(true);
    auto* reset = buttons->addButton(tr("Reset draft"), QDialogButtonBox::ResetRole);
    reset->setObjectName(QStringLiteral("resetDraftButton"));
    m_copiedLabel = new QLabel(this);
    m_copiedLabel->setObjectName(QStringLiteral("copiedLabel"));
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_copiedLabel, 1);
    bottom->addWidget(buttons);
    layout->addLayout(bottom);

    m_recheck.setSingleShot(true);
    m_recheck.setInterval(250);
    connect(&m_recheck, &QTimer::timeout, this, &CustomerMessageDialog::recheck);
    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        m_copiedLabel->clear();
        m_confirm->hide();
        m_recheck.start();
    });
    connect(m_languageCombo, &QComboBox::currentIndexChanged, this, &CustomerMessageDialog::onLanguageChanged);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, &CustomerMessageDialog::copy);
    connect(m_copyAnyway, &QPushButton::clicked, this, &CustomerMessageDialog::copyNow);
    connect(m_keepEditing, &QPushButton::clicked, this, [this] {
        m_confirm->hide();
        m_edit->setFocus();
    });
    connect(reset, &QPushButton::clicked, this, &CustomerMessageDialog::onLanguageChanged);

    m_languageCombo->setCurrentIndex(int(MessageLanguages::all().indexOf(m_language)));
    m_edit->setPlainText(CustomerMessage::draft(m_facts, m_language));
    m_baseline = m_edit->toPlainText();
    recheck();
}

bool CustomerMessageDialog::hasUnsavedEdits() const
{
    return m_edit->toPlainText() != m_baseline;
}

void CustomerMessageDialog::reject()
{
    if (!hasUnsavedEdits()) {
        QDialog::reject();
        return;
    }
    // Window-modal and not exec(): the event loop (and tests) keep running while it asks.
    auto* ask = new QMessageBox(QMessageBox::Question, tr("Discard the edited message?"),
                                tr("The message was edited and not copied. Close and lose the edits?"),
                                QMessageBox::NoButton, this);
    ask->setObjectName(QStringLiteral("discardEditsBox"));
    QPushButton* discard = ask->addButton(tr("Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardEditsButton"));
    QPushButton* keep = ask->addButton(tr("Keep editing"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepEditsButton"));
    ask->setDefaultButton(keep);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    connect(ask, &QMessageBox::buttonClicked, this, [this, discard](QAbstractButton* clicked) {
        if (clicked == discard)
            QDialog::reject();
        else
            m_edit->setFocus();
    });
    ask->open();
}

void CustomerMessageDialog::setLanguage(MessageLanguage language)
{
    m_languageCombo->setCurrentIndex(int(MessageLanguages::all().indexOf(language)));
}

QString CustomerMessageDialog::text() const
{
    return m_edit->toPlainText();
}

void CustomerMessageDialog::setText(const QString& text)
{
    m_edit->setPlainText(text);
    m_baseline = text; // a text set by the program is not the person's edit
    recheck();
}

QList<ClaimChecker::Claim> CustomerMessageDialog::claims() const
{
    return ClaimChecker::check(m_edit->toPlainText(), m_language, m_facts.status);
}

void CustomerMessageDialog::onLanguageChanged()
{
    const auto language = MessageLanguages::fromCode(m_languageCombo->currentData().toString());
    m_language = language.value_or(MessageLanguage::English);
    // One undoable edit rather than setPlainText(), which would drop the undo history.
    QTextCursor cursor(m_edit->document());
    cursor.select(QTextCursor::Document);
    cursor.insertText(CustomerMessage::draft(m_facts, m_language));
    m_baseline = m_edit->toPlainText();
    recheck();
}

void CustomerMessageDialog::recheck()
{
    m_recheck.stop();
    const QList<ClaimChecker::Claim> found = claims();
    QList<QTextEdit::ExtraSelection> marks;
    for (const ClaimChecker::Claim& c : found) {
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(m_edit->document());
        mark.cursor.setPosition(c.position);
        mark.cursor.setPosition(c.position + c.length, QTextCursor::KeepAnchor);
        mark.format.setBackground(StatusPalette::toneHighlight(StatusPalette::Tone::Warning, palette()));
        mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        mark.format.setUnderlineColor(StatusPalette::toneForeground(StatusPalette::Tone::Warning, palette()));
        mark.format.setToolTip(ClaimChecker::kindText(c.kind));
        marks.append(mark);
    }
    m_edit->setExtraSelections(marks);
    if (found.isEmpty()) {
        m_claimsHint->setText(m_facts.status == OperationStatus::Unknown || m_facts.status == OperationStatus::Open
                                  ? tr("✓ The text does not claim that the refund succeeded or failed.")
                                  : tr("✓ The text does not contradict the operation's status."));
        m_claimsHint->setStyleSheet(StatusPalette::toneStyleSheet(StatusPalette::Tone::Success, palette()));
    } else {
        QStringList items;
        for (const ClaimChecker::Claim& c : found)
            items << QStringLiteral("“%1” (%2)").arg(c.phrase, ClaimChecker::kindText(c.kind));
        m_claimsHint->setText(tr("⚠ %n phrase(s) state an outcome nobody has confirmed: %1", nullptr, int(found.size()))
                                  .arg(items.join(QStringLiteral(", "))));
        m_claimsHint->setStyleSheet(StatusPalette::toneStyleSheet(StatusPalette::Tone::Warning, palette()));
    }
}

void CustomerMessageDialog::copy()
{
    recheck();
    const QList<ClaimChecker::Claim> found = claims();
    if (found.isEmpty()) {
        copyNow();
        return;
    }
    QStringList items;
    for (const ClaimChecker::Claim& c : found)
        items << QStringLiteral("<li>“%1” — %2</li>").arg(c.phrase.toHtmlEscaped(), ClaimChecker::kindText(c.kind));
    const bool open = m_facts.status == OperationStatus::Unknown || m_facts.status == OperationStatus::Open;
    m_confirmText->setText(
        (open ? tr("<b>Not copied.</b> Nobody knows yet whether this refund went through, but the text says:")
              : tr("<b>Not copied.</b> The text contradicts the operation's status:"))
        + QStringLiteral("<ul>") + items.join(QString()) + QStringLiteral("</ul>")
        + tr("Edit those phrases, or copy anyway if you are sure the customer should read this."));
    m_confirm->show();
    m_keepEditing->setFocus();
}

void CustomerMessageDialog::copyNow()
{
    const QString t = m_edit->toPlainText();
    QApplication::clipboard()->setText(t);
    m_baseline = t; // what was sent is safe to close on
    m_confirm->hide();
    m_copiedLabel->setText(tr("Copied to the clipboard."));
    emit copied(t);
}
