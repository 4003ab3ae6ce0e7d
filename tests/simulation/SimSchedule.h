#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class Database;
struct sqlite3;

/**
 * One simulated schedule (issue 16): N agents calling the real RefundTool on a shared SQLite
 * operation database, an in-process sandbox provider (SimProvider), a reviewer and the
 * reconciler, all on one virtual clock, interleaved by a seeded scheduler (SimScheduler). The
 * seed decides everything: the orders and logical refunds, the agents and their repeats, the
 * settings, and at every step what runs next and what the network, the provider and the
 * process do to it.
 *
 * Invariants, checked at the end and at every answer, counted at the provider (R23):
 *  - at most one effective refund (succeeded or pending) per logical refund (order, amount,
 *    request ref; R5a), and every refund at the provider names an operation row (R11);
 *  - a `refunded` row names a provider refund of that row and amount; a `failed` row has no
 *    effective refund at the provider; a `reversed` row's refund failed (R4, R7, R24);
 *  - an agent told `refunded` was told of a refund of its operation; one told `failed` was
 *    told the truth at that moment (R8);
 *  - requests sent per key == attempts counted for it, less the ones killed before the send
 *    (R6, R12);
 *  - never two open/unknown rows per logical refund (R5);
 *  - every resolve/reverse audit entry is a transition the row went through (R17, R24).
 */
struct SimConfig
{
    quint64 seed = 1;
    /** Which faults and actors the schedule may use (SimFault bits); fewer for a minimal replay. */
    quint32 mask = 0xFFFFFFFFu;
    bool keepTrace = false;
};

/** The fault and actor kinds a schedule draws from. */
enum SimFault : quint32 {
    FaultDropBefore = 1u << 0,       ///< the request is lost before the provider: the client sees a reset
    FaultDropAfter = 1u << 1,        ///< the provider executes, the answer is lost
    FaultDelay = 1u << 2,            ///< the provider executes late, within the deadline; the client times out
    FaultDuplicate = 1u << 3,        ///< the network delivers the request twice
    FaultRefusedPort = 1u << 4,      ///< nothing leaves the client (connection refused)
    FaultRateLimit = 1u << 5,        ///< 429 before the idempotency layer
    FaultSaved500 = 1u << 6,         ///< the provider stores a 500 for the key
    FaultForeign2xx = 1u << 7,       ///< a 200 with someone else's refund (a misrouted proxy)
    FaultKillBeforeSend = 1u << 8,   ///< the process dies after counting the attempt
    FaultKillAfterExecute = 1u << 9, ///< the process dies after the provider executed
    FaultKillBetween = 1u << 10,     ///< the process dies between tool calls or in a backoff sleep
    FaultLateFailure = 1u << 11,     ///< a succeeded refund fails later (refund.failed)
    FaultRetentionJump = 1u << 12,   ///< the clock jumps 25 h: the provider forgets keys (R10)
    ActorReviewer = 1u << 13,        ///< a person resolves unknown operations on the provider's evidence
    ActorReconciler = 1u << 14,      ///< webhook events reach the reconciler (duplicated, out of order)
    FaultKillDuringCall = 1u << 15,  ///< the process dies at a commit inside a tool call
    ActorAdmin = 1u << 16,           ///< an admin changes budgets, backoff and the request timeout mid-run (R20)
    FaultApiSwitch = 1u << 17,       ///< the schedule starts on stripe_v2 (30-day keys); an admin switches to v1 (R10)
    SimFaultCount = 18,
};

QString simFaultName(int bit);

struct SimResult
{
    QStringList violations;
    QStringList trace;
    int steps = 0;
    int toolCalls = 0;
    int requests = 0;
    int refunds = 0;
};

/**
 * One worker's database files and the operation-database connections it keeps.
 * Every schedule starts from the migrated empty databases (the templates). Opening a connection
 * costs more than the tool calls made on it (SQLite parses the whole schema, some 26 KB of
 * trigger text, and every statement is prepared again), so connections outlive the process and
 * the schedule they served:
 *  - within a schedule, a process that ends (killed, or done) hands its connection to the next
 *    process to start;
 *  - between schedules the operation database is restored in place, table by table from the
 *    template, by a connection of its own with triggers off (the guard refuses every DELETE).
 *    That is a commit like any other connection's: the others' parsed schema and prepared
 *    statements stay valid. (A file copy or SQLite's backup would change the schema cookie or
 *    the file under them, and every connection would parse the schema again.)
 * What a process kept in its connection dies with it as far as the code can tell: connections
 * are handed on only with no transaction open (no agent parks inside one, see SimScheduler) and
 * every kept statement reset (no read snapshot outlives the process). A schedule takes the same
 * steps either way, so its seed alone replays it.
 *
 * Not thread-safe: one per worker thread.
 */
class SimWorkspace
{
public:
    /** dir must exist; opDbTemplate and sandboxTemplate are migrated empty database files. */
    SimWorkspace(QString dir, QString opDbTemplate, QString sandboxTemplate);
    ~SimWorkspace();
    SimWorkspace(const SimWorkspace&) = delete;
    SimWorkspace& operator=(const SimWorkspace&) = delete;

    QString opDbPath() const;
    QString sandboxDbPath() const;
    /** Both databases as their templates (every kept connection idle); false with error if it cannot. */
    bool reset(QString* error);
    /** A connection to opDbPath(): an idle one, else a new one. Throws std::runtime_error if it cannot open. */
    std::unique_ptr<Database> take();
    /** Hands a connection back for the next taker (its hook cleared, its kept statements reset). */
    void give(std::unique_ptr<Database> db);

private:
    bool copyInPlace(const QString& path, const QString& from, QString* error);
    bool openRestorer(QString* error);
    /** Closes every kept connection and the restorer: the next reset() starts from copies. */
    void dropConnections();

    QString m_dir;
    QString m_opDbTemplate;
    QString m_sandboxTemplate;
    std::vector<std::unique_ptr<Database>> m_idle;
    sqlite3* m_restorer = nullptr; ///< restores opDbPath() from the template (triggers off)
    QByteArray m_restoreScript;
};

/** Runs one schedule in the workspace (which reset() prepares first). */
SimResult runSchedule(const SimConfig& config, SimWorkspace& workspace);
