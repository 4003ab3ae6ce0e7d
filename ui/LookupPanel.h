#pragma once

#include "Clock.h"
#include "provider/ProviderConfig.h"
#include "review/LookupResult.h"
#include "review/OperationLookup.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class FoundRefundTable;
class MessageBanner;
class QLabel;
class QProgressBar;
class QPushButton;

/**
 * Runs OperationLookup for one operation without freezing the window (R15): the lookup runs
 * in a thread-pool thread (QtConcurrent + QFutureWatcher) with its own ProviderClient; the
 * panel shows a busy bar with the current step and a Cancel button, then the linked refunds
 * (FoundRefundTable), the notes, or the named error with what to do (LookupResult::advice()).
 * "Look up again" repeats the last lookup.
 *
 * The destructor cancels a running lookup and waits for it (a canceled read ends at once).
 */
class LookupPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LookupPanel(ProviderConfig provider, const Clock& clock = Clock::system(), QWidget* parent = nullptr);
    ~LookupPanel() override;

    /** Starts a lookup of target; a running one is canceled first. */
    void start(const OperationLookup::Target& target);
    void cancel();
    bool isRunning() const;
    /** The last finished lookup (empty before the first). */
    const LookupResult& result() const { return m_result; }
    FoundRefundTable* table() const { return m_table; }

signals:
    void lookupStarted();
    void lookupFinished();
    /** The current row of the refund table changed; empty when none. */
    void currentRefundChanged(const QString& refundId);

private:
    void onFinished();
    void showResult();

    ProviderConfig m_provider;
    const Clock& m_clock;
    OperationLookup::Target m_target;
    std::shared_ptr<OperationLookup> m_lookup;
    QFutureWatcher<LookupResult> m_watcher;
    LookupResult m_result;

    QLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_again = nullptr;
    MessageBanner* m_error = nullptr;
    QLabel* m_notes = nullptr;
    FoundRefundTable* m_table = nullptr;
};
