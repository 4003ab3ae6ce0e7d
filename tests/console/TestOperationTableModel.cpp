// OperationTableModel over 1,000 real rows made through OperationStore: paging without a
// full load, SQL sorting/filtering/searching, the countdown at fixed clock values, and the
// one-timer tick that touches only the countdown cells of the visible rows.
#include "TestDatabase.h"

#include "OperationFormat.h"
#include "OperationTableModel.h"
#include "OperationTableView.h"
#include "StatusPalette.h"
#include "db/OperationStore.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QtTest>

namespace {
constexpr int kRows = 1000;
constexpr qint64 kStart = 1780000000000;   // 2026-05-28, UTC epoch ms
constexpr qint64 kH = 3600 * 1000;
constexpr qint64 kRetention = 24 * kH;

QString orderId(int i)
{
    return QStringLiteral("ord%1").arg(i, 4, 10, QLatin1Char('0'));
}

/** Twelve open operations on a database of their own, one per order, a second apart. */
struct TwelveOpen
{
    TestDatabase testDb{QStringLiteral("sqlite")};
    std::unique_ptr<Database> db;
    ManualClock clock{kStart};
    std::unique_ptr<OperationStore> store;
    QStringList newestFirst;   // their ids in the model's default order

    bool make(const QString& tag)
    {
        if (!testDb.isValid() || !(db = testDb.openMigrated()))
            return false;
        store = std::make_unique<OperationStore>(*db, clock);
        for (int i = 0; i < 12; ++i) {
            if (!store->addOrder(Order{orderId(i), 5000, QStringLiteral("usd"), QStringLiteral("pi_%1%2").arg(tag).arg(i), 0}))
                return false;
            auto op = store->openOrJoin(orderId(i), 1000, QStringLiteral("toolu_%1%2").arg(tag).arg(i));
            if (!op)
                return false;
            newestFirst.prepend(op.value().operation.operationId);
            clock.advanceMs(1000);
        }
        return true;
    }

    /** model on these rows: the Open view, pages of five, no timer. */
    void show(OperationTableModel& model)
    {
        model.setTickInterval(0);
        model.setStore(store.get());
        model.setPageSize(5);
        model.setFilter(OperationStore::StateFilter::Open);
    }
};
} // namespace

class TestOperationTableModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void firstFetchIsOnePage();
    void fetchMoreWalksAllPagesWithoutDuplicates();
    void sortsInSql();
    void filtersAndCountsInSql();
    void searchesOrderOperationKeyAndRefundIds();
    void countdownAtFixedClockValues_R10();
    void tickTouchesOnlyVisibleCountdownCells();
    void timerTicksOncePerSecond();
    void ctrlCCopiesSelectedCellsAsTsv();
    void fetchMoreSkipsNoRowWhenOneLeavesTheFilter_issue12();
    void windowIsBoundedAndStaysASliceOfTheOrder_issue12();
    void ctrlEndShowsTheLastRowsAndScrollingUpReadsBack_issue12();
    void refreshReReadsOnlyAroundTheVisibleRows_issue12();
    void refreshAfterEveryShownRowLeftShowsWhatIsLeft_issue12();

private:
    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<OperationTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QString m_attemptedOp;     // first attempt at kStart: key expires at kStart + 24 h
    QString m_refundedOp;
};

