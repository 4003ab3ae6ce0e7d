// Issue 15: every user-visible string goes through tr(). The window is rendered on the embedded
// demo in Russian and Turkish, with each tab shown and each dialog opened through its menu
// action as a person would, and every text a person can read is collected: labels, buttons,
// tabs, menus and their shortcuts, tooltips, placeholders, table headers and cells, chart titles,
// axes, categories and legends. A word of English in it fails the test, unless it is an id or a
// code (a token with a digit, '_', '/', '@' or an inner '.', or one of a short allow-list of
// names and codes that stay as they are in every language: currency codes, SQLite, CSV...).
//
// Russian is written in Cyrillic, so there every Latin word of three letters or more counts.
// Turkish is written in Latin letters, so there a word counts when it is a word of the
// interface's English source strings (or of Qt's standard buttons) and not one the Turkish
// translation itself uses (Turkish and English share a few words).
#include "TestDemo.h"

#include "CheckUnknownDialog.h"
#include "ConnectionDialog.h"
#include "HistoryTab.h"
#include "HistoryTableModel.h"
#include "InterfaceLanguage.h"
#include "MainWindow.h"
#include "SettingsTab.h"
#include "demo/DemoEnvironment.h"
#include "review/UnknownSweep.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QBarSet>
#include <QAbstractBarSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

/** A text a person can read, and where it is shown (for the failure message). */
struct Seen
{
    QString where;
    QString text;
};

QString plain(const QString& text)
{
    QString t = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    t.remove(QLatin1Char('&')); // mnemonics
    return t;
}

QString nameOf(const QObject* o)
{
    return QStringLiteral("%1#%2").arg(QString::fromLatin1(o->metaObject()->className()), o->objectName());
}

void addActions(const QList<QAction*>& actions, const QString& where, QList<Seen>& out)
{
    for (const QAction* a : actions) {
        if (a->isSeparator())
            continue;
        const QString at = where + QStringLiteral(" > ") + plain(a->text());
        out << Seen{at, plain(a->text())} << Seen{at + QStringLiteral(" (tooltip)"), plain(a->toolTip())};
        // The menu shows the shortcut beside the entry, in the platform's own words.
        out << Seen{at + QStringLiteral(" (shortcut)"), a->shortcut().toString(QKeySequence::NativeText)};
        if (a->menu())
            addActions(a->menu()->actions(), at, out);
    }
}

/**
 * Cells that show what people and the provider wrote, stored as written, not the interface's
 * words: a resolution's note (typed by a reviewer, or the reconciler's evidence line), a
 * settings change's login, the transport's own error message in an attempt's tooltip, the status
 * and reason codes a tool call answered the agent (in a tooltip beside their words).
 */
bool isStoredText(const QString& view, int column, int role)
{
    if (view == QLatin1String("historyTable"))
        return column == HistoryTableModel::NoteColumn;
    if (view == QLatin1String("settingsHistory"))
        return column == 0; // Who: a login
    if (view == QLatin1String("detailAttempts"))
        return column == 3 && role == Qt::ToolTipRole; // the provider's code and the transport's message
    if (view == QLatin1String("detailToolCalls"))
        return (column == 3 || column == 4) && role == Qt::ToolTipRole; // the R8 codes the agent read
    return false;
}

void addModel(const QAbstractItemModel* model, const QString& view, const QString& where, QList<Seen>& out)
{
    if (!model)
        return;
    const int columns = model->columnCount();
    for (int c = 0; c < columns; ++c)
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
            out << Seen{where + QStringLiteral(" header %1").arg(c), model->headerData(c, Qt::Horizontal, role).toString()};
    const int rows = qMin(model->rowCount(), 40);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
                const QVariant v = model->index(r, c).data(role);
                if (v.typeId() == QMetaType::QString && !isStoredText(view, c, role))
                    out << Seen{where + QStringLiteral(" row %1 col %2").arg(r).arg(c), v.toString()};
            }
}

