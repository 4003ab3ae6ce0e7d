#pragma once

#include "DemoRunner.h"

#include <QObject>

#include <memory>

class DemoEnvironment;

/** DemoRunner's half in the worker thread: owns the DemoEnvironment. Internal to DemoRunner. */
class DemoWorker : public QObject
{
    Q_OBJECT

public:
    DemoWorker();
    ~DemoWorker() override;

public slots:
    void create(const QString& directory, const QString& sandboxExecutable);
    void destroy();

signals:
    void progress(const QString& step);
    void ready(const DemoRunner::Info& info);
    void failed(const QString& error);

private:
    std::unique_ptr<DemoEnvironment> m_demo;
};
