#pragma once

#include "Clock.h"

#include <atomic>

/**
 * The system clock moved by a settable offset (UTC epoch ms), thread-safe.
 *
 * The demo plays its scenarios as if they happened over the last days: time keeps running
 * inside a scenario (attempt start and finish times differ as they really did), while the
 * offset places the scenario in the past. Used only by the demo; tests use ManualClock.
 */
class ShiftedClock final : public Clock
{
public:
    explicit ShiftedClock(qint64 offsetMs = 0) : m_offsetMs(offsetMs) {}
    qint64 nowMs() const override { return Clock::system().nowMs() + m_offsetMs.load(); }
    /** offsetMs < 0 is the past. */
    void setOffsetMs(qint64 offsetMs) { m_offsetMs.store(offsetMs); }
    qint64 offsetMs() const { return m_offsetMs.load(); }

private:
    std::atomic<qint64> m_offsetMs;
};
