#pragma once

#include "ReviewListDialog.h"
#include "UnmatchedEventsModel.h"

/**
 * Review > Unmatched provider events: the events about refunds that no operation knows, newest
 * first (R24: shown, never acted on). A short read, a job on the console's ConsoleDataService
 * (submit()); see ReviewListDialog.
 */
class UnmatchedEventsDialog : public ReviewListDialog
{
    Q_OBJECT

public:
    /** data: the console's data service (not owned; outlives the dialog). Loads at once. */
    explicit UnmatchedEventsDialog(ConsoleDataService* data, QWidget* parent = nullptr);
    ~UnmatchedEventsDialog() override;

    UnmatchedEventsModel* model() const { return m_model; }

protected:
    void read() override;
    QString failedText(const QString& message) const override;

private:
    UnmatchedEventsModel* m_model = nullptr;
};
