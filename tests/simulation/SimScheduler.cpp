#include "SimScheduler.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <vector>

namespace {
// RefundTool, Qt SQL and SQLite's statement compiler run on an agent's stack: 1 MiB, committed
// only as touched. A guard page below it turns an overflow into a crash, not silent corruption.
constexpr size_t kStackBytes = size_t(1) << 20;

size_t mappedStackBytes() { return kStackBytes + size_t(sysconf(_SC_PAGESIZE)); }

// Stacks are kept per worker thread and reused by the next schedule's agents: mapping and
// unmapping a few per schedule cost a TLB shootdown across both cores each on this virtual
// machine, and faulting the fresh pages in again. A reused stack holds the last agent's
// garbage below its frames, which no code reads. A schedule runs on one thread from start to
// end, so its slots go back to the pool they came from.
struct StackPool {
    std::vector<void*> stacks;
    ~StackPool()
    {
        for (void* stack : stacks)
            munmap(stack, mappedStackBytes());
    }
};
thread_local StackPool t_stackPool;
constexpr size_t kPooledStacks = 64;
} // namespace

SimScheduler::Slot::~Slot()
{
    if (!stack)
        return;
    if (t_stackPool.stacks.size() < kPooledStacks)
        t_stackPool.stacks.push_back(stack);
    else
        munmap(stack, stackBytes);
}

SimScheduler::~SimScheduler() { shutdown(); }

int SimScheduler::spawn(std::function<void()> body)
{
    const int id = int(m_slots.size());
    auto slot = std::make_unique<Slot>();
    slot->body = std::move(body);
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    slot->stackBytes = mappedStackBytes();
    if (!t_stackPool.stacks.empty()) {
        slot->stack = t_stackPool.stacks.back(); // its guard page is still PROT_NONE
        t_stackPool.stacks.pop_back();
    } else {
        slot->stack = mmap(nullptr, slot->stackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
        if (slot->stack == MAP_FAILED) {
            slot->stack = nullptr;
            throw std::runtime_error("simulation: cannot map an agent's stack");
        }
        mprotect(slot->stack, page, PROT_NONE);
    }
    getcontext(&slot->context);
    slot->context.uc_stack.ss_sp = static_cast<char*>(slot->stack) + page;
    slot->context.uc_stack.ss_size = kStackBytes;
    slot->context.uc_link = nullptr; // entry() never returns: it switches back for the last time
    // makecontext passes int arguments only: the scheduler's address in two halves.
    const auto self = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&slot->context, reinterpret_cast<void (*)()>(&SimScheduler::entry), 2,
                static_cast<unsigned int>(self >> 32), static_cast<unsigned int>(self & 0xffffffffu));
    m_slots.push_back(std::move(slot));
    return id;
}

void SimScheduler::entry(unsigned int high, unsigned int low)
{
    auto* self = reinterpret_cast<SimScheduler*>((std::uintptr_t(high) << 32) | std::uintptr_t(low));
    const int id = self->m_running;
    self->runAgent(id);
    // Never resumed again; the stack is freed with the slot.
    swapcontext(&self->m_slots[size_t(id)]->context, &self->m_schedulerContext);
}

void SimScheduler::runAgent(int id)
{
    Slot& slot = *m_slots[size_t(id)];
    QString error;
    try {
        if (!slot.kill)
            slot.body();
    } catch (const SimKilled&) {
    } catch (const std::exception& e) {
        error = QStringLiteral("agent %1 threw: %2").arg(id).arg(QString::fromUtf8(e.what()));
    } catch (...) {
        error = QStringLiteral("agent %1 threw an unknown exception").arg(id);
    }
    if (!error.isEmpty())
        m_errors << error;
    slot.body = nullptr; // its captures go with the agent, as a process's memory does
    slot.done = true;
}

void SimScheduler::park(Point point, int value)
{
    const int id = m_running;
    if (id < 0)
        throw std::logic_error("SimScheduler::park outside an agent");
    // The C++ runtime keeps the exceptions being thrown and handled per thread, not per stack:
    // a switch while one unwinds or is being handled would hand it to another agent, which then
    // rethrows or ends the wrong one. No park point is reached there today; keep it so.
    if (std::uncaught_exceptions() != 0 || std::current_exception()) {
        std::fprintf(stderr, "simulation: agent %d parked while an exception was in flight or handled\n", id);
        std::abort();
    }
    Slot& slot = *m_slots[size_t(id)];
    slot.point = point;
    slot.value = value;
    m_running = -1;
    swapcontext(&slot.context, &m_schedulerContext);
    if (slot.kill)
        throw SimKilled{};
}

void SimScheduler::switchTo(int id)
{
    Slot& slot = *m_slots[size_t(id)];
    slot.started = true;
    m_running = id;
    swapcontext(&m_schedulerContext, &slot.context);
    m_running = -1;
}

void SimScheduler::resume(int id)
{
    if (m_slots[size_t(id)]->done)
        return;
    switchTo(id);
}

void SimScheduler::kill(int id)
{
    Slot& slot = *m_slots[size_t(id)];
    if (slot.done)
        return;
    slot.kill = true;
    switchTo(id); // unwinds from its park point (or, not started, ends at once)
}

bool SimScheduler::finished(int id) const { return m_slots[size_t(id)]->done; }

SimScheduler::Point SimScheduler::point(int id) const { return m_slots[size_t(id)]->point; }

int SimScheduler::pointValue(int id) const { return m_slots[size_t(id)]->value; }

std::vector<int> SimScheduler::live() const
{
    std::vector<int> out;
    for (size_t i = 0; i < m_slots.size(); ++i)
        if (!m_slots[i]->done)
            out.push_back(int(i));
    return out;
}

QStringList SimScheduler::agentErrors() const { return m_errors; }

void SimScheduler::shutdown()
{
    // A killed agent ends at once (park() throws again if it is resumed at another park point
    // while unwinding); the loop is for agents spawned meanwhile, bounded against a bug.
    for (int round = 0; round < 8 && !live().empty(); ++round) {
        for (int id : live())
            kill(id);
    }
    if (!live().empty()) {
        std::fprintf(stderr, "simulation: %zu agents did not end when killed\n", live().size());
        std::abort();
    }
}
