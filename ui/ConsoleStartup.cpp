#include "ConsoleStartup.h"

#include "CheckUnknownDialog.h"
#include "ConnectionDialog.h"
#include "CustomerMessageDialog.h"
#include "DemoRunner.h"
#include "HistoryTab.h"
#include "LookupPanel.h"
#include "ResolveDialog.h"
#include "SettingsTab.h"
#include "PaidTwiceDialog.h"
#include "UnmatchedEventsDialog.h"
#include "db/DatabaseUrl.h"
#include "review/UnknownSweep.h"
#include "Logging.h"
#include "ProviderKeySource.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
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

QStringList ConsoleStartup::showTargets()
{
    return {QStringLiteral("operations"), QStringLiteral("history"),   QStringLiteral("settings"),
            QStringLiteral("resolve"),    QStringLiteral("message"),   QStringLiteral("checkall"),
            QStringLiteral("unmatched"),  QStringLiteral("paidtwice"), QStringLiteral("log"),
            QStringLiteral("connection")};
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
    if (m_options.historyDays != 7)
        m_window->historyTab()->applyPreset(m_options.historyDays); // read when the tab is first shown
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
        m_databaseUrl = info.databaseUrl;
        m_providerUrl = info.providerUrl;
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
    m_databaseUrl = dbUrl;
    m_providerUrl = providerUrl;
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
    if (m_options.show != QLatin1String("operations")) {
        showTarget();
        return;
    }
    // Let layouts settle and the first countdown tick paint before grabbing.
    QTimer::singleShot(400, this, [this] { takeScreenshot(0); });
}

void ConsoleStartup::showTarget()
{
    const QString& show = m_options.show;
    if (show == QLatin1String("history") || show == QLatin1String("settings")) {
        const bool history = show == QLatin1String("history");
        // Connected before the tab is shown: showing it starts its first read.
        auto ready = std::make_shared<bool>(false);
        if (history)
            connect(m_window->historyTab(), &HistoryTab::statsUpdated, this, [ready] { *ready = true; });
        else
            connect(m_window->settingsTab(), &SettingsTab::loaded, this, [ready] { *ready = true; });
        if (!m_window->showPage(history ? MainWindow::Page::History : MainWindow::Page::Settings)) {
            std::fprintf(stderr, "refund-console: --show %s: the tab is disabled for this role (History needs "
                                 "--role finance or admin)\n", qPrintable(show));
            takeScreenshot(1);
            return;
        }
        grabWhen(m_window.get(), [ready] { return *ready; });
        return;
    }
    if (show == QLatin1String("connection")) {
        // The window's File › Connect runs the dialog modally (exec()); here it is shown as that
        // action fills it: the current database (password hidden) and provider.
        auto* dialog = new ConnectionDialog(m_window.get());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->loadRemembered();
        if (const auto url = DatabaseUrl::parse(m_databaseUrl))
            dialog->setDatabaseUrl(url->display());
        if (!m_providerUrl.isEmpty())
            dialog->setProviderUrl(m_providerUrl);
        dialog->show();
        grabWhen(dialog, [] { return true; });
        return;
    }
    // The other dialogs open through the window's own menu actions, as a person would open them
    // (Resolve and Customer message on the selected operation: the seed one on the demo).
    static const QHash<QString, QString> actions{
        {QStringLiteral("resolve"), QStringLiteral("actionResolve")},
        {QStringLiteral("message"), QStringLiteral("actionCustomerMessage")},
        {QStringLiteral("checkall"), QStringLiteral("actionCheckAllUnknown")},
        {QStringLiteral("unmatched"), QStringLiteral("actionUnmatchedEvents")},
        {QStringLiteral("paidtwice"), QStringLiteral("actionPaidTwice")},
        {QStringLiteral("log"), QStringLiteral("actionLog")},
    };
    auto* action = m_window->findChild<QAction*>(actions.value(show));
    if (!action || !action->isEnabled()) {
        std::fprintf(stderr, "refund-console: --show %s: the action is not available here\n", qPrintable(show));
        takeScreenshot(1);
        return;
    }
    const auto before = m_window->findChildren<QDialog*>(Qt::FindDirectChildrenOnly);
    action->trigger();
    // Customer message opens once its read of the operation has landed, so the dialog is
    // looked for on every poll, not only now.
    auto dialog = std::make_shared<QPointer<QDialog>>();
    auto swept = std::make_shared<bool>(false);
    const auto find = [this, before, dialog, swept]() -> QDialog* {
        if (*dialog)
            return *dialog;
        for (QDialog* d : m_window->findChildren<QDialog*>(Qt::FindDirectChildrenOnly)) {
            if (before.contains(d) || !d->isVisible())
                continue;
            *dialog = d;
            // Fits on a screen of --window-size, as far as its layout allows.
            d->resize(d->size().boundedTo(m_options.windowSize).expandedTo(d->minimumSizeHint()));
            m_grabTarget = d;
            if (auto* check = qobject_cast<CheckUnknownDialog*>(d)) {
                // Its sweep waits for the Start button: pressed here, so the proposals show.
                connect(check->sweep(), &UnknownSweep::finished, this, [swept] { *swept = true; });
                check->start();
            }
            return d;
        }
        return nullptr;
    };
    find();
    grabWhen(nullptr, [find, swept]() {
        QDialog* d = find();
        if (!d)
            return false;
        if (auto* resolve = qobject_cast<ResolveDialog*>(d))
            return resolve->isLoaded() && !resolve->lookupPanel()->isRunning()
                   && resolve->lookupPanel()->result().checkedAtMs > 0;
        if (qobject_cast<CheckUnknownDialog*>(d))
            return *swept;
        if (auto* unmatched = qobject_cast<UnmatchedEventsDialog*>(d))
            return !unmatched->isLoading();
        if (auto* paidTwice = qobject_cast<PaidTwiceDialog*>(d))
            return !paidTwice->isLoading();
        return true;   // Customer message and Log read nothing more once shown
    });
}

void ConsoleStartup::grabWhen(QWidget* target, std::function<bool()> ready)
{
    if (target)
        m_grabTarget = target;
    m_readyPoll.setInterval(50);
    connect(&m_readyPoll, &QTimer::timeout, this, [this, ready = std::move(ready)] {
        if (!ready())
            return;
        m_readyPoll.stop();
        // Let layouts settle and the first countdown tick paint before grabbing.
        QTimer::singleShot(400, this, [this] { takeScreenshot(0); });
    });
    m_readyPoll.start();
}

void ConsoleStartup::takeScreenshot(int exitCode)
{
    m_screenshotDeadline.stop();
    m_readyPoll.stop();
    // --show DIALOG saves the dialog alone; until it opens (or without one), the window.
    const QPixmap pixmap = m_grabTarget ? m_grabTarget->grab() : m_window->grab();
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
