#pragma once

#include <QtGlobal>

#include <atomic>

/**
 * The time source of the refund tool and the stores, in UTC milliseconds since the Unix epoch.
 *
 * Every deadline in the system (key retention, R10) is computed from instants, never from
 * local wall-clock time, so daylight-saving changes cannot shift it. Tests move a
 * ManualClock forward instead of sleeping.
 */
class Clock
{
public:
    virtual ~Clock() = default;
    /** Current instant, UTC epoch milliseconds. */
    virtual qint64 nowMs() const = 0;

    /** The process-wide system clock (QDateTime::currentMSecsSinceEpoch). */
    static Clock& system();
};

/** A clock that only moves when told to; thread-safe. */
class ManualClock final : public Clock
{
public:
    explicit ManualClock(qint64 startMs) : m_now(startMs) {}
    qint64 nowMs() const override { return m_now.load(); }
    void setNowMs(qint64 ms) { m_now.store(ms); }
    void advanceMs(qint64 ms) { m_now.fetch_add(ms); }

private:
    std::atomic<qint64> m_now;
};
