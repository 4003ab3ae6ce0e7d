#include "UnmatchedEventsDialog.h"

#include "console/ConsoleDataService.h"

#include <QTableView>

UnmatchedEventsDialog::UnmatchedEventsDialog(ConsoleDataService* data, QWidget* parent)
    : ReviewListDialog(data, QStringLiteral("unmatchedEvents"), tr("Unmatched provider events"),
                       tr("Events about refunds that no operation of this database knows: the refund's metadata "
                          "names no operation here. They are recorded and never acted on. Often a refund made in "
                          "the provider's dashboard or by another system on the same account; check it there."),
                       parent)
    , m_model(new UnmatchedEventsModel(this))
{
    table()->setModel(m_model);
    resize(1000, 420);
    refresh();
}

UnmatchedEventsDialog::~UnmatchedEventsDialog() = default;

void UnmatchedEventsDialog::read()
{
    data()->submit(
        this, [](Database& db, OperationStore&) { return UnmatchedEventsModel::load(db); },
        [this](StoreResult<QList<UnmatchedEventsModel::Row>> rows) {
            if (!rows) {
                showFailed(rows.error());
                return;
            }
            m_model->setRows(rows.value());
            showLoaded(rows.value().isEmpty()
                           ? tr("None: every provider event this database stored matched an operation.")
                           : tr("%n event(s) no operation knows, newest first.", nullptr, int(rows.value().size())));
        });
}

QString UnmatchedEventsDialog::failedText(const QString& message) const
{
    return tr("The events could not be read: %1").arg(message);
}
