#pragma once

// Holds a ConsoleDataService's thread with a job until released (issue 12 tests): while it is
// held nothing else of the service runs, so a read that still happens ran on another thread,
// and answers can be made to arrive in a chosen order.
#include "console/ConsoleDataService.h"

#include <QObject>
#include <QSemaphore>

#include <memory>

class ServiceHold
{
public:
    explicit ServiceHold(ConsoleDataService& service)
        : m_state(std::make_shared<State>())
    {
        service.submit(
            &m_context,
            [state = m_state](Database&, OperationStore&) -> StoreResult<int> {
                state->started.release();
                state->release.acquire();
                return 0;
            },
            [](StoreResult<int>) {}, ConsoleDataService::Retry::Never);
    }
    ~ServiceHold() { release(); }
    /** Whether the service thread runs the hold now (waits up to ms for it). */
    bool started(int ms = 10000) { return m_state->started.tryAcquire(1, ms); }
    void release()
    {
        if (!m_released) {
            m_released = true;
            m_state->release.release();
        }
    }

private:
    struct State
    {
        QSemaphore started;
        QSemaphore release;
    };
    QObject m_context;
    std::shared_ptr<State> m_state;
    bool m_released = false;
};
