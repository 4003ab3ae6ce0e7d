// refund_simulation: the deterministic simulation of issue 16 (see SimSchedule.h).
//
//   refund_simulation [--schedules N] [--seed S] [--threads T] [--mask M] [--trace]
//
// Runs N schedules with seeds S, S+1, ... on T threads (each schedule is single-threaded and
// a pure function of its seed and mask). A failing schedule is replayed with fewer fault kinds
// until no kind can be dropped, and its minimal replay command and trace are printed. The last
// line is always "N schedules, M failed"; the exit code is 0 only when M is 0.
// SIM_PROFILE=1 prints the time of each schedule's set-up, steps and checks.
#include "SimSchedule.h"

#include "Logging.h"
#include "db/Database.h"
#include "db/SchemaMigrator.h"
#include "sandbox/SandboxStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <malloc.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

namespace {

bool makeTemplates(const QString& dir, QString* opDb, QString* sandboxDb, QString* error)
{
    *opDb = dir + QStringLiteral("/template-ops.db");
    *sandboxDb = dir + QStringLiteral("/template-sandbox.db");
    {
        auto db = Database::open(QStringLiteral("sqlite:") + *opDb);
        if (!db) {
            *error = db.error().message;
            return false;
        }
        if (auto v = SchemaMigrator::migrate(*db.value()); !v) {
            *error = v.error().message;
            return false;
        }
    }
    SandboxStore store;
    if (auto opened = store.open(*sandboxDb); !opened) {
        *error = opened.error().message;
        return false;
    }
    return true;
}

QString maskText(quint32 mask)
{
    QStringList on;
    for (int bit = 0; bit < int(SimFaultCount); ++bit)
        if (mask & (1u << bit))
            on << simFaultName(bit);
    return on.isEmpty() ? QStringLiteral("none") : on.join(QLatin1Char(','));
}

} // namespace

