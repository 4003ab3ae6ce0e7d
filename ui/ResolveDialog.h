#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "db/OperationStore.h"
#include "db/Order.h"
#include "review/ResolutionPolicy.h"
#include "review/ReviewerContext.h"

#include <QDialog>

#include <memory>

class LookupPanel;
class MessageBanner;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

/**
 * Resolves one `unknown` operation (R15-R18).
 *
 * Shows the operation (id, order, amount, attempts, key retention), looks it up at the
 * provider at once (LookupPanel: refunds linked by metadata.operation_id or by the key's
 * events, with mismatch flags), shows the proposal (ResolutionPolicy::propose) and offers:
 *  - "Refunded" with the selected refund as evidence, only when canResolveAsRefunded();
 *  - "Failed: no refund was made", only when canResolveAsFailed(); otherwise the option is
 *    disabled and the reason is shown under it (e.g. the hours left on the key).
 * A note is required. "Resolve" writes through OperationStore::resolve(), a compare-and-set on
 * status = 'unknown' with an audit entry (actor, role, time, note, evidence: the refund's raw
 * JSON or the lookup summary). When another reviewer was first the dialog says who and when
 * and changes nothing (R17).
 *
 * "Customer message…" opens CustomerMessageDialog for the row as it is now (R19).
 * The dialog never offers to send a refund or a new key (R18); it says why.
 *
 * It opens its own database connection from ReviewerContext::databaseUrl in the GUI thread;
 * when that or the operation cannot be read the dialog says so and offers nothing.
 */
class ResolveDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ResolveDialog(const ReviewerContext& context, const QString& operationId, QWidget* parent = nullptr);
    ~ResolveDialog() override;

    QString operationId() const { return m_operationId; }
    /** The operation as last read (after a resolution: the closed row). */
    const Operation& operation() const { return m_operation; }
    LookupPanel* lookupPanel() const { return m_lookup; }

signals:
    /** The operation was resolved by this dialog (status refunded or failed). */
    void resolved(const QString& operationId);

private:
    bool load(QString* error);
    void showOperation();
    void onLookupFinished();
    void updateChoices();
    void resolve();
    const FoundRefund* selectedRefund() const;

    ReviewerContext m_context;
    QString m_operationId;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    Operation m_operation;
    Order m_order;
    bool m_loaded = false;
    bool m_done = false;

    QLabel* m_title = nullptr;
    QLabel* m_facts = nullptr;
    MessageBanner* m_banner = nullptr;
    LookupPanel* m_lookup = nullptr;
    QLabel* m_proposal = nullptr;
    QRadioButton* m_refunded = nullptr;
    QLabel* m_refundedReason = nullptr;
    QRadioButton* m_failed = nullptr;
    QLabel* m_failedReason = nullptr;
    QPlainTextEdit* m_note = nullptr;
    QPushButton* m_resolveButton = nullptr;
    QPushButton* m_messageButton = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
