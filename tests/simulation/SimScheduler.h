#pragma once

#include <QString>
#include <QStringList>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

/** Thrown inside an agent's thread at a park point when the scheduler kills that agent. */
struct SimKilled
{
};

/**
 * Runs the simulation's agents one at a time (a baton), so a schedule is a pure function of
 * the scheduler's choices. Each agent is a real thread running real blocking code (RefundTool);
 * it parks at the points where the outside world can interleave (a request to send, a
 * backoff sleep, a pause between tool calls) and runs only while the scheduler waits for it.
 * No agent ever parks inside a database transaction, so parked agents hold no locks.
 *
 * kill() makes the agent's park() throw SimKilled: its stack unwinds (connections close) as
 * when a process is SIGKILLed between two steps.
 */
class SimScheduler
{
public:
    enum class Point { Start, Send, Sleep, Between };

    SimScheduler() = default;
    ~SimScheduler();
    SimScheduler(const SimScheduler&) = delete;
    SimScheduler& operator=(const SimScheduler&) = delete;

    /** Starts an agent; it waits at Point::Start until resumed. Returns its id. */
    int spawn(std::function<void()> body);

    // ---- called by agents, in their own thread ----
    /** Hands the baton back and waits to be resumed; throws SimKilled when killed. */
    void park(Point point, int value = 0);

    // ---- called by the scheduler's thread ----
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
    /** Joins every thread; agents still parked are killed first. */
    void shutdown();

private:
    struct Slot
    {
        std::thread thread;
        Point point = Point::Start;
        int value = 0;
        bool done = false;
        bool kill = false;
    };
    void handOver(std::unique_lock<std::mutex>& lock, int id);

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_running = -1; ///< the agent holding the baton; -1: the scheduler
    std::vector<std::unique_ptr<Slot>> m_slots;
    QStringList m_errors;
};
