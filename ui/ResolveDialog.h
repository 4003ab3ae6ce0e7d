#pragma once

#include "db/Operation.h"
#include "db/OperationStore.h"
#include "db/Order.h"
#include "review/ResolutionPolicy.h"
#include "review/ReviewerContext.h"

#include <QDialog>

#include <functional>
#include <memory>

class ConsoleDataService;
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
 * Its reads and the resolution run on the console's ConsoleDataService (submit(); no SQL on
 * the GUI thread, issue 12): the dialog opens at once, says it is reading, and shows the row
 * when it lands (loaded()); the lookup starts then. When the operation cannot be read the
 * dialog says so and offers nothing.
 *
 * The resolution is a compare-and-set on status = 'unknown', so it is submitted with
 * Retry::OnceAfterReconnect: after a lost connection it runs once more on a fresh one. Run
 * again after a commit whose answer was lost it would meet its own resolution and be refused
 * AlreadyResolved; resolveOnce() recognises that row as this dialog's (same status, note and
 * actor) and reports it resolved, so it is neither done twice nor reported as a failure. When
 * no answer comes at all (ConnectionFailed twice, or the service reopened and dropped it) the
 * dialog reads the row again and decides the same way.
 */
class ResolveDialog : public QDialog
{
    Q_OBJECT

public:
    /** data: where it reads and resolves (not owned; outlives the dialog). */
    ResolveDialog(const ReviewerContext& context, ConsoleDataService* data, const QString& operationId,
                  QWidget* parent = nullptr);
    ~ResolveDialog() override;

    QString operationId() const { return m_operationId; }
    /** The operation as last read (after a resolution: the closed row). */
    const Operation& operation() const { return m_operation; }
    LookupPanel* lookupPanel() const { return m_lookup; }
    /** The operation has been read (after loaded(true)). */
    bool isLoaded() const { return m_loaded; }
    /** A resolution is under way (resolveFinished() follows). */
    bool isResolving() const { return m_resolving; }

    /**
     * The job behind "Resolve", on the connection it runs on: OperationStore::resolve(); when
     * retried after a lost connection (retried = true) and refused AlreadyResolved, the row as it
     * is now if it holds this very resolution (the first run committed, its answer was lost).
     */
    static StoreResult<Operation> resolveOnce(OperationStore& store, const QString& operationId,
                                              const OperationStore::Resolution& resolution,
                                              const QString& actor, bool retried);
    /** Whether op was closed by this resolution (status, note and, when known, the actor). */
    static bool isOwnResolution(const Operation& op, const OperationStore::Resolution& resolution,
                                const QString& actor);

signals:
    /** The operation was resolved by this dialog (status refunded or failed). */
    void resolved(const QString& operationId);
    /** The first read of the operation landed: ok, or the banner says why not. */
    void loaded(bool ok);
    /** A resolution's answer landed (resolved: this dialog closed the row). */
    void resolveFinished(bool resolved);

private:
    struct Loaded
    {
        Operation operation;
        Order order;
    };
    /** Reads the operation and its order; then(ok, error message) once they landed. */
    void load(std::function<void(bool ok, const QString& error)> then);
    void onFirstLoad(bool ok, const QString& error);
    void onResolved(const StoreResult<Operation>& result, const OperationStore::Resolution& resolution);
    void onServiceReopened();
    void showOperation();
    void onLookupFinished();
    void updateChoices();
    void resolve();
    const FoundRefund* selectedRefund() const;

    ReviewerContext m_context;
    ConsoleDataService* m_data = nullptr;
    QString m_operationId;
    Operation m_operation;
    Order m_order;
    bool m_loaded = false;
    bool m_done = false;
    bool m_resolving = false;
    quint64 m_resolveTicket = 0;             // the resolution whose answer is awaited
    OperationStore::Resolution m_resolution; // the one under way

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