void TestOperationTableModel::initTestCase()
{
    m_testDb = std::make_unique<TestDatabase>(QStringLiteral("sqlite"));
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    m_clock = std::make_unique<ManualClock>(kStart);
    m_store = std::make_unique<OperationStore>(*m_db, *m_clock);

    // Real rows through the store's write path (R2, R3), one order each, in one transaction
    // per row as the tool writes them.
    for (int i = 0; i < kRows; ++i) {
        m_clock->setNowMs(kStart - (kRows - i) * 60 * 1000LL);   // one per minute, the last newest
        Order order{orderId(i), 100000, QStringLiteral("usd"), QStringLiteral("pi_%1").arg(i), m_clock->nowMs()};
        QVERIFY(m_store->addOrder(order));
        auto open = m_store->openOrJoin(orderId(i), 1000 + i, QStringLiteral("toolu_%1").arg(i));
        QVERIFY2(open, qPrintable(open ? QString() : open.error().message));
    }
    m_clock->setNowMs(kStart);
    // Order 0042: one attempt (key deadline), then unknown. Order 0007: refunded.
    auto attempted = m_store->activeOperation(orderId(42), 1042);
    QVERIFY(attempted && attempted.value());
    m_attemptedOp = attempted.value()->operationId;
    QVERIFY(m_store->claimAttempt(m_attemptedOp, QStringLiteral("toolu_42"), 6, kRetention));
    QVERIFY(m_store->markUnknown(m_attemptedOp, QStringLiteral("attempt_budget_exhausted")));
    auto refunded = m_store->activeOperation(orderId(7), 1007);
    QVERIFY(refunded && refunded.value());
    m_refundedOp = refunded.value()->operationId;
    QVERIFY(m_store->claimAttempt(m_refundedOp, QStringLiteral("toolu_7"), 6, kRetention));
    QVERIFY(m_store->closeRefunded(m_refundedOp, QStringLiteral("re_TestRefund0007"), QStringLiteral("succeeded")));
}

void TestOperationTableModel::init()
{
    m_clock->setNowMs(kStart);
    m_model = std::make_unique<OperationTableModel>(*m_clock);
    m_model->setTickInterval(0);   // tests drive tick() themselves unless they test the timer
    m_tester = std::make_unique<QAbstractItemModelTester>(m_model.get(),
                                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_model->setStore(m_store.get());
    m_model->setPageSize(200);
}

void TestOperationTableModel::cleanup()
{
    m_tester.reset();
    m_model.reset();
}

void TestOperationTableModel::firstFetchIsOnePage()
{
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 200);
    QCOMPARE(m_model->totalCount(), qint64(kRows));
    QVERIFY(m_model->canFetchMore({}));
    QCOMPARE(m_model->columnCount(), int(OperationTableModel::NB_COLUMNS));
    // Default order: newest first.
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::OrderColumn)).toString(), orderId(kRows - 1));
}

void TestOperationTableModel::fetchMoreWalksAllPagesWithoutDuplicates()
{
    QVERIFY(m_model->reload());
    m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), 400);
    int guard = 0;
    while (m_model->canFetchMore({}) && ++guard < 100)
        m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), kRows);
    QVERIFY(!m_model->canFetchMore({}));
    QSet<QString> ids;
    for (int row = 0; row < m_model->rowCount(); ++row)
        ids.insert(m_model->data(m_model->index(row, 0), OperationTableModel::OperationIdRole).toString());
    QCOMPARE(ids.size(), kRows);
}

void TestOperationTableModel::sortsInSql()
{
    m_model->sort(OperationTableModel::AmountColumn, Qt::AscendingOrder);
    QCOMPARE(m_model->rowCount(), 200);
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::AmountColumn), OperationTableModel::RawRole).toLongLong(),
             1000);
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::AmountColumn)).toString(), QStringLiteral("$10.00"));
    m_model->sort(OperationTableModel::AmountColumn, Qt::DescendingOrder);
    // The largest amount of all 1,000 rows is on the first page: sorted by the database, not the page.
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::AmountColumn), OperationTableModel::RawRole).toLongLong(),
             1000 + kRows - 1);
    m_model->sort(OperationTableModel::KeyExpiresColumn, Qt::AscendingOrder);
    QVERIFY(!m_model->data(m_model->index(0, OperationTableModel::KeyExpiresColumn), OperationTableModel::RawRole).isNull());
}

void TestOperationTableModel::filtersAndCountsInSql()
{
    m_model->setFilter(OperationStore::StateFilter::Unknown);
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->totalCount(), qint64(1));
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::StatusColumn)).toString(), QStringLiteral("Unknown"));
    QCOMPARE(m_model->data(m_model->index(0, OperationTableModel::AttemptsColumn)).toString(), QStringLiteral("1 / 6"));

    m_model->setFilter(OperationStore::StateFilter::Open);
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->totalCount(), qint64(kRows - 2));
    QCOMPARE(m_model->rowCount(), 200);

    m_model->setFilter(OperationStore::StateFilter::KeyExpiringSoon);
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 0);
    m_clock->setNowMs(kStart + kRetention - 30 * 60 * 1000);   // 30 min before the key of order 0042 expires
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->operationAt(0)->operationId, m_attemptedOp);
}

