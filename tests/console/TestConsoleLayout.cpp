// Issue 15 (the walk-through at 1024×640 in en, ru and tr): at the smallest supported window
// nothing is clipped. The status bar's database path is elided in the middle with the full path
// in its tooltip, every navigation entry's title fits beside its count, the History tab does not
// scroll sideways, and no label or button of the Operations and History tabs is narrower than
// its text (a one-line label than its text, a wrapped one than its longest word). Runs on the
// embedded demo (real rows in every state) in each language, with the console's own translations.
#include "TestDemo.h"

#include "ElidedLabel.h"
#include "HistoryTab.h"
#include "InterfaceLanguage.h"
#include "MainWindow.h"
#include "OperationFormat.h"
#include "OperationTableView.h"
#include "OperationTableModel.h"
#include "StateCountsModel.h"
#include "StateNavigationDelegate.h"
#include "db/DatabaseUrl.h"
#include "demo/DemoEnvironment.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTextLayout>
#include <QThread>
#include <QTranslator>
#include <QtTest>

namespace {
/** Where w sits, for a failure message: its class, object name and text. */
QString describe(const QWidget* w, const QString& text)
{
    return QStringLiteral("%1 \"%2\" '%3' (%4 px, needs %5)")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
        .arg(w->width())
        .arg(w->minimumSizeHint().width());
}

/** Inside a table, list or chart (their cells and editors are theirs to elide). */
bool insideItemView(const QWidget* w)
{
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractItemView*>(p))
            return true;
    return false;
}

/**
 * Every visible label, button and check box under root that is narrower than its own text needs:
 * a one-line label (not one that elides itself) narrower than its text, a wrapped one with a word
 * (a run without a break opportunity) wider than the label: what the walk-through found cut off.
 */
QStringList clippedWidgets(const QWidget* root)
{
    QStringList out;
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(root->window()) || !w->isVisible() || insideItemView(w))
            continue;
        if (const auto* label = qobject_cast<const QLabel*>(w)) {
            if (qobject_cast<const ElidedLabel*>(label) || label->text().isEmpty()
                || Qt::mightBeRichText(label->text()))
                continue;
            if (label->wordWrap()) {
                // It wraps at spaces (and other break opportunities), never inside a word.
                QTextLayout layout(label->text(), label->font());
                layout.beginLayout();
                const int room = label->contentsRect().width() - 2 * label->margin();
                bool cut = false;
                while (true) {
                    QTextLine line = layout.createLine();
                    if (!line.isValid())
                        break;
                    line.setLineWidth(room);
                    cut = cut || line.naturalTextWidth() > room;
                }
                layout.endLayout();
                if (cut)
                    out << describe(label, label->text());
                continue;
            }
            const int needed = label->fontMetrics().horizontalAdvance(label->text()) + 2 * label->margin()
                + label->contentsMargins().left() + label->contentsMargins().right();
            if (label->width() < needed)
                out << describe(label, label->text());
        } else if (const auto* button = qobject_cast<const QAbstractButton*>(w)) {
            if (!button->text().isEmpty() && button->width() < button->minimumSizeHint().width())
                out << describe(button, button->text());
        }
    }
    return out;
}

} // namespace

class TestConsoleLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void cleanupTestCase();
    void operationsTabAndStatusBarFit_issue15_data() { languageRows(); }
    void operationsTabAndStatusBarFit_issue15();
    void historyTabDoesNotScrollSideways_issue15_data() { languageRows(); }
    void historyTabDoesNotScrollSideways_issue15();
    void operationIdsWholeWhenThereIsRoom_issue15();

private:
    static void languageRows();
    /** The window in lang at 1024x640 on the demo, its provider checked and the seed operation shown. */
    bool openWindow(const QString& lang);

    std::unique_ptr<DemoEnvironment> m_demo;
    std::unique_ptr<MainWindow> m_window;
    QTranslator m_app;
    QTranslator m_qt;
};

void TestConsoleLayout::initTestCase()
{
    DemoEnvironment::Options options;
    options.sandboxExecutable = QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN);
    // Off the GUI thread, as the console does.
    auto built = createDemoOffThread(options, 120000);
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    m_demo = std::move(built).value();
}

