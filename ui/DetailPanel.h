#pragma once

#include "Clock.h"
#include "db/Operation.h"
#include "db/OperationStore.h"

#include <QHash>
#include <QWidget>

class ElidedLabel;
class MessageBanner;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTableWidget;
class QGridLayout;

/**
 * Everything about one operation: every field of the row, the attempt timeline (UTC and
 * local time, outcome, HTTP status, provider request id, replayed or not; R12), the tool
 * calls that mapped to it (and which lost the insert race, R3) and its audit entries.
 *
 * Shows what it is given (OperationStore::Detail, read by the ConsoleDataService on its own
 * thread): it never reads the database. The key countdown is refreshed by updateCountdown(),
 * driven by the table model's tick, so there is still one timer.
 */
class DetailPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DetailPanel(const Clock& clock, QWidget* parent = nullptr);

    /** Shows an operation, its attempts, tool calls and audit entries; attemptBudget is R6's per-operation budget. */
    void showDetail(const OperationStore::Detail& detail, int attemptBudget);
    /** The "nothing selected" state with a hint. */
    void clear(const QString& hint = {});
    /**
     * operationId's detail is on its way: "Loading…", nothing of the operation shown before,
     * no button that would act on it, until showDetail() or clear().
     */
    void showLoading(const QString& operationId);
    bool isLoading() const { return m_loading; }
    QString operationId() const { return m_operation.operationId; }
    void updateCountdown();
    void setStale(bool stale);
    /** Whether look-ups are possible (a provider with a read key is configured); why not, if not. */
    void setLookupAvailable(bool available, const QString& whyNot = {});

signals:
    /** "Look up & resolve…" (Ctrl+L): only for unknown operations (R15-R17). */
    void resolveRequested(const QString& operationId);
    /** "Customer message…" (Ctrl+M): the honest draft for the operation's status (R19). */
    void customerMessageRequested(const QString& operationId);

private:
    void updateActions();
    void buildFields();
    void setField(const QString& key, const QString& value, const QString& toolTip = {});
    void fillAttempts(const QList<AttemptRecord>& attempts);
    void fillToolCalls(const QList<ToolCallRecord>& calls);
    void fillAudit(const QList<AuditEntry>& entries);

    const Clock& m_clock;
    Operation m_operation;
    int m_budget = 6;
    bool m_loading = false;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    ElidedLabel* m_title = nullptr;   // the operation id
    QLabel* m_statusBadge = nullptr;
    QLabel* m_summary = nullptr;
    MessageBanner* m_paidTwice = nullptr; ///< shown when the provider paid its logical refund twice
    QPushButton* m_resolveButton = nullptr;
    QPushButton* m_messageButton = nullptr;
    bool m_lookupAvailable = false;
    QString m_lookupWhyNot;
    QGridLayout* m_form = nullptr;
    QHash<QString, QLabel*> m_fields;
    QHash<QString, QLabel*> m_fieldLabels;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_attempts = nullptr;
    QTableWidget* m_toolCalls = nullptr;
    QTableWidget* m_audit = nullptr;
};