void TestOperationTableModel::searchesOrderOperationKeyAndRefundIds()
{
    m_model->setSearch(orderId(123));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    const Operation op = *m_model->operationAt(0);
    QCOMPARE(op.orderId, orderId(123));

    m_model->setSearch(op.operationId.left(12));   // operation id prefix
    QVERIFY(m_model->reload());
    QVERIFY(m_model->rowOf(op.operationId) >= 0);
    QVERIFY(m_model->rowCount() < 20);

    m_model->setSearch(op.idempotencyKey.left(8));   // key prefix
    QVERIFY(m_model->reload());
    QVERIFY(m_model->rowOf(op.operationId) >= 0);

    m_model->setSearch(QStringLiteral("  re_TestRefund0007 "));   // provider refund id, trimmed
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->operationAt(0)->operationId, m_refundedOp);

    m_model->setSearch(QStringLiteral("no-such-thing"));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 0);
    QCOMPARE(m_model->totalCount(), qint64(0));
}

void TestOperationTableModel::countdownAtFixedClockValues_R10()
{
    m_model->setSearch(orderId(42));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    const QModelIndex cell = m_model->index(0, OperationTableModel::KeyExpiresColumn);
    const qint64 expires = kStart + kRetention;

    m_clock->setNowMs(expires - (23 * kH + 12 * 60 * 1000 + 30 * 1000));
    QCOMPARE(cell.data().toString(), QStringLiteral("23 h 12 min"));
    QVERIFY(!cell.data(Qt::ForegroundRole).isValid());

    m_clock->setNowMs(expires - (4 * 60 * 1000 + 10 * 1000));
    QCOMPARE(cell.data().toString(), QStringLiteral("4 min 10 s"));
    QCOMPARE(cell.data(Qt::ForegroundRole).value<QBrush>().color(),
             StatusPalette::urgencyColor(OperationFormat::Urgency::Critical));

    m_clock->setNowMs(expires);
    QCOMPARE(cell.data().toString(), QStringLiteral("expired"));

    // A closed row shows a dash: nothing will be sent again (R4).
    m_model->setSearch(orderId(7));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->index(0, OperationTableModel::KeyExpiresColumn).data().toString(), QStringLiteral("—"));
    // An open row without an attempt has no deadline yet.
    m_model->setSearch(orderId(8));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->index(0, OperationTableModel::KeyExpiresColumn).data().toString(), QStringLiteral("—"));
}

void TestOperationTableModel::tickTouchesOnlyVisibleCountdownCells()
{
    OperationTableView view;
    view.setModel(m_model.get());
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(m_model->reload());
    QTRY_VERIFY(view.verticalScrollBar()->maximum() > 0);   // the view lays out the new rows lazily
    view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum() / 3);
    QCoreApplication::processEvents();

    const int top = view.rowAt(0);
    const int bottom = view.rowAt(view.viewport()->height() - 1);
    QVERIFY(top > 0);
    QVERIFY(bottom > top);
    QVERIFY(bottom < m_model->rowCount() - 1);   // so "visible only" is a real restriction

    QSignalSpy spy(m_model.get(), &QAbstractItemModel::dataChanged);
    m_model->tick();
    QCOMPARE(spy.count(), 1);
    const QModelIndex from = spy.at(0).at(0).value<QModelIndex>();
    const QModelIndex to = spy.at(0).at(1).value<QModelIndex>();
    const QList<int> roles = spy.at(0).at(2).value<QList<int>>();
    QCOMPARE(from.column(), int(OperationTableModel::KeyExpiresColumn));
    QCOMPARE(to.column(), int(OperationTableModel::KeyExpiresColumn));
    QCOMPARE(from.row(), top);
    QCOMPARE(to.row(), bottom);
    QCOMPARE(QSet<int>(roles.cbegin(), roles.cend()), (QSet<int>{Qt::DisplayRole, Qt::ForegroundRole}));
}