void addChart(const QChart* chart, const QString& where, QList<Seen>& out)
{
    out << Seen{where + QStringLiteral(" title"), chart->title()};
    for (const QAbstractAxis* axis : chart->axes()) {
        out << Seen{where + QStringLiteral(" axis"), axis->titleText()};
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(const_cast<QAbstractAxis*>(axis)))
            for (const QString& c : categories->categories()) // not const in Qt 6.4
                out << Seen{where + QStringLiteral(" category"), c};
        if (auto* periods = qobject_cast<QCategoryAxis*>(const_cast<QAbstractAxis*>(axis)))
            for (const QString& c : periods->categoriesLabels())
                out << Seen{where + QStringLiteral(" period"), c};
    }
    for (const QAbstractSeries* series : chart->series()) {
        out << Seen{where + QStringLiteral(" series"), series->name()};
        if (const auto* bars = qobject_cast<const QAbstractBarSeries*>(series))
            for (const QBarSet* set : bars->barSets())
                out << Seen{where + QStringLiteral(" legend"), set->label()};
    }
}

/** Every text a person can read in root and its children, shown or not (hidden ones show later). */
QList<Seen> textsOf(const QWidget* root)
{
    QList<Seen> out;
    QList<const QWidget*> widgets{root};
    for (const QWidget* w : root->findChildren<QWidget*>())
        widgets << w;
    for (const QWidget* w : widgets) {
        const QString at = nameOf(w);
        if (w->isWindow())
            out << Seen{at + QStringLiteral(" (title)"), w->windowTitle()};
        out << Seen{at + QStringLiteral(" (tooltip)"), plain(w->toolTip())};
        addActions(w->actions(), at, out);
        if (const auto* label = qobject_cast<const QLabel*>(w))
            out << Seen{at, plain(label->text())};
        else if (const auto* button = qobject_cast<const QAbstractButton*>(w))
            out << Seen{at, plain(button->text())};
        else if (const auto* box = qobject_cast<const QGroupBox*>(w))
            out << Seen{at, plain(box->title())};
        else if (const auto* edit = qobject_cast<const QLineEdit*>(w))
            out << Seen{at + QStringLiteral(" (placeholder)"), edit->placeholderText()}
                << Seen{at, edit->isReadOnly() ? edit->text() : QString()};
        else if (const auto* text = qobject_cast<const QPlainTextEdit*>(w))
            // The log viewer shows the log file, which is written in English for engineers.
            out << Seen{at + QStringLiteral(" (placeholder)"), text->placeholderText()}
                << Seen{at, w->objectName() == QLatin1String("logText") ? QString() : text->toPlainText()};
        else if (const auto* rich = qobject_cast<const QTextEdit*>(w))
            out << Seen{at + QStringLiteral(" (placeholder)"), rich->placeholderText()} << Seen{at, rich->toPlainText()};
        else if (const auto* combo = qobject_cast<const QComboBox*>(w)) {
            // The customer's language is offered in its own name ("English", "Русский", "Türkçe").
            for (int i = 0; i < combo->count() && w->objectName() != QLatin1String("languageCombo"); ++i)
                out << Seen{at + QStringLiteral(" item"), combo->itemText(i)};
        } else if (const auto* tabs = qobject_cast<const QTabWidget*>(w)) {
            for (int i = 0; i < tabs->count(); ++i)
                out << Seen{at + QStringLiteral(" tab"), plain(tabs->tabText(i))}
                    << Seen{at + QStringLiteral(" tab tooltip"), tabs->tabToolTip(i)};
        } else if (const auto* menuBar = qobject_cast<const QMenuBar*>(w)) {
            addActions(menuBar->actions(), at, out);
        } else if (const auto* chartView = qobject_cast<const QChartView*>(w)) {
            if (chartView->chart())
                addChart(chartView->chart(), at, out);
        } else if (const auto* view = qobject_cast<const QAbstractItemView*>(w)) {
            if (!qobject_cast<const QHeaderView*>(w))
                addModel(view->model(), w->objectName(), at, out);
        }
    }
    return out;
}

