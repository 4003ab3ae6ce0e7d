#include "DemoWorker.h"

#include "Logging.h"
#include "demo/DemoEnvironment.h"

DemoWorker::DemoWorker() = default;
DemoWorker::~DemoWorker() = default;

void DemoWorker::create(const QString& directory, const QString& sandboxExecutable)
{
    DemoEnvironment::Options options;
    options.directory = directory;
    options.sandboxExecutable = sandboxExecutable;
    options.progress = [this](const QString& step) { emit progress(step); };
    auto demo = DemoEnvironment::create(options);
    if (!demo) {
        Logging::error(QStringLiteral("demo: %1").arg(Logging::redact(demo.error().message)));
        emit failed(demo.error().message);
        return;
    }
    m_demo = std::move(demo).value();
    DemoRunner::Info info;
    info.databaseUrl = m_demo->databaseUrl();
    info.providerUrl = m_demo->providerUrl();
    info.readKey = m_demo->readKey();
    info.seedOperationId = m_demo->seedOperationId();
    info.directory = m_demo->directory();
    info.description = m_demo->describe();
    emit ready(info);
}

void DemoWorker::destroy()
{
    m_demo.reset();
}
