#include "TestDemo.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

StoreResult<std::unique_ptr<DemoEnvironment>> createDemoOffThread(const DemoEnvironment::Options& options, int timeoutMs)
{
    std::unique_ptr<DemoEnvironment> demo;
    StoreError error = StoreError::make(StoreError::Code::QueryFailed,
                                        QStringLiteral("the demo was not built within %1 ms").arg(timeoutMs));
    std::unique_ptr<QThread> worker(QThread::create([&] {
        auto env = DemoEnvironment::create(options);
        if (env)
            demo = std::move(env).value();
        else
            error = env.error();
    }));
    worker->start();
    const QDeadlineTimer deadline(timeoutMs);
    while (!worker->wait(20) && !deadline.hasExpired())
        QCoreApplication::processEvents();
    worker->wait();
    if (!demo)
        return error;
    return demo;
}
