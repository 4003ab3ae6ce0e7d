#include "review/SweepResolver.h"

#include "Logging.h"
#include "db/Database.h"
#include "db/OperationStore.h"

#include <QElapsedTimer>
#include <QThread>

SweepResolver::SweepResolver(QString databaseUrl, const Clock& clock, QObject* parent)
    : QObject(parent)
    , m_databaseUrl(std::move(databaseUrl))
    , m_clock(clock)
{
}

SweepResolver::~SweepResolver()
{
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void SweepResolver::setBatchSize(int rows)
{
    m_batchSize = qBound(1, rows, 1000);
}

bool SweepResolver::start(QList<Job> jobs, const QString& actor, const QString& role, const QString& note)
{
    if (m_running || note.trimmed().isEmpty())
        return false;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_canceled.store(false);
    m_running = true;
    m_total = int(jobs.size());
    m_done = 0;
    m_resolved = 0;
    m_thread = QThread::create([this, jobs = std::move(jobs), actor, role, note = note.trimmed()] {
        run(jobs, actor, role, note);
    });
    m_thread->setObjectName(QStringLiteral("sweep-resolver"));
    m_thread->start();
    return true;
}

void SweepResolver::cancel()
{
    m_canceled.store(true);
}

void SweepResolver::run(const QList<Job>& jobs, const QString& actor, const QString& role, const QString& note)
{
    // Everything the owner sees goes through its event loop: these members are its thread's.
    const auto deliver = [this](QList<Outcome> batch, bool last, bool canceled, const QString& failure) {
        QMetaObject::invokeMethod(
            this,
            [this, batch = std::move(batch), last, canceled, failure] {
                m_done += int(batch.size());
                for (const Outcome& o : batch)
                    m_resolved += o.kind == Outcome::Kind::Resolved ? 1 : 0;
                if (!batch.isEmpty()) {
                    emit outcomes(batch);
                    emit progress(m_done, m_total);
                }
                if (last) {
                    m_running = false;
                    emit finished(canceled, failure);
                }
            },
            Qt::QueuedConnection);
    };
    auto db = Database::open(m_databaseUrl);
    if (!db) {
        Logging::warn(QStringLiteral("sweep resolver: %1").arg(db.error().message));
        deliver({}, true, false, db.error().message);
        return;
    }
    OperationStore store(*db.value(), m_clock);
    QList<Outcome> batch;
    QElapsedTimer sinceDelivery;
    sinceDelivery.start();
    bool canceled = false;
    for (const Job& job : jobs) {
        if (m_canceled.load()) {
            canceled = true;
            break;
        }
        Outcome outcome;
        outcome.row = job.row;
        QString whyNot;
        const auto resolution = ResolutionPolicy::confirmedResolution(job.operation, job.lookup, job.proposal, actor,
                                                                      role, note, m_clock.nowMs(), &whyNot);
        if (!resolution) {
            outcome.kind = Outcome::Kind::Refused;
            outcome.message = whyNot;
        } else if (auto written = store.resolve(job.operation.operationId, *resolution)) {
            outcome.kind = Outcome::Kind::Resolved;
            outcome.status = written.value().status;
        } else {
            outcome.kind = written.error().code == StoreError::Code::AlreadyResolved ? Outcome::Kind::AlreadyResolved
                                                                                      : Outcome::Kind::Failed;
            outcome.message = written.error().message;
        }
        batch << outcome;
        if (batch.size() >= m_batchSize || sinceDelivery.elapsed() >= 100) {
            deliver(std::exchange(batch, {}), false, false, {});
            sinceDelivery.restart();
        }
    }
    deliver(std::move(batch), true, canceled, {});
}