void TestOperationTableModel::timerTicksOncePerSecond()
{
    OperationTableView view;
    view.setModel(m_model.get());
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(m_model->reload());
    QSignalSpy spy(m_model.get(), &QAbstractItemModel::dataChanged);
    m_model->setTickInterval(1000);
    QTRY_VERIFY_WITH_TIMEOUT(spy.count() >= 2, 10000);
    for (const auto& args : std::as_const(spy)) {
        QCOMPARE(args.at(0).value<QModelIndex>().column(), int(OperationTableModel::KeyExpiresColumn));
        QCOMPARE(args.at(1).value<QModelIndex>().column(), int(OperationTableModel::KeyExpiresColumn));
    }
    QCOMPARE(m_model->findChildren<QTimer*>().size(), 1);   // one timer, not one per row
}

void TestOperationTableModel::ctrlCCopiesSelectedCellsAsTsv()
{
    OperationTableView view;
    view.setModel(m_model.get());
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    m_model->setSearch(orderId(7));
    QVERIFY(m_model->reload());
    auto* selection = view.selectionModel();
    selection->select(m_model->index(0, OperationTableModel::OrderColumn), QItemSelectionModel::Select);
    selection->select(m_model->index(0, OperationTableModel::RefundIdColumn), QItemSelectionModel::Select);
    view.setFocus();
    QApplication::clipboard()->clear();
    QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QApplication::clipboard()->text(), orderId(7) + QStringLiteral("\tre_TestRefund0007"));
}

// Issue 12: the next page starts after the last row shown. With OFFSET paging, resolving a
// row of the first page made the second page start one row late, and that row never showed.
void TestOperationTableModel::fetchMoreSkipsNoRowWhenOneLeavesTheFilter_issue12()
{
    TwelveOpen rows;
    QVERIFY(rows.make(QStringLiteral("f")));
    OperationStore& store = *rows.store;
    const QStringList& open = rows.newestFirst;
    OperationTableModel model(rows.clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    rows.show(model);
    QVERIFY(model.reload());
    QCOMPARE(model.rowCount(), 5);
    // Someone resolves the second row shown: it leaves the Open filter.
    const QString resolved = model.operationAt(1)->operationId;
    QVERIFY(store.claimAttempt(resolved, QStringLiteral("toolu_x"), 6, kRetention));
    QVERIFY(store.closeRefunded(resolved, QStringLiteral("re_F1"), QStringLiteral("succeeded")));
    model.fetchMore({});
    QStringList shown;
    for (int row = 0; row < model.rowCount(); ++row)
        shown << model.operationAt(row)->operationId;
    QCOMPARE(shown, open.mid(0, 10));   // the resolved row still shown (stale until refresh), none skipped
}

// Issue 12: the window never holds more than maxLoadedRows; rowsBefore() says where it starts
// as pages come and go at both ends, and the window is always an exact slice of the order.
void TestOperationTableModel::windowIsBoundedAndStaysASliceOfTheOrder_issue12()
{
    QStringList order;   // every id in the default order (newest first), read in keyset pages
    OperationStore::Query q;
    q.limit = 1000;
    for (const Operation& op : m_store->operations(q).value())
        order << op.operationId;
    QCOMPARE(order.size(), kRows);
    const auto isSlice = [this, &order] {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->operationAt(row)->operationId != order.at(int(m_model->rowsBefore()) + row))
                return false;
        }
        return true;
    };
    m_model->setMaxLoadedRows(400);
    QVERIFY(m_model->reload());
    QVERIFY(m_model->atStart());
    for (int i = 0; i < 3; ++i)
        m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), 400);
    QCOMPARE(m_model->rowsBefore(), qint64(400));
    QVERIFY(!m_model->atStart());
    QVERIFY(isSlice());
    m_model->fetchMore({});
    m_model->fetchMore({});
    QVERIFY(m_model->atEnd());
    QVERIFY(!m_model->canFetchMore({}));
    QCOMPARE(m_model->rowsBefore() + m_model->rowCount(), qint64(kRows));
    QVERIFY(isSlice());
    QVERIFY(m_model->fetchPrevious());
    QCOMPARE(m_model->rowsBefore(), qint64(400));
    QVERIFY(!m_model->atEnd());
    QVERIFY(isSlice());
    for (int i = 0; i < 5 && !m_model->atStart(); ++i)
        QVERIFY(m_model->fetchPrevious());
    QVERIFY(m_model->atStart());
    QCOMPARE(m_model->rowsBefore(), qint64(0));
    QVERIFY(isSlice());
}

