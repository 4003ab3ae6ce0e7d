#pragma once

#include "Clock.h"
#include "MainWindow.h"

#include <QObject>
#include <QTimer>
#include <QUrl>

#include <memory>

class DemoRunner;

/**
 * What `refund-console` does after parsing its command line: builds the main window,
 * creates the demo in a worker thread (--demo) or connects to --db / the remembered
 * database, finds the provider key, applies --select, and for --screenshot saves the window
 * as PNG once the data is shown and quits.
 */
class ConsoleStartup : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        bool demo = false;
        QString demoDirectory;       ///< --demo-dir: keep the demo here (empty: a temporary folder)
        QString databaseUrl;         ///< --db (may hold a password: never printed)
        QUrl providerUrl;            ///< --provider-url
        QString role = QStringLiteral("support");
        QString screenshotFile;      ///< --screenshot FILE
        QString selectOperationId;   ///< --select
        QSize windowSize{1280, 800};
    };

    explicit ConsoleStartup(const Options& options, QObject* parent = nullptr);
    ~ConsoleStartup() override;

    /** Shows the window and starts loading; returns at once. */
    void start();
    MainWindow* window() const { return m_window.get(); }

signals:
    /** --screenshot: the PNG was written (ok) or could not be (exit code 1). */
    void finished(int exitCode);

private:
    void startDemo();
    void connectConfigured();
    void maybeTakeScreenshot();
    /** Saves the window as it is and finishes with exitCode (1 when it shows an error state). */
    void takeScreenshot(int exitCode = 0);

    Options m_options;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<DemoRunner> m_demo;
    bool m_dataReady = false;
    bool m_providerReady = false;
    bool m_screenshotTaken = false;
    QTimer m_providerWait;
    QTimer m_screenshotDeadline;   // --screenshot never waits for ever: saves what is shown, exits 1
};