/** Words of three or more Latin letters in text, ids and codes left out. */
QStringList latinWords(const QString& text)
{
    // Commands and header names are ids: "refund-tool review", "Idempotent-Replayed: true".
    static const QRegularExpression phrase(QStringLiteral("refund-tool( [a-z]+)*|Idempotent-Replayed: true"));
    const QString withoutIds = QString(text).remove(phrase);
    static const QRegularExpression idLike(QStringLiteral("[0-9_/@\\\\]|\\w\\.\\w|^[a-z]+-[a-z]+-"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    QStringList out;
    for (const QString& chunk : withoutIds.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        if (idLike.match(chunk).hasMatch())
            continue;
        for (auto it = word.globalMatch(chunk); it.hasNext();) {
            const QString w = it.next().captured();
            // A word glued to non-Latin letters ("Refund'ı") is still a word; one inside a
            // Latin-and-Cyrillic mix is not a thing people read as English.
            out << w;
        }
    }
    return out;
}

/** The lowercase words of a .ts file's sources (translations=false) or translations. */
QSet<QString> tsWords(const QString& path, bool translations)
{
    QSet<QString> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    const QString element = translations ? QStringLiteral("translation") : QStringLiteral("source");
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == element) {
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            for (auto it = word.globalMatch(text); it.hasNext();)
                out.insert(it.next().captured().toLower());
        }
    }
    return out;
}

// Names and codes that read the same in every language of the interface.
const QSet<QString>& allowed()
{
    static const QSet<QString> words{
        // currency codes (ISO 4217) and the products and formats the console names
        QStringLiteral("usd"), QStringLiteral("eur"), QStringLiteral("gbp"), QStringLiteral("jpy"),
        QStringLiteral("rub"), QStringLiteral("try"), QStringLiteral("cad"), QStringLiteral("aud"),
        QStringLiteral("chf"), QStringLiteral("iso"),
        QStringLiteral("stripe"), QStringLiteral("sqlite"), QStringLiteral("postgresql"), QStringLiteral("csv"),
        QStringLiteral("utc"), QStringLiteral("json"), QStringLiteral("http"), QStringLiteral("https"),
        QStringLiteral("url"), QStringLiteral("api"), QStringLiteral("mcp"), QStringLiteral("pgpassword"),
        QStringLiteral("png"),
        // key names as the platform spells them beside menu entries
        QStringLiteral("ctrl"), QStringLiteral("shift"), QStringLiteral("alt"), QStringLiteral("esc"),
        QStringLiteral("del"), QStringLiteral("ins"), QStringLiteral("enter"), QStringLiteral("return"),
        QStringLiteral("tab"), QStringLiteral("space"),
    };
    return words;
}

} // namespace

class TestConsoleLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();
    void everyTabAndDialogSpeaksTheInterfaceLanguage_issue15_data();
    void everyTabAndDialogSpeaksTheInterfaceLanguage_issue15();
    void qtsOwnButtonsAreTranslated_issue15_data();
    void qtsOwnButtonsAreTranslated_issue15();

private:
    bool openWindow(const QString& lang);
    /** Texts of the dialog the action opens (waiting for it), then closes it. */
    QList<Seen> dialogTexts(const QString& actionName);
    QStringList englishIn(const QList<Seen>& seen, const QString& lang) const;

    std::unique_ptr<DemoEnvironment> m_demo;
    std::unique_ptr<MainWindow> m_window;
    QTranslator m_app;
    QTranslator m_qt;
    QSet<QString> m_english;        // the interface's English words, lowercase
    QSet<QString> m_turkish;        // the Latin words of the Turkish translation, lowercase
};

void TestConsoleLanguage::initTestCase()
{
    m_english = tsWords(QStringLiteral(REFUND_TS_DIR "/refund-console_tr.ts"), false);
    QVERIFY(m_english.size() > 300);
    // Qt's own widgets: the standard buttons, the text fields' context menu.
    for (const char* w : {"ok", "cancel", "close", "apply", "yes", "no", "save", "discard", "open", "reset", "help",
                          "abort", "retry", "ignore", "restore", "defaults", "undo", "redo", "cut", "copy", "paste",
                          "delete", "select", "all", "insert", "unicode", "control", "character"})
        m_english.insert(QString::fromLatin1(w));
    m_turkish = tsWords(QStringLiteral(REFUND_TS_DIR "/refund-console_tr.ts"), true);
    QVERIFY(!m_turkish.isEmpty());

    DemoEnvironment::Options options;
    options.sandboxExecutable = QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN);
    auto built = createDemoOffThread(options, 120000);
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    m_demo = std::move(built).value();
}