void TestConsoleLayout::cleanup()
{
    m_window.reset();
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestConsoleLayout::cleanupTestCase()
{
    m_demo.reset();
}

void TestConsoleLayout::languageRows()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("ru") << QStringLiteral("ru");
    QTest::newRow("tr") << QStringLiteral("tr");
}

bool TestConsoleLayout::openWindow(const QString& lang)
{
    if (!InterfaceLanguage::install(lang, QStringLiteral(REFUND_QM_DIR), m_app, m_qt))
        return false;
    MainWindow::Options options;
    options.role = QStringLiteral("admin"); // every tab
    m_window = std::make_unique<MainWindow>(Clock::system(), options);
    m_window->resize(1024, 640);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window.get()) || m_window->size() != QSize(1024, 640))
        return false;
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QSignalSpy checked(m_window.get(), &MainWindow::providerChecked);
    if (!m_window->connectDatabase(m_demo->databaseUrl()))
        return false;
    m_window->setProvider(m_demo->providerUrl(), m_demo->readKey(), QStringLiteral("demo sandbox"));
    if (!(loaded.count() > 0 || loaded.wait(20000)) || !(checked.count() > 0 || checked.wait(15000)))
        return false;
    QSignalSpy selected(m_window.get(), &MainWindow::operationSelected);
    if (!m_window->selectOperation(m_demo->seedOperationId()) || !(selected.count() > 0 || selected.wait(20000)))
        return false;
    QTest::qWait(300); // layouts settle, the detail's countdown ticks
    return m_window->size() == QSize(1024, 640);
}

