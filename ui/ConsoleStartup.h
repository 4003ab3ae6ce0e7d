#pragma once

#include "Clock.h"
#include "MainWindow.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>
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
        /// --show: what the screenshot shows (see showTargets()); a dialog is saved alone, at its
        /// own size made to fit windowSize, once it has read what it shows.
        QString show = QStringLiteral("operations");
        /// --history-range: the History preset it opens on, in UTC days (7, 30, 90; 0 = all time).
        int historyDays = 7;
    };

    /** The values --show accepts: the tabs, then the dialogs. */
    static QStringList showTargets();

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
    /** --show: brings the tab or opens the dialog, and grabs it once it has read what it shows. */
    void showTarget();
    /** Waits until ready() holds (polled), lets layouts settle, then saves target. */
    void grabWhen(QWidget* target, std::function<bool()> ready);
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
    QTimer m_readyPoll;            // --show: polls the target's readiness
    QPointer<QWidget> m_grabTarget;   // --show: the dialog to save instead of the window
    QString m_databaseUrl;         // the demo's (for --show connection); may hold a password elsewhere
    QUrl m_providerUrl;
};