void TestConsoleLanguage::cleanup()
{
    m_window.reset();
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestConsoleLanguage::cleanupTestCase()
{
    m_demo.reset();
}

bool TestConsoleLanguage::openWindow(const QString& lang)
{
    if (!InterfaceLanguage::install(lang, QStringLiteral(REFUND_QM_DIR), m_app, m_qt))
        return false;
    MainWindow::Options options;
    options.role = QStringLiteral("admin"); // every tab and action
    m_window = std::make_unique<MainWindow>(Clock::system(), options);
    m_window->resize(1280, 800);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window.get()))
        return false;
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QSignalSpy checked(m_window.get(), &MainWindow::providerChecked);
    if (!m_window->connectDatabase(m_demo->databaseUrl()))
        return false;
    m_window->setProvider(m_demo->providerUrl(), m_demo->readKey(), QCoreApplication::translate("ConsoleStartup", "demo sandbox"));
    if (!(loaded.count() > 0 || loaded.wait(20000)) || !(checked.count() > 0 || checked.wait(15000)))
        return false;
    QSignalSpy selected(m_window.get(), &MainWindow::operationSelected);
    if (!m_window->selectOperation(m_demo->seedOperationId()) || !(selected.count() > 0 || selected.wait(20000)))
        return false;
    QTest::qWait(300);
    return true;
}

QList<Seen> TestConsoleLanguage::dialogTexts(const QString& actionName)
{
    auto* action = m_window->findChild<QAction*>(actionName);
    if (!action || !action->isEnabled())
        return {Seen{actionName, QStringLiteral("(the action is missing or disabled)")}};
    const auto before = m_window->findChildren<QDialog*>(Qt::FindDirectChildrenOnly);
    action->trigger();
    QDialog* dialog = nullptr;
    // Customer message opens once its read of the operation has landed.
    QDeadlineTimer deadline(20000);
    while (!dialog && !deadline.hasExpired()) {
        for (QDialog* d : m_window->findChildren<QDialog*>(Qt::FindDirectChildrenOnly))
            if (!before.contains(d) && d->isVisible())
                dialog = d;
        if (!dialog)
            QTest::qWait(20);
    }
    if (!dialog)
        return {Seen{actionName, QStringLiteral("(no dialog opened)")}};
    if (auto* check = qobject_cast<CheckUnknownDialog*>(dialog)) {
        // Its proposals, reasons and buttons appear once the sweep ran.
        QSignalSpy finished(check->sweep(), &UnknownSweep::finished);
        check->start();
        finished.wait(60000);
    }
    QTest::qWait(300); // reads land (the audit log, the lookup)
    QList<Seen> out = textsOf(dialog);
    for (Seen& s : out)
        s.where = actionName + QStringLiteral(": ") + s.where;
    dialog->reject();
    QTest::qWait(50);
    return out;
}

QStringList TestConsoleLanguage::englishIn(const QList<Seen>& seen, const QString& lang) const
{
    QStringList out;
    QSet<QString> reported;
    for (const Seen& s : seen) {
        QStringList words;
        for (const QString& w : latinWords(s.text)) {
            const QString lower = w.toLower();
            if (allowed().contains(lower))
                continue;
            if (lang == QLatin1String("tr") && (!m_english.contains(lower) || m_turkish.contains(lower)))
                continue;
            words << w;
        }
        if (words.isEmpty())
            continue;
        // One line per text, not per place it is shown (a tooltip on a label and its field).
        const QString line = QStringLiteral("[%1] at %2: \"%3\"").arg(words.join(QLatin1Char(' ')), s.where, s.text.left(300));
        if (!reported.contains(s.text)) {
            reported.insert(s.text);
            out << line;
        }
    }
    return out;
}

