#pragma once

#include "Clock.h"
#include "db/Operation.h"
#include "review/LookupResult.h"
#include "review/ResolutionPolicy.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>

class QThread;

/**
 * Writes the proposals a person confirmed in "Check all unknown" (R16, R17), off the GUI
 * thread, so resolving thousands of rows never stops the window (issue 12).
 *
 * start() returns at once. One worker thread opens its own Database connection and, per job
 * in order, turns the confirmed proposal into a resolution with
 * ResolutionPolicy::confirmedResolution (R16 rechecked at that instant) and writes it with
 * OperationStore::resolve, a compare-and-set: a colleague's earlier resolution wins and is
 * reported, never overwritten. Each row is its own transaction, so one refusal or conflict
 * leaves the others written. Outcomes reach the owner's thread in batches (at most
 * batchSize() rows, at least every 100 ms), then finished(). cancel() stops before the next
 * row; rows already written stay written.
 */
class SweepResolver : public QObject
{
    Q_OBJECT

public:
    /** One confirmed row: the operation as looked up, the lookup, the proposal confirmed. */
    struct Job
    {
        int row = -1;            ///< the caller's row, echoed in the outcome
        Operation operation;
        LookupResult lookup;
        ResolutionPolicy::Proposal proposal;
    };

    struct Outcome
    {
        enum class Kind {
            Resolved,         ///< written: status says as what
            AlreadyResolved,  ///< someone resolved it first: message says who and when
            Refused,          ///< R16 no longer allows it: message says why; nothing written
            Failed,           ///< the write failed (database error): message says why
        };
        int row = -1;
        Kind kind = Kind::Failed;
        OperationStatus status = OperationStatus::Unknown;
        QString message;
    };

    SweepResolver(QString databaseUrl, const Clock& clock = Clock::system(), QObject* parent = nullptr);
    ~SweepResolver() override;   ///< cancels and waits for the worker

    /** Rows per outcomes() signal, 1..1000 (default 50). */
    void setBatchSize(int rows);
    int batchSize() const { return m_batchSize; }

    /**
     * Starts writing jobs with actor, role and note (required, R17) on every row. False (and
     * nothing starts) while a run is going or when the note is empty.
     */
    bool start(QList<Job> jobs, const QString& actor, const QString& role, const QString& note);
    /** Thread-safe: stops before the next row. */
    void cancel();
    bool isRunning() const { return m_running; }
    int total() const { return m_total; }
    int done() const { return m_done; }
    int resolvedCount() const { return m_resolved; }

signals:
    void outcomes(const QList<SweepResolver::Outcome>& batch);
    void progress(int done, int total);
    /** failure: the database could not be opened (no row written); empty otherwise. */
    void finished(bool canceled, const QString& failure);

private:
    void run(const QList<Job>& jobs, const QString& actor, const QString& role, const QString& note);

    QString m_databaseUrl;   // may hold a password: never logged
    const Clock& m_clock;
    int m_batchSize = 50;

    // Owner-thread state.
    bool m_running = false;
    int m_total = 0;
    int m_done = 0;
    int m_resolved = 0;
    QThread* m_thread = nullptr;

    std::atomic<bool> m_canceled{false};
};

Q_DECLARE_METATYPE(SweepResolver::Outcome)
