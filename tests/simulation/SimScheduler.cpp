#include "SimScheduler.h"

#include <exception>

namespace {
thread_local int t_agentId = -1;
}

SimScheduler::~SimScheduler() { shutdown(); }

int SimScheduler::spawn(std::function<void()> body)
{
    std::unique_lock lock(m_mutex);
    const int id = int(m_slots.size());
    m_slots.push_back(std::make_unique<Slot>());
    Slot* slot = m_slots.back().get();
    slot->thread = std::thread([this, id, slot, body = std::move(body)] {
        t_agentId = id;
        {
            std::unique_lock l(m_mutex);
            m_cv.wait(l, [&] { return m_running == id; });
        }
        QString error;
        try {
            if (!slot->kill)
                body();
        } catch (const SimKilled&) {
        } catch (const std::exception& e) {
            error = QStringLiteral("agent %1 threw: %2").arg(id).arg(QString::fromUtf8(e.what()));
        } catch (...) {
            error = QStringLiteral("agent %1 threw an unknown exception").arg(id);
        }
        std::unique_lock l(m_mutex);
        if (!error.isEmpty())
            m_errors << error;
        slot->done = true;
        m_running = -1;
        m_cv.notify_all();
    });
    return id;
}

void SimScheduler::park(Point point, int value)
{
    const int id = t_agentId;
    std::unique_lock lock(m_mutex);
    Slot& slot = *m_slots[size_t(id)];
    slot.point = point;
    slot.value = value;
    m_running = -1;
    m_cv.notify_all();
    m_cv.wait(lock, [&] { return m_running == id; });
    if (slot.kill)
        throw SimKilled{};
}

void SimScheduler::handOver(std::unique_lock<std::mutex>& lock, int id)
{
    m_running = id;
    m_cv.notify_all();
    m_cv.wait(lock, [&] { return m_running == -1; });
}

void SimScheduler::resume(int id)
{
    std::unique_lock lock(m_mutex);
    if (m_slots[size_t(id)]->done)
        return;
    handOver(lock, id);
}

void SimScheduler::kill(int id)
{
    std::unique_lock lock(m_mutex);
    Slot& slot = *m_slots[size_t(id)];
    if (slot.done)
        return;
    slot.kill = true;
    handOver(lock, id);
}

bool SimScheduler::finished(int id) const
{
    std::unique_lock lock(m_mutex);
    return m_slots[size_t(id)]->done;
}

SimScheduler::Point SimScheduler::point(int id) const
{
    std::unique_lock lock(m_mutex);
    return m_slots[size_t(id)]->point;
}

int SimScheduler::pointValue(int id) const
{
    std::unique_lock lock(m_mutex);
    return m_slots[size_t(id)]->value;
}

std::vector<int> SimScheduler::live() const
{
    std::unique_lock lock(m_mutex);
    std::vector<int> out;
    for (size_t i = 0; i < m_slots.size(); ++i)
        if (!m_slots[i]->done)
            out.push_back(int(i));
    return out;
}

QStringList SimScheduler::agentErrors() const
{
    std::unique_lock lock(m_mutex);
    return m_errors;
}

void SimScheduler::shutdown()
{
    for (int id : live())
        kill(id);
    for (auto& slot : m_slots)
        if (slot->thread.joinable())
            slot->thread.join();
}