void TestConsoleLanguage::everyTabAndDialogSpeaksTheInterfaceLanguage_issue15_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("tr") << QStringLiteral("tr");
}

void TestConsoleLanguage::everyTabAndDialogSpeaksTheInterfaceLanguage_issue15()
{
    QFETCH(QString, lang);
    QVERIFY(openWindow(lang));
    QList<Seen> seen = textsOf(m_window.get());

    auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QVERIFY(tabs);
    {
        QSignalSpy stats(m_window->historyTab(), &HistoryTab::statsUpdated);
        QVERIFY(m_window->showPage(MainWindow::Page::History));
        QVERIFY(stats.count() > 0 || stats.wait(30000));
        QTest::qWait(200);
        seen << textsOf(m_window->historyTab());
    }
    {
        QSignalSpy loaded(m_window->settingsTab(), &SettingsTab::loaded);
        QVERIFY(m_window->showPage(MainWindow::Page::Settings));
        QVERIFY(loaded.count() > 0 || loaded.wait(30000));
        seen << textsOf(m_window->settingsTab());
    }
    QVERIFY(m_window->showPage(MainWindow::Page::Operations));
    QTest::qWait(200);
    for (const char* action : {"actionResolve", "actionCustomerMessage", "actionCheckAllUnknown",
                               "actionUnmatchedEvents", "actionPaidTwice", "actionLog"})
        seen << dialogTexts(QString::fromLatin1(action));
    {
        ConnectionDialog connection(m_window.get());
        connection.loadRemembered();
        connection.setProviderUrl(m_demo->providerUrl());
        for (Seen s : textsOf(&connection)) {
            s.where = QStringLiteral("connection: ") + s.where;
            seen << s;
        }
    }
    int texts = 0;
    for (const Seen& s : seen)
        texts += s.text.isEmpty() ? 0 : 1;
    qInfo("%s: %d texts read in the window, its tabs and dialogs", qPrintable(lang), texts);
    QVERIFY(texts > 400);
    // Nor the SPEC's rule numbers ("(R18)"): they mean nothing to the people at the console.
    static const QRegularExpression ruleNumber(QStringLiteral("\\bR\\d{1,2}[a-z]?\\b"));
    for (const Seen& s : seen)
        QVERIFY2(!ruleNumber.match(s.text).hasMatch(), qPrintable(s.where + QStringLiteral(": ") + s.text));
    const QStringList english = englishIn(seen, lang);
    for (const QString& line : english)
        qWarning("%s", qPrintable(line)); // all of them: QVERIFY2's message is cut short
    QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("%1 text(s) with English words in the %2 interface (listed above)")
                                               .arg(english.size())
                                               .arg(lang)));
}

// Qt's own texts (the standard buttons, the text fields' context menu) come from Qt's
// translation, which the project's scripts install (qt6-translations-l10n).
void TestConsoleLanguage::qtsOwnButtonsAreTranslated_issue15_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("tr") << QStringLiteral("tr");
}

void TestConsoleLanguage::qtsOwnButtonsAreTranslated_issue15()
{
    QFETCH(QString, lang);
    QVERIFY2(InterfaceLanguage::hasQtTranslation(lang),
             "Qt's own translation is missing: install the Debian package qt6-translations-l10n (installer/deps.sh)");
    QVERIFY(InterfaceLanguage::install(lang, QStringLiteral(REFUND_QM_DIR), m_app, m_qt));
    QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Close);
    for (auto which : {QDialogButtonBox::Ok, QDialogButtonBox::Cancel, QDialogButtonBox::Close}) {
        const QString text = plain(box.button(which)->text());
        QVERIFY2(!text.isEmpty() && englishIn({Seen{QStringLiteral("button"), text}}, lang).isEmpty(),
                 qPrintable(text));
    }
}

QTEST_MAIN(TestConsoleLanguage)
#include "TestConsoleLanguage.moc"
