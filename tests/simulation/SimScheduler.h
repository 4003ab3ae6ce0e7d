#pragma once

#include <QString>
#include <QStringList>

#include <ucontext.h>

#include <functional>
#include <memory>
#include <vector>

/** Thrown inside an agent at a park point when the scheduler kills that agent. */
struct SimKilled
{
};

/**
 * Runs the simulation's agents one at a time (a baton), so a schedule is a pure function of
 * the scheduler's choices. Each agent runs real blocking code (RefundTool) on its own stack, as
 * a coroutine of the scheduler's thread (ucontext): it parks at the points where the outside
 * world can interleave (a request to send, a backoff sleep, a pause between tool calls, after a
 * commit) and runs only when the scheduler resumes it. A hand-over is a stack switch in the same
 * thread: no futex, no kernel scheduling. (The first version ran each agent on a thread of its
 * own and passed the baton with a condition variable: a third of a schedule's wall time went
 * to waking threads.) No agent ever parks inside a database transaction, so parked agents hold
 * no locks, and since every agent runs on the scheduler's thread, each may open its own Qt SQL
 * connection as a separate process would.
 *
 * What a thread keeps for itself is shared by every agent: the exceptions in flight (park()
 * aborts if it is reached while one unwinds or is handled) and the ownership of recursive
 * mutexes (an agent parked holding one would let the next agent in): park only between steps,
 * never under a lock, in a catch block or a destructor.
 *
 * kill() makes the agent's park() throw SimKilled: its stack unwinds (connections close) as
 * when a process is SIGKILLed between two steps.
 *
 * Not thread-safe: one scheduler per thread, every call from that thread.
 */
class SimScheduler
{
public:
    enum class Point { Start, Send, Sleep, Between };

    SimScheduler() = default;
    ~SimScheduler();
    SimScheduler(const SimScheduler&) = delete;
    SimScheduler& operator=(const SimScheduler&) = delete;

    /** Creates an agent; it waits at Point::Start until resumed. Returns its id. */
    int spawn(std::function<void()> body);

    // ---- called by agents, on their own stack ----
    /** Hands the baton back and waits to be resumed; throws SimKilled when killed. */
    void park(Point point, int value = 0);

    // ---- called by the scheduler ----
    /** Lets the agent run until it parks again or ends. */
    void resume(int id);
    /** The agent unwinds from its park point and ends. */
    void kill(int id);
    bool finished(int id) const;
    Point point(int id) const;
    int pointValue(int id) const;
    /** Ids of agents that have not ended, in spawn order. */
    std::vector<int> live() const;
    /** Exceptions other than SimKilled that an agent threw (a bug in the simulation or the code). */
    QStringList agentErrors() const;
    /** Ends every agent: those still parked are killed (their stacks unwind). */
    void shutdown();

private:
    struct Slot
    {
        std::function<void()> body;
        ucontext_t context{};
        void* stack = nullptr; ///< mmap'd, with a guard page below it
        size_t stackBytes = 0;
        Point point = Point::Start;
        int value = 0;
        bool started = false;
        bool done = false;
        bool kill = false;
        ~Slot();
    };
    static void entry(unsigned int high, unsigned int low);
    void runAgent(int id);
    void switchTo(int id);

    ucontext_t m_schedulerContext{};
    int m_running = -1; ///< the agent holding the baton; -1: the scheduler
    std::vector<std::unique_ptr<Slot>> m_slots;
    QStringList m_errors;
};