int main(int argc, char** argv)
{
    // Each schedule allocates and frees a few MiB (SQLite's page caches, Qt's and the tool's
    // buffers). glibc hands freed heap tops and large blocks back to the kernel at once, and on
    // this virtual machine every such madvise/munmap is a TLB shootdown across both cores:
    // perf showed about a fifth of the run's CPU there (agents' stacks, the rest, are pooled in
    // SimScheduler). Keeping the memory in the process (one thread's 500 schedules peaked at
    // 31 MiB resident) takes that away; what a schedule does is unchanged. Should mallopt
    // refuse, the run is only slower.
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("refund_simulation"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Deterministic simulation of the refund tool, its database and the provider."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("schedules"), QStringLiteral("Schedules to run (default 10000)."), QStringLiteral("N"), QStringLiteral("10000")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Seed of the first schedule (default 1)."), QStringLiteral("S"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Worker threads (default: the number of cores)."), QStringLiteral("T"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("mask"), QStringLiteral("Fault kinds allowed, a bit mask (default all)."), QStringLiteral("M"), QStringLiteral("0xffffffff")});
    parser.addOption({QStringLiteral("trace"), QStringLiteral("Print the trace of every schedule (use with --schedules 1).")});
    parser.addOption({QStringLiteral("progress"), QStringLiteral("Print a progress line every N schedules (long runs)."),
                      QStringLiteral("N"), QStringLiteral("0")});
    parser.process(app);

    bool ok = false;
    const qint64 schedules = parser.value(QStringLiteral("schedules")).toLongLong(&ok);
    if (!ok || schedules < 1) {
        std::fprintf(stderr, "--schedules: expected a positive number, got \"%s\"\n", qPrintable(parser.value(QStringLiteral("schedules"))));
        return 2;
    }
    const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok) {
        std::fprintf(stderr, "--seed: expected a non-negative number, got \"%s\"\n", qPrintable(parser.value(QStringLiteral("seed"))));
        return 2;
    }
    const quint32 mask = parser.value(QStringLiteral("mask")).toUInt(&ok, 0);
    if (!ok) {
        std::fprintf(stderr, "--mask: expected a number (e.g. 0x7fff), got \"%s\"\n", qPrintable(parser.value(QStringLiteral("mask"))));
        return 2;
    }
    int threads = parser.value(QStringLiteral("threads")).toInt(&ok);
    if (!ok || threads < 0 || threads > 64) {
        std::fprintf(stderr, "--threads: expected 0..64, got \"%s\"\n", qPrintable(parser.value(QStringLiteral("threads"))));
        return 2;
    }
    if (threads == 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    const bool traceAll = parser.isSet(QStringLiteral("trace"));
    const qint64 progressEvery = parser.value(QStringLiteral("progress")).toLongLong(&ok);
    if (!ok || progressEvery < 0) {
        std::fprintf(stderr, "--progress: expected a non-negative number, got \"%s\"\n", qPrintable(parser.value(QStringLiteral("progress"))));
        return 2;
    }

    Logging::init(QStringLiteral("off")); // the tool's own log lines would drown the report

    // Every schedule restores two small databases and commits with synchronous=FULL: on tmpfs
    // (/dev/shm) an fsync costs nothing, so the run measures the code, not the disk.
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    const QString tempRoot = !qEnvironmentVariableIsSet("TMPDIR") && shm.isDir() && shm.isWritable()
                                 ? shm.absoluteFilePath()
                                 : QDir::tempPath();
    QTemporaryDir work(tempRoot + QStringLiteral("/refund-sim-XXXXXX"));
    QString opTemplate, sandboxTemplate, error;
    if (!work.isValid() || !makeTemplates(work.path(), &opTemplate, &sandboxTemplate, &error)) {
        std::fprintf(stderr, "simulation: cannot prepare the databases: %s\n", qPrintable(error));
        return 2;
    }

    std::atomic<qint64> next{0};
    qint64 done = 0; // guarded by outMutex
    std::atomic<qint64> failed{0}, calls{0}, requests{0}, refunds{0}, steps{0};
    std::mutex outMutex;
    std::vector<quint64> failingSeeds;
    QElapsedTimer timer;
    timer.start();
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            const QString dir = work.path() + QStringLiteral("/w%1").arg(t);
            QDir().mkpath(dir);
            SimWorkspace workspace(dir, opTemplate, sandboxTemplate);
            for (;;) {
                const qint64 i = next.fetch_add(1);
                if (i >= schedules)
                    break;
                SimConfig config;
                config.seed = seed + quint64(i);
                config.mask = mask;
                config.keepTrace = traceAll;
                const SimResult r = runSchedule(config, workspace);
                calls += r.toolCalls;
                requests += r.requests;
                refunds += r.refunds;
                steps += r.steps;
                std::lock_guard lock(outMutex);
                const qint64 finished = ++done;
                if (progressEvery > 0 && finished % progressEvery == 0) {
                    std::printf("progress: %lld schedules (seeds from %llu), %lld failed, %.0f s\n", finished,
                                static_cast<unsigned long long>(seed), failed.load(), double(timer.elapsed()) / 1000.0);
                    std::fflush(stdout);
                }
                if (traceAll)
                    for (const QString& line : r.trace)
                        std::printf("seed %llu %s\n", static_cast<unsigned long long>(config.seed), qPrintable(line));
                if (!r.violations.isEmpty()) {
                    ++failed;
                    failingSeeds.push_back(config.seed);
                    if (failingSeeds.size() <= 20)
                        for (const QString& v : r.violations)
                            std::printf("FAIL seed %llu: %s\n", static_cast<unsigned long long>(config.seed), qPrintable(v));
                    std::fflush(stdout); // a long run shows its failures as they happen
                }
            }
        });
    }
    for (auto& w : workers)
        w.join();
    const double seconds = double(timer.elapsed()) / 1000.0;

    if (!failingSeeds.empty()) {
        // A minimal replay: drop every fault kind the failure does not need.
        std::sort(failingSeeds.begin(), failingSeeds.end());
        const quint64 s = failingSeeds.front();
        const QString dir = work.path() + QStringLiteral("/shrink");
        QDir().mkpath(dir);
        SimWorkspace workspace(dir, opTemplate, sandboxTemplate);
        quint32 minimal = mask;
        for (int bit = 0; bit < int(SimFaultCount); ++bit) {
            const quint32 candidate = minimal & ~(1u << bit);
            if (candidate == minimal)
                continue;
            SimConfig c;
            c.seed = s;
            c.mask = candidate;
            if (!runSchedule(c, workspace).violations.isEmpty())
                minimal = candidate;
        }
        SimConfig c;
        c.seed = s;
        c.mask = minimal;
        c.keepTrace = true;
        const SimResult r = runSchedule(c, workspace);
        std::printf("minimal replay: %s --schedules 1 --seed %llu --mask 0x%x --trace   (faults: %s)\n",
                    qPrintable(QCoreApplication::applicationFilePath()), static_cast<unsigned long long>(s), minimal,
                    qPrintable(maskText(minimal)));
        for (const QString& line : r.trace)
            std::printf("  %s\n", qPrintable(line));
        for (const QString& v : r.violations)
            std::printf("  VIOLATION: %s\n", qPrintable(v));
    }
    std::printf("simulation: seeds %llu..%llu, %d thread(s), %.1f s (%.0f schedules/s): %lld tool calls, %lld provider "
                "requests, %lld refunds at the provider, %lld steps\n",
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed + quint64(schedules) - 1),
                threads, seconds, double(schedules) / std::max(seconds, 0.001), calls.load(), requests.load(),
                refunds.load(), steps.load());
    std::printf("%lld schedules, %lld failed\n", static_cast<long long>(schedules), failed.load());
    std::fflush(stdout);
    return failed.load() == 0 ? 0 : 1;
}