void TestConsoleLayout::operationsTabAndStatusBarFit_issue15()
{
    QFETCH(QString, lang);
    QVERIFY(openWindow(lang));
    QStringList problems = clippedWidgets(m_window.get());

    // The status bar: the database's path elided in the middle, the whole path in the tooltip.
    auto* db = m_window->findChild<ElidedLabel*>(QStringLiteral("databaseStatus"));
    QVERIFY(db);
    const QString dbPath = DatabaseUrl::parse(m_demo->databaseUrl())->path();
    QVERIFY2(db->fullText().contains(dbPath), qPrintable(db->fullText()));
    QVERIFY2(db->toolTip().contains(dbPath), qPrintable(db->toolTip()));
    if (db->text() != db->fullText())
        QVERIFY2(db->text().contains(QStringLiteral("…")) && db->text().endsWith(QStringLiteral("ops.db")),
                 qPrintable(db->text()));
    QVERIFY(db->fontMetrics().horizontalAdvance(db->text()) <= db->contentsRect().width());
    auto* provider = m_window->findChild<ElidedLabel*>(QStringLiteral("providerStatus"));
    QVERIFY(provider);
    QVERIFY(provider->toolTip().startsWith(provider->fullText()));
    QVERIFY(provider->fontMetrics().horizontalAdvance(provider->text()) <= provider->contentsRect().width());

    // The detail's facts wrap (the key after its hyphens) instead of scrolling sideways.
    auto* fields = m_window->findChild<QScrollArea*>(QStringLiteral("detailFieldsScroll"));
    QVERIFY(fields);
    if (fields->horizontalScrollBar()->maximum() > 0)
        problems << QStringLiteral("the detail's fields scroll sideways: they need %1 px, have %2")
                        .arg(fields->widget()->minimumSizeHint().width())
                        .arg(fields->viewport()->width());

    // Every navigation title whole beside its count, in the rectangle it is painted in.
    auto* navigation = m_window->findChild<QListView*>(QStringLiteral("stateNavigation"));
    QVERIFY(navigation);
    auto* delegate = qobject_cast<StateNavigationDelegate*>(navigation->itemDelegate());
    QVERIFY(delegate);
    QVERIFY(!navigation->horizontalScrollBar()->isVisible());
    for (int row = 0; row < navigation->model()->rowCount(); ++row) {
        const QModelIndex index = navigation->model()->index(row, 0);
        QStyleOptionViewItem option;
        option.initFrom(navigation->viewport());
        option.rect = navigation->visualRect(index);
        option.font = navigation->font();
        option.widget = navigation;
        const QString title = index.data().toString();
        const int needed = navigation->fontMetrics().horizontalAdvance(title);
        const int room = delegate->titleRect(option, index).width();
        // As paint() draws it: elided when the room is short by even a fraction of a pixel.
        if (navigation->fontMetrics().elidedText(title, Qt::ElideRight, room) != title
            || option.rect.right() > navigation->viewport()->rect().right())
            problems << QStringLiteral("navigation '%1' needs %2 px, has %3 (row %4 px, list %5 px)")
                            .arg(title)
                            .arg(needed)
                            .arg(room)
                            .arg(option.rect.width())
                            .arg(navigation->viewport()->width());
    }

    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

// The History tab in the window at 1024x640: no sideways scrolling (the range bar puts its
// status and Export on a second row, the tiles and charts take fewer columns), nothing cut.
void TestConsoleLayout::historyTabDoesNotScrollSideways_issue15()
{
    QFETCH(QString, lang);
    QVERIFY(openWindow(lang));
    QStringList problems;
    auto* history = m_window->findChild<HistoryTab*>();
    QVERIFY(history);
    auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QSignalSpy stats(history, &HistoryTab::statsUpdated);
    tabs->setCurrentWidget(m_window->findChild<QScrollArea*>(QStringLiteral("historyTabPage")));
    QTRY_VERIFY_WITH_TIMEOUT(stats.count() > 0, 30000);
    QTest::qWait(300);
    // The status bar's "Rows 1–4 of 4 loaded" counts the Operations table: not shown here.
    auto* rows = m_window->findChild<QLabel*>(QStringLiteral("rowsStatus"));
    QVERIFY(rows);
    QVERIFY2(!rows->isVisible(), qPrintable(rows->text()));
    auto* page = m_window->findChild<QScrollArea*>(QStringLiteral("historyTabPage"));
    if (page->horizontalScrollBar()->maximum() > 0) {
        problems << QStringLiteral("History scrolls sideways: its content needs %1 px, the page has %2")
                        .arg(history->minimumSizeHint().width())
                        .arg(page->viewport()->width());
        for (const QWidget* w : history->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            problems << QStringLiteral("  %1 \"%2\" needs %3 px")
                            .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                            .arg(w->minimumSizeHint().width());
    }
    problems << clippedWidgets(m_window.get());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

// The walk-through at 1920x1200 (ru, tr): operation ids cut in the middle beside a thousand
// pixels of empty table. The id column is compact at 1024 px and grows to whole ids when the
// window is wide; a width the user dragged stays.
void TestConsoleLayout::operationIdsWholeWhenThereIsRoom_issue15()
{
    QVERIFY(openWindow(QStringLiteral("en")));
    OperationTableView* table = m_window->operationsView();
    QHeaderView* header = table->horizontalHeader();
    const int id = OperationTableModel::OperationIdColumn;
    const int margin = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    auto elided = [&]() {
        QStringList cut;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QString text = table->model()->index(row, id).data().toString();
            if (table->fontMetrics().elidedText(text, Qt::ElideMiddle, header->sectionSize(id) - margin) != text)
                cut << text;
        }
        return cut;
    };
    QVERIFY(table->model()->rowCount() > 0);
    const int compact = header->sectionSize(id);
    QVERIFY2(!elided().isEmpty(), "at 1024 px the ids are expected to be compact (elided)");
    m_window->resize(1920, 1200);
    QTRY_VERIFY_WITH_TIMEOUT(header->sectionSize(id) > compact, 5000);
    QTest::qWait(100);
    QVERIFY2(elided().isEmpty(), qPrintable(elided().join(QLatin1Char(' '))));
    QVERIFY(table->horizontalScrollBar()->maximum() == 0); // and nothing pushed off the right
    m_window->resize(1024, 640);
    QTRY_COMPARE_WITH_TIMEOUT(header->sectionSize(id), compact, 5000);
    // The user's width is theirs.
    header->resizeSection(id, compact + 30);
    const int narrow = table->viewport()->width();
    m_window->resize(1920, 1200);
    QTRY_VERIFY_WITH_TIMEOUT(table->viewport()->width() > narrow, 5000); // the resize was handled
    QCoreApplication::processEvents(); // and any fit it queued ran
    QCOMPARE(header->sectionSize(id), compact + 30);
}

QTEST_MAIN(TestConsoleLayout)
#include "TestConsoleLayout.moc"
