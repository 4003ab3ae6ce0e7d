#include "ConsoleStartup.h"

#include "ConnectionDialog.h"
#include "DemoRunner.h"
#include "Logging.h"
#include "ProviderKeySource.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>

#include <cstdio>

ConsoleStartup::ConsoleStartup(const Options& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
{
    MainWindow::Options windowOptions;
    windowOptions.role = options.role;
    m_window = std::make_unique<MainWindow>(Clock::system(), windowOptions);
    m_window->resize(options.windowSize);

    // A screenshot should show the provider's state too, but never wait on it for long.
    m_providerWait.setSingleShot(true);
    m_providerWait.setInterval(8000);
    connect(&m_providerWait, &QTimer::timeout, this, [this] {
        m_providerReady = true;
        maybeTakeScreenshot();
    });
    connect(m_window.get(), &MainWindow::dataLoaded, this, [this] {
        m_dataReady = true;
        maybeTakeScreenshot();
    });
    connect(m_window.get(), &MainWindow::providerChecked, this, [this] {
        m_providerReady = true;
        maybeTakeScreenshot();
    });
    // The first load failed (it runs on the data service's thread, so connectDatabase() has
    // returned by then): the window shows why (and keeps retrying); the screenshot records
    // that and says so by its exit code.
    connect(m_window.get(), &MainWindow::loadFailed, this, [this] {
        if (m_options.screenshotFile.isEmpty() || m_screenshotTaken)
            return;
        m_screenshotTaken = true;
        QTimer::singleShot(400, this, [this] { takeScreenshot(1); });
    });
}

ConsoleStartup::~ConsoleStartup()
{
    // The window (and its database connection and watcher) goes before the demo's sandbox.
    m_window.reset();
    m_demo.reset();
}

void ConsoleStartup::start()
{
    m_window->show();
    if (!m_options.selectOperationId.isEmpty())
        m_window->selectOperation(m_options.selectOperationId);   // applied after the first load
    if (!m_options.screenshotFile.isEmpty()) {
        m_providerWait.start();
        // The data may never load (database unreachable, demo failed): after a minute the
        // window, with whatever error state it shows, is saved and the program exits 1.
        m_screenshotDeadline.setSingleShot(true);
        m_screenshotDeadline.setInterval(60000);
        connect(&m_screenshotDeadline, &QTimer::timeout, this, [this] {
            if (!m_screenshotTaken) {
                m_screenshotTaken = true;
                takeScreenshot(1);
            }
        });
        m_screenshotDeadline.start();
    }
    if (m_options.demo)
        startDemo();
    else
        connectConfigured();
}

void ConsoleStartup::startDemo()
{
    m_window->showLoading(tr("Creating the demo…"),
                          tr("Starting a sandbox payment provider and running the refund tool through real "
                             "scenarios. This takes a few seconds."));
    m_demo = std::make_unique<DemoRunner>();
    connect(m_demo.get(), &DemoRunner::progress, this, [this](const QString& step) {
        m_window->showLoading(tr("Creating the demo…"), step);
    });
    connect(m_demo.get(), &DemoRunner::failed, this, [this](const QString& error) {
        m_window->showStartupError(tr("The demo could not be created."),
                                   tr("%1. Check that sandbox-provider is installed next to refund-console or on "
                                      "PATH.").arg(error));
        std::fprintf(stderr, "refund-console: demo failed: %s\n", qPrintable(Logging::redact(error)));
        if (!m_options.screenshotFile.isEmpty())
            emit finished(1);
    });
    connect(m_demo.get(), &DemoRunner::ready, this, [this](const DemoRunner::Info& info) {
        for (const QString& line : info.description)
            std::fprintf(stdout, "%s\n", qPrintable(line));
        std::fflush(stdout);
        if (m_options.selectOperationId.isEmpty() && !m_options.screenshotFile.isEmpty())
            m_window->selectOperation(info.seedOperationId);
        m_window->setProvider(info.providerUrl, info.readKey, tr("demo sandbox"));
        m_window->connectDatabase(info.databaseUrl);
    });
    m_demo->start(m_options.demoDirectory);
}

void ConsoleStartup::connectConfigured()
{
    QString dbUrl = m_options.databaseUrl;
    QUrl providerUrl = m_options.providerUrl;
    if (dbUrl.isEmpty())
        dbUrl = ConnectionDialog::rememberedDatabaseUrl();
    if (providerUrl.isEmpty())
        providerUrl = ConnectionDialog::rememberedProviderUrl();
    if (dbUrl.isEmpty() && m_options.screenshotFile.isEmpty()) {
        ConnectionDialog dialog(m_window.get());
        dialog.loadRemembered();
        if (dialog.exec() == QDialog::Accepted) {
            dialog.remember();
            dbUrl = dialog.databaseUrl();
            providerUrl = dialog.providerUrl();
        }
    }
    if (!providerUrl.isEmpty()) {
        const ProviderKeySource::Key key = ProviderKeySource::load(providerUrl);
        m_window->setProvider(providerUrl, key.value, key.origin);
    } else {
        m_providerReady = true;
    }
    if (dbUrl.isEmpty()) {
        m_window->showStartupError(tr("No database configured."),
                                   tr("Use File › Connect, or start with --db postgresql://user@host/db, "
                                      "--db sqlite:/path/ops.db or --demo."));
        if (!m_options.screenshotFile.isEmpty()) {
            m_screenshotTaken = true;
            QTimer::singleShot(400, this, [this] { takeScreenshot(1); });
        }
        return;
    }
    if (!m_window->connectDatabase(dbUrl) && !m_options.screenshotFile.isEmpty()) {
        // The window shows why (and keeps retrying); the screenshot records that and says so by its exit code.
        m_screenshotTaken = true;
        QTimer::singleShot(400, this, [this] { takeScreenshot(1); });
    }
}

void ConsoleStartup::maybeTakeScreenshot()
{
    if (m_options.screenshotFile.isEmpty() || m_screenshotTaken || !m_dataReady || !m_providerReady)
        return;
    m_screenshotTaken = true;
    // Let layouts settle and the first countdown tick paint before grabbing.
    QTimer::singleShot(400, this, [this] { takeScreenshot(0); });
}

void ConsoleStartup::takeScreenshot(int exitCode)
{
    m_screenshotDeadline.stop();
    const QPixmap pixmap = m_window->grab();
    const QString file = QFileInfo(m_options.screenshotFile).absoluteFilePath();
    QDir().mkpath(QFileInfo(file).absolutePath());
    if (pixmap.isNull() || !pixmap.save(file, "PNG")) {
        std::fprintf(stderr, "refund-console: could not write the screenshot to %s\n", qPrintable(file));
        emit finished(1);
        return;
    }
    std::fprintf(stdout, "Screenshot: %s (%dx%d)\n", qPrintable(file), pixmap.width(), pixmap.height());
    std::fflush(stdout);
    emit finished(exitCode);
}