// Issue 12: Ctrl+End goes to the last row of all 1,000, not of the 200 loaded; scrolling back
// to the top reads the page before without moving the rows on screen.
void TestOperationTableModel::ctrlEndShowsTheLastRowsAndScrollingUpReadsBack_issue12()
{
    OperationTableView view;
    view.setModel(m_model.get());
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(m_model->reload());
    view.setFocus();
    view.selectionModel()->setCurrentIndex(m_model->index(0, 0), QItemSelectionModel::ClearAndSelect);
    QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(m_model->atEnd());
    QCOMPARE(view.currentIndex().row(), m_model->rowCount() - 1);
    QCOMPARE(m_model->operationAt(view.currentIndex().row())->orderId, orderId(0));   // the oldest
    QCOMPARE(m_model->rowsBefore(), qint64(kRows - 200));
    view.scrollTo(m_model->index(0, 0), QAbstractItemView::PositionAtTop);
    const QString topBefore = m_model->operationAt(view.rowAt(0))->operationId;
    QTRY_COMPARE(m_model->rowCount(), 400);   // the page before the window, read at the top
    QCOMPARE(m_model->rowsBefore(), qint64(kRows - 400));
    QCOMPARE(m_model->operationAt(view.rowAt(0))->operationId, topBefore);
    QTest::keyClick(&view, Qt::Key_Home, Qt::ControlModifier);
    QVERIFY(m_model->atStart());
    QCOMPARE(view.currentIndex().row(), 0);
    QCOMPARE(m_model->operationAt(0)->orderId, orderId(kRows - 1));
}

// Issue 12: a change notification re-reads the rows on screen and a quarter page around
// them, not every row scrolled through; the changed row shows its new value.
void TestOperationTableModel::refreshReReadsOnlyAroundTheVisibleRows_issue12()
{
    QVERIFY(m_model->reload());
    while (m_model->canFetchMore({}))
        m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), kRows);
    m_model->setVisibleRows(600, 620);
    const QString changed = m_model->operationAt(610)->operationId;
    QCOMPARE(m_model->operationAt(610)->attempts, 0);
    QVERIFY(m_store->claimAttempt(changed, QStringLiteral("toolu_r"), 6, kRetention));
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);
    QVERIFY(m_model->refresh());
    QCOMPARE(reset.count(), 0);   // same rows: updated in place
    QCOMPARE(m_model->operationAt(610)->attempts, 1);
    // Re-read from row 550 (a quarter page above), one page: rows below 750 are dropped.
    QCOMPARE(m_model->rowCount(), 750);
    QVERIFY(!m_model->atEnd());
    QVERIFY(m_model->canFetchMore({}));
    m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), 950);
}

// Issue 12: after Ctrl+End, every row shown leaves the filter (resolved elsewhere). The
// refresh re-reads from the window's first row and finds nothing; it shows the end of what
// is left instead of an empty list that could not page back.
void TestOperationTableModel::refreshAfterEveryShownRowLeftShowsWhatIsLeft_issue12()
{
    TwelveOpen rows;
    QVERIFY(rows.make(QStringLiteral("e")));
    OperationStore& store = *rows.store;
    const QStringList& open = rows.newestFirst;
    OperationTableModel model(rows.clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    rows.show(model);
    QVERIFY(model.reload());
    QVERIFY(model.fetchLast());
    QCOMPARE(model.rowCount(), 5);
    QVERIFY(!model.atStart());
    model.setVisibleRows(0, 4);
    for (int row = 0; row < 5; ++row) {
        const QString id = model.operationAt(row)->operationId;
        QVERIFY(store.claimAttempt(id, QStringLiteral("toolu_x"), 6, kRetention));
        QVERIFY(store.closeRefunded(id, QStringLiteral("re_E%1").arg(row), QStringLiteral("succeeded")));
    }
    QVERIFY(model.refresh());
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.operationAt(4)->operationId, open.at(6));   // the oldest still open
    QVERIFY(model.atEnd());
    QVERIFY(!model.atStart());
}

QTEST_MAIN(TestOperationTableModel)
#include "TestOperationTableModel.moc"
