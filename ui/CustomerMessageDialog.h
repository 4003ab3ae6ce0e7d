#pragma once

#include "review/ClaimChecker.h"
#include "review/CustomerMessage.h"

#include <QDialog>
#include <QTimer>

class QComboBox;
class QFrame;
class QLabel;
class QMessageBox;
class QPlainTextEdit;
class QPushButton;

/**
 * The customer message for one operation (R19): a draft for its status in English, Russian or
 * Turkish (picker; default from the system locale), editable, copied to the clipboard.
 *
 * While the person edits, ClaimChecker marks phrases the status does not allow (for
 * unknown/open: any claim that the refund succeeded or failed) in the text. "Copy" with such a
 * phrase does not copy: an inline panel lists each flagged phrase and offers "Keep editing" or
 * "Copy anyway" (the person decides; the panel says what they are about to send).
 * Changing the language replaces the text with that language's draft as one undoable edit
 * (Ctrl+Z brings an edited text back). Closing (Esc, Close) with an edited text that was not
 * copied asks first ("Discard" or "Keep editing"): a person's wording is not thrown away by a key.
 */
class CustomerMessageDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CustomerMessageDialog(const CustomerMessage::Facts& facts, QWidget* parent = nullptr);

    void setLanguage(MessageLanguage language);
    MessageLanguage language() const { return m_language; }
    QString text() const;
    void setText(const QString& text);
    /** The flagged phrases in the current text. */
    QList<ClaimChecker::Claim> claims() const;
    /** True when the text differs from the draft and from what was last copied. */
    bool hasUnsavedEdits() const;

public slots:
    /** Closes at once when nothing would be lost; otherwise asks (see the class comment). */
    void reject() override;

signals:
    /** The text went to the clipboard (after "Copy", or "Copy anyway"). */
    void copied(const QString& text);

private:
    void onLanguageChanged();
    void recheck();
    void copy();
    void copyNow();

    CustomerMessage::Facts m_facts;
    MessageLanguage m_language = MessageLanguage::English;
    QTimer m_recheck;

    QComboBox* m_languageCombo = nullptr;
    QPlainTextEdit* m_edit = nullptr;
    QLabel* m_claimsHint = nullptr;
    QFrame* m_confirm = nullptr;
    QLabel* m_confirmText = nullptr;
    QPushButton* m_copyAnyway = nullptr;
    QPushButton* m_keepEditing = nullptr;
    QPushButton* m_copy = nullptr;
    QLabel* m_copiedLabel = nullptr;
    QString m_baseline; ///< the draft as generated, or the text last copied
};
