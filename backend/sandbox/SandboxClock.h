#pragma once

#include "Clock.h"

#include <atomic>

/**
 * The sandbox's time source: the system clock plus an offset that tests move forward
 * (POST /_sandbox/clock). Every `created` time (UTC seconds) and every key expiry (R14, R10)
 * uses it. The offset is persisted by SandboxStore so a restart does not move time back.
 */
class SandboxClock final : public Clock
{
public:
    explicit SandboxClock(const Clock& base = Clock::system()) : m_base(base) {}
    /** System time plus the offset, UTC epoch ms. */
    qint64 nowMs() const override { return m_base.nowMs() + m_offsetMs.load(); }
    /** UTC epoch seconds (Stripe's `created`). */
    qint64 nowSeconds() const { return nowMs() / 1000; }
    qint64 offsetMs() const { return m_offsetMs.load(); }
    void setOffsetMs(qint64 ms) { m_offsetMs.store(ms); }
    /** Moves time forward by ms (negative values are ignored: time never goes back). */
    void advanceMs(qint64 ms)
    {
        if (ms > 0)
            m_offsetMs.fetch_add(ms);
    }

private:
    const Clock& m_base;
    std::atomic<qint64> m_offsetMs{0};
};
