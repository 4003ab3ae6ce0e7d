#include "UnmatchedEventsDialog.h"

#include "Logging.h"
#include "db/Database.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

UnmatchedEventsDialog::UnmatchedEventsDialog(const QString& databaseUrl, QWidget* parent)
    : QDialog(parent)
    , m_url(databaseUrl)
{
    setObjectName(QStringLiteral("unmatchedEventsDialog"));
    setWindowTitle(tr("Unmatched provider events"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Events about refunds that no operation of this database knows: the refund's metadata names "
           "no operation here. They are recorded and never acted on. Often a refund made in the "
           "provider's dashboard or by another system on the same account; check it there."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_model = new UnmatchedEventsModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("unmatchedEventsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    layout->addWidget(m_table, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("unmatchedEventsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_refresh = buttons->addButton(tr("Refresh"), QDialogButtonBox::ActionRole);
    m_refresh->setObjectName(QStringLiteral("unmatchedEventsRefresh"));
    connect(m_refresh, &QPushButton::clicked, this, &UnmatchedEventsDialog::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &UnmatchedEventsDialog::onLoaded);
    resize(1000, 420);
    refresh();
}

UnmatchedEventsDialog::~UnmatchedEventsDialog()
{
    // The worker owns its connection; let it finish before the dialog's signals go away.
    m_watcher.waitForFinished();
}

void UnmatchedEventsDialog::refresh()
{
    if (m_watcher.isRunning())
        return;
    m_refresh->setEnabled(false);
    m_status->setText(tr("Reading…"));
    const QString url = m_url;
    // A connection of its own on the worker: Qt SQL connections never cross threads.
    m_watcher.setFuture(QtConcurrent::run([url]() {
        Outcome out;
        auto db = Database::open(url);
        if (!db) {
            out.error = db.error().message;
            return out;
        }
        auto rows = UnmatchedEventsModel::load(*db.value());
        if (rows)
            out.rows = rows.value();
        else
            out.error = rows.error().message;
        return out;
    }));
}

void UnmatchedEventsDialog::onLoaded()
{
    const Outcome out = m_watcher.result();
    m_refresh->setEnabled(true);
    if (!out.error.isEmpty()) {
        m_status->setText(tr("The events could not be read: %1").arg(Logging::redact(out.error)));
        emit loaded(false);
        return;
    }
    m_model->setRows(out.rows);
    m_table->resizeColumnsToContents();
    m_status->setText(out.rows.isEmpty()
                          ? tr("None: every provider event this database stored matched an operation.")
                          : tr("%n event(s) no operation knows, newest first.", nullptr, int(out.rows.size())));
    emit loaded(true);
}
