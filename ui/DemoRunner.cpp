#include "DemoRunner.h"

#include "DemoWorker.h"

DemoRunner::DemoRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<DemoRunner::Info>();
    m_thread.setObjectName(QStringLiteral("demo"));
    m_worker = new DemoWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &DemoWorker::progress, this, &DemoRunner::progress);
    connect(m_worker, &DemoWorker::failed, this, &DemoRunner::failed);
    connect(m_worker, &DemoWorker::ready, this, [this](const DemoRunner::Info& info) {
        m_info = info;
        emit ready(info);
    });
    m_thread.start();
}

DemoRunner::~DemoRunner()
{
    // Stop the sandbox in the thread that started it, then end the thread.
    QMetaObject::invokeMethod(m_worker, &DemoWorker::destroy, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void DemoRunner::start(const QString& directory, const QString& sandboxExecutable)
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, directory, sandboxExecutable] {
        worker->create(directory, sandboxExecutable);
    }, Qt::QueuedConnection);
}
