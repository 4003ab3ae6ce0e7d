// The review dialogs (offscreen) on the embedded demo: a real sandbox-provider process and
// real rows made by the RefundTool. ResolveDialog resolves the worked example (SPEC section 8)
// as refunded from a real lookup, and a second reviewer is told who was first (R17);
// "failed" is refused while the key may still execute (R16); Check all unknown proposes and
// resolves only what a person ticks; the customer message flags claims before copying (R19).
// With REFUND_SCREENSHOT_DIR set, the dialogs are also saved there as PNGs.

#include "TestDemo.h"

#include "CheckUnknownDialog.h"
#include "CustomerMessageDialog.h"
#include "FoundRefundTable.h"
#include "LookupPanel.h"
#include "MessageBanner.h"
#include "ResolveDialog.h"

#include "console/ConsoleDataService.h"
#include "db/OperationStore.h"
#include "demo/DemoEnvironment.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMutex>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

namespace {
constexpr int kLookupTimeoutMs = 60000;

template <typename T>
T* child(QWidget* parent, const char* name)
{
    T* w = parent->findChild<T*>(QLatin1String(name));
    if (!w)
        qWarning("no child %s", name);
    return w;
}
} // namespace

class TestReviewDialogs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void resolveDialogTwoReviewers();
    void failedIsRefusedWhileTheKeyIsLive();
    void checkAllUnknown();
    void customerMessageFlagsClaimsBeforeCopying();
    void customerMessageAsksBeforeDiscardingEdits();
    void cleanupTestCase();

private:
    ReviewerContext context(const QString& actor) const;
    QString operationOfOrder(const QString& orderId);
    void snapshot(QWidget* widget, const QString& name);

    std::unique_ptr<DemoEnvironment> m_env;
    std::unique_ptr<ConsoleDataService> m_data; // the console's data service, as MainWindow hands it over
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    QTemporaryDir m_shots;
};

void TestReviewDialogs::initTestCase()
{
    DemoEnvironment::Options options;
    options.sandboxExecutable = QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN);
    // Off the GUI thread, as the console does.
    auto built = createDemoOffThread(options, 240000);
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    m_env = std::move(built).value();
    auto db = Database::open(m_env->databaseUrl());
    QVERIFY(db);
    m_db = std::move(db).value();
    m_store = std::make_unique<OperationStore>(*m_db);
    m_data = std::make_unique<ConsoleDataService>(Clock::system(), ConsoleDataService::Options{});
    m_data->open(m_env->databaseUrl());
}

// Issue 15: Esc used to throw an edited draft away without a word.
void TestReviewDialogs::customerMessageAsksBeforeDiscardingEdits()
{
    const QString opId = operationOfOrder(QStringLiteral("4420"));
    QVERIFY(!opId.isEmpty());
    const auto facts = CustomerMessage::Facts::from(m_store->operation(opId).value());
    {
        // Untouched draft: Esc closes at once.
        CustomerMessageDialog dialog(facts);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(!dialog.hasUnsavedEdits());
        QTest::keyClick(&dialog, Qt::Key_Escape);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
    }
    CustomerMessageDialog dialog(facts);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto* edit = child<QPlainTextEdit>(&dialog, "messageEdit");
    QTest::keyClicks(edit, QStringLiteral("Dear customer, "));
    QVERIFY(dialog.hasUnsavedEdits());
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(dialog.isVisible());
    QMessageBox* ask = nullptr;
    QTRY_VERIFY((ask = dialog.findChild<QMessageBox*>(QStringLiteral("discardEditsBox"))) && ask->isVisible());
    QTest::mouseClick(child<QPushButton>(ask, "keepEditsButton"), Qt::LeftButton);
    QVERIFY(dialog.isVisible());
    QVERIFY(edit->toPlainText().startsWith(QStringLiteral("Dear customer, ")));

    dialog.reject();
    QTRY_VERIFY((ask = dialog.findChild<QMessageBox*>(QStringLiteral("discardEditsBox"))) && ask->isVisible());
    QTest::mouseClick(child<QPushButton>(ask, "discardEditsButton"), Qt::LeftButton);
    QVERIFY(!dialog.isVisible());

    // Copied text is safe to close on.
    CustomerMessageDialog copiedDialog(facts);
    copiedDialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&copiedDialog));
    QTest::keyClicks(child<QPlainTextEdit>(&copiedDialog, "messageEdit"), QStringLiteral("Hello. "));
    QTest::mouseClick(child<QPushButton>(&copiedDialog, "copyButton"), Qt::LeftButton);
    QVERIFY(!copiedDialog.hasUnsavedEdits());
    QTest::keyClick(&copiedDialog, Qt::Key_Escape);
    QVERIFY(!copiedDialog.isVisible());
}

void TestReviewDialogs::cleanupTestCase()
{
    m_data.reset();
    m_store.reset();
    m_db.reset();
    m_env.reset();
}

ReviewerContext TestReviewDialogs::context(const QString& actor) const
{
    ReviewerContext c;
    c.databaseUrl = m_env->databaseUrl();
    c.provider.baseUrl = m_env->providerUrl();
    c.provider.apiKey = m_env->readKey(); // R13: the console's read-only key
    c.provider.requestTimeoutMs = 10000;
    c.actor = actor;
    c.role = QStringLiteral("support");
    return c;
}

QString TestReviewDialogs::operationOfOrder(const QString& orderId)
{
    OperationStore::Query q;
    q.search = orderId;
    auto ops = m_store->operations(q);
    if (!ops)
        return {};
    for (const Operation& op : ops.value()) {
        if (op.orderId == orderId && op.status == OperationStatus::Unknown)
            return op.operationId;
    }
    return {};
}

void TestReviewDialogs::snapshot(QWidget* widget, const QString& name)
{
    QVERIFY(QTest::qWaitForWindowExposed(widget));
    QApplication::processEvents();
    const QPixmap pixmap = widget->grab();
    QVERIFY(!pixmap.isNull());
    QVERIFY(pixmap.save(m_shots.filePath(name)));
    const QString dir = qEnvironmentVariable("REFUND_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(pixmap.save(QDir(dir).filePath(name)));
}

void TestReviewDialogs::resolveDialogTwoReviewers()
{
    const QString seed = m_env->seedOperationId();
    QCOMPARE(m_store->operation(seed).value().status, OperationStatus::Unknown);

    // Two reviewers open the same unknown operation at the same time.
    QList<QThread*> jobThreads;
    QMutex jobMutex;
    m_data->setJobObserver([&](ConsoleDataService::Where) {
        QMutexLocker lock(&jobMutex);
        jobThreads << QThread::currentThread();
    });
    ResolveDialog ana(context(QStringLiteral("ana.reviewer")), m_data.get(), seed);
    ResolveDialog boris(context(QStringLiteral("boris.reviewer")), m_data.get(), seed);
    ana.show();
    boris.show();
    for (ResolveDialog* d : {&ana, &boris})
        QTRY_VERIFY_WITH_TIMEOUT(!d->lookupPanel()->isRunning() && d->lookupPanel()->result().checkedAtMs > 0,
                                 kLookupTimeoutMs);

    const LookupResult& found = ana.lookupPanel()->result();
    QVERIFY2(found.ok(), qPrintable(found.failureText));
    QCOMPARE(found.refunds.size(), 1);
    const QString refundId = found.refunds.first().refund.id;
    QCOMPARE(found.refunds.first().refund.operationId(), seed);
    QCOMPARE(found.refunds.first().refund.status, QStringLiteral("succeeded"));
    QCOMPARE(ana.lookupPanel()->table()->rowCount(), 1);
    QCOMPARE(ana.lookupPanel()->table()->item(0, FoundRefundTable::Id)->text(), refundId);
    QCOMPARE(ana.lookupPanel()->table()->item(0, FoundRefundTable::Amount)->text(), QStringLiteral("$38.00"));

    auto* proposal = child<QLabel>(&ana, "proposalLabel");
    QVERIFY2(proposal->text().contains(QStringLiteral("Refunded")), qPrintable(proposal->text()));
    auto* refunded = child<QRadioButton>(&ana, "resolveRefundedRadio");
    auto* failed = child<QRadioButton>(&ana, "resolveFailedRadio");
    auto* resolve = child<QPushButton>(&ana, "resolveButton");
    QVERIFY(refunded->isEnabled());
    QVERIFY(refunded->isChecked());
    QVERIFY(!failed->isEnabled()); // R16: a succeeded refund exists
    QVERIFY(child<QLabel>(&ana, "failedReasonLabel")->text().startsWith(QStringLiteral("Not possible")));
    QVERIFY(!resolve->isEnabled()); // a note is required
    QTest::keyClicks(child<QPlainTextEdit>(&ana, "resolveNoteEdit"),
                     QStringLiteral("Found %1 with metadata.operation_id = this operation, succeeded, $38.00, order 4417.")
                         .arg(refundId));
    QVERIFY(resolve->isEnabled());
    // R18: nothing anywhere offers to send a refund or a new key.
    for (QPushButton* b : ana.findChildren<QPushButton*>()) {
        QVERIFY2(!b->text().contains(QStringLiteral("retry"), Qt::CaseInsensitive)
                     && !b->text().contains(QStringLiteral("send"), Qt::CaseInsensitive)
                     && !b->text().contains(QStringLiteral("new key"), Qt::CaseInsensitive),
                 qPrintable(b->text()));
    }
    snapshot(&ana, QStringLiteral("resolve-dialog.png"));

    QSignalSpy resolvedSpy(&ana, &ResolveDialog::resolved);
    QSignalSpy anaFinished(&ana, &ResolveDialog::resolveFinished);
    QTest::mouseClick(resolve, Qt::LeftButton);
    QVERIFY(!resolve->isEnabled()); // under way, in the background
    QVERIFY(anaFinished.wait(30000));
    QCOMPARE(resolvedSpy.count(), 1);
    const Operation op = m_store->operation(seed).value();
    QCOMPARE(op.status, OperationStatus::Refunded);
    QCOMPARE(op.providerRefundId, refundId);
    QCOMPARE(op.resolvedBy, QStringLiteral("ana.reviewer"));
    const QList<AuditEntry> audit = m_store->auditEntries(seed).value();
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit.first().actor, QStringLiteral("ana.reviewer"));
    QCOMPARE(audit.first().role, QStringLiteral("support"));
    QCOMPARE(audit.first().action, QStringLiteral("resolve"));
    const QJsonObject evidence = audit.first().details.value(QStringLiteral("evidence")).toObject();
    QCOMPARE(evidence.value(QStringLiteral("refund")).toObject().value(QStringLiteral("id")).toString(), refundId);
    QCOMPARE(evidence.value(QStringLiteral("refund")).toObject(), found.refunds.first().refund.raw);
    QVERIFY(audit.first().details.value(QStringLiteral("note")).toString().contains(refundId));
    QVERIFY(child<MessageBanner>(&ana, "resolveBanner")->text().contains(QStringLiteral("Resolved as refunded")));
    QVERIFY(!resolve->isEnabled());

    // Boris was looking at the same unknown row and resolves too: he is told, nothing changes.
    auto* borisResolve = child<QPushButton>(&boris, "resolveButton");
    QVERIFY(child<QRadioButton>(&boris, "resolveRefundedRadio")->isChecked());
    QTest::keyClicks(child<QPlainTextEdit>(&boris, "resolveNoteEdit"), QStringLiteral("Same refund found."));
    QVERIFY(borisResolve->isEnabled());
    QSignalSpy borisResolved(&boris, &ResolveDialog::resolved);
    QSignalSpy borisFinished(&boris, &ResolveDialog::resolveFinished);
    QTest::mouseClick(borisResolve, Qt::LeftButton);
    QVERIFY(borisFinished.wait(30000));
    QCOMPARE(borisFinished.first().at(0).toBool(), false);
    QCOMPARE(borisResolved.count(), 0);
    const QString told = child<MessageBanner>(&boris, "resolveBanner")->text();
    // Who and when, from the compare-and-set's answer (R17).
    const QString when = QDateTime::fromMSecsSinceEpoch(*m_store->operation(seed).value().resolvedAt, Qt::UTC)
                             .toString(Qt::ISODate);
    QVERIFY2(told.contains(QStringLiteral("already resolved as refunded by ana.reviewer at ") + when), qPrintable(told));
    QVERIFY(!borisResolve->isEnabled());
    QCOMPARE(m_store->operation(seed).value().resolvedBy, QStringLiteral("ana.reviewer"));
    QCOMPARE(m_store->auditEntries(seed).value().size(), 1);

    // Issue 12: the reads and both resolutions ran on the data service's thread.
    m_data->setJobObserver({});
    QVERIFY(jobThreads.size() >= 6); // two loads, two resolutions, two reloads
    for (QThread* t : std::as_const(jobThreads))
        QCOMPARE(t, m_data->serviceThread());
}

void TestReviewDialogs::failedIsRefusedWhileTheKeyIsLive()
{
    // Order 4420: a saved 500, 1.2 h ago. Nothing was executed, but the key is still live.
    const QString opId = operationOfOrder(QStringLiteral("4420"));
    QVERIFY(!opId.isEmpty());
    ResolveDialog dialog(context(QStringLiteral("ana.reviewer")), m_data.get(), opId);
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.lookupPanel()->result().checkedAtMs > 0 && !dialog.lookupPanel()->isRunning(),
                             kLookupTimeoutMs);
    QVERIFY(dialog.lookupPanel()->result().ok());
    QVERIFY(dialog.lookupPanel()->result().refunds.isEmpty());
    QVERIFY(child<QLabel>(&dialog, "proposalLabel")->text().contains(QStringLiteral("Keep waiting")));
    QVERIFY(!child<QRadioButton>(&dialog, "resolveFailedRadio")->isEnabled());
    QVERIFY(!child<QRadioButton>(&dialog, "resolveRefundedRadio")->isEnabled());
    const QString why = child<QLabel>(&dialog, "failedReasonLabel")->text();
    QVERIFY2(why.contains(QStringLiteral("keeps the key for another")) && why.contains(QStringLiteral(" h ")),
             qPrintable(why));
    QTest::keyClicks(child<QPlainTextEdit>(&dialog, "resolveNoteEdit"), QStringLiteral("trying anyway"));
    QVERIFY(!child<QPushButton>(&dialog, "resolveButton")->isEnabled());
    QCOMPARE(m_store->operation(opId).value().status, OperationStatus::Unknown);

    // The customer hears the truth meanwhile: the "checking" draft of this row (R19).
    QTest::mouseClick(child<QPushButton>(&dialog, "customerMessageButton"), Qt::LeftButton);
    auto* message = dialog.findChild<CustomerMessageDialog*>();
    QVERIFY(message);
    QTRY_VERIFY(message->isVisible());
    QVERIFY(message->text().contains(QStringLiteral("4420")));
    QVERIFY(message->claims().isEmpty());
    message->close();
}

void TestReviewDialogs::checkAllUnknown()
{
    // Left unknown by the demo (the seed was resolved above): 4379 (executed, key retention
    // passed), 4403 (rate limited every time, never executed, key expired), 4420 (saved 500,
    // key live).
    const QString executed = operationOfOrder(QStringLiteral("4379"));
    const QString neverExecuted = operationOfOrder(QStringLiteral("4403"));
    const QString live = operationOfOrder(QStringLiteral("4420"));
    QVERIFY(!executed.isEmpty() && !neverExecuted.isEmpty() && !live.isEmpty());

    CheckUnknownDialog dialog(context(QStringLiteral("ana.reviewer")));
    dialog.show();
    QSignalSpy finished(dialog.sweep(), &UnknownSweep::finished);
    QTest::mouseClick(child<QPushButton>(&dialog, "sweepStartButton"), Qt::LeftButton);
    QVERIFY(finished.wait(120000));
    SweepProposalModel* table = dialog.model();
    const auto cell = [table](int row, int column) { return table->index(row, column).data().toString(); };
    QCOMPARE(table->rowCount(), 3);
    QMap<QString, int> rowOf;
    for (int row = 0; row < table->rowCount(); ++row)
        rowOf.insert(cell(row, CheckUnknownDialog::Column::OperationCol), row);
    QVERIFY(cell(rowOf.value(executed), CheckUnknownDialog::Column::Proposal).startsWith(QStringLiteral("Refunded")));
    QVERIFY(cell(rowOf.value(neverExecuted), CheckUnknownDialog::Column::Proposal).startsWith(QStringLiteral("Failed")));
    QCOMPARE(cell(rowOf.value(live), CheckUnknownDialog::Column::Proposal), QStringLiteral("Keep waiting"));
    QVERIFY(!(table->index(rowOf.value(live), CheckUnknownDialog::Column::Pick).flags() & Qt::ItemIsUserCheckable));
    QVERIFY(child<QProgressBar>(&dialog, "sweepProgress")->value() == 3);
    // Nothing resolved by the sweep itself.
    QCOMPARE(m_store->operation(executed).value().status, OperationStatus::Unknown);

    // A colleague resolves 4379 from another console while this list is open.
    const LookupResult& lookup = dialog.sweep()->items().at(rowOf.value(executed)).lookup;
    QVERIFY(m_store->resolve(executed, ResolutionPolicy::refundedResolution(lookup.refunds.first(), lookup,
                                                                            QStringLiteral("maria.k"),
                                                                            QStringLiteral("finance"),
                                                                            QStringLiteral("checked by hand"))));

    QCOMPARE(dialog.selectAllProposals(), 2);
    auto* resolve = child<QPushButton>(&dialog, "sweepResolveButton");
    QVERIFY(!resolve->isEnabled()); // the note is required
    QTest::keyClicks(child<QLineEdit>(&dialog, "sweepNoteEdit"), QStringLiteral("Check all unknown, evidence per row."));
    QVERIFY(resolve->isEnabled());
    snapshot(&dialog, QStringLiteral("check-unknown-dialog.png"));
    QSignalSpy resolved(&dialog, &CheckUnknownDialog::operationsResolved);
    QTest::mouseClick(resolve, Qt::LeftButton);
    QVERIFY(!resolve->isEnabled());   // written in the background, one run at a time
    // Close while it writes: the dialog goes away at once, the rows confirmed are still
    // written and reported, and nothing waits on the GUI thread.
    dialog.reject();
    QVERIFY(!dialog.isVisible());
    QVERIFY(resolved.wait(30000));
    QCOMPARE(resolved.count(), 1);
    QCOMPARE(resolved.first().at(0).toStringList(), QStringList{neverExecuted});
    const QString colleague = cell(rowOf.value(executed), CheckUnknownDialog::Column::Result);
    QVERIFY2(colleague.contains(QStringLiteral("maria.k")), qPrintable(colleague));
    QVERIFY(cell(rowOf.value(neverExecuted), CheckUnknownDialog::Column::Result).startsWith(QStringLiteral("Resolved as failed")));
    QCOMPARE(table->checkableCount(), 0);   // rows with a result are not ticked again
    const Operation failedOp = m_store->operation(neverExecuted).value();
    QCOMPARE(failedOp.status, OperationStatus::Failed);
    QCOMPARE(failedOp.failureCode, QStringLiteral("no_refund_found"));
    const auto audit = m_store->auditEntries(neverExecuted).value();
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit.first().details.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("lookup")).toObject()
                 .value(QStringLiteral("complete")).toBool(),
             true);
    QCOMPARE(m_store->operation(executed).value().resolvedBy, QStringLiteral("maria.k"));
    QCOMPARE(m_store->operation(live).value().status, OperationStatus::Unknown);
}

void TestReviewDialogs::customerMessageFlagsClaimsBeforeCopying()
{
    const QString opId = operationOfOrder(QStringLiteral("4420"));
    QVERIFY(!opId.isEmpty());
    CustomerMessageDialog dialog(CustomerMessage::Facts::from(m_store->operation(opId).value()));
    dialog.setLanguage(MessageLanguage::English);
    dialog.show();
    auto* edit = child<QPlainTextEdit>(&dialog, "messageEdit");
    QVERIFY(edit->toPlainText().contains(QStringLiteral("cannot confirm your refund of $56.00 for order 4420")));
    QVERIFY(dialog.claims().isEmpty());

    QApplication::clipboard()->setText(QStringLiteral("before"));
    QTextCursor cursor = edit->textCursor();
    cursor.movePosition(QTextCursor::End);
    edit->setTextCursor(cursor);
    QTest::keyClicks(edit, QStringLiteral(" Good news: your refund has been processed."));
    QCOMPARE(dialog.claims().size(), 1);
    QCOMPARE(dialog.claims().first().phrase, QStringLiteral("refund has been processed"));
    QSignalSpy copied(&dialog, &CustomerMessageDialog::copied);
    QTest::mouseClick(child<QPushButton>(&dialog, "copyButton"), Qt::LeftButton);
    auto* confirm = child<QFrame>(&dialog, "claimsConfirm");
    QVERIFY(confirm->isVisible());
    QVERIFY(child<QLabel>(&dialog, "claimsConfirmText")->text().contains(QStringLiteral("refund has been processed")));
    QCOMPARE(copied.count(), 0);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("before"));
    QTRY_VERIFY(child<QLabel>(&dialog, "claimsHint")->text().contains(QStringLiteral("refund has been processed")));
    snapshot(&dialog, QStringLiteral("customer-message.png"));
    QTest::mouseClick(child<QPushButton>(&dialog, "copyAnywayButton"), Qt::LeftButton);
    QCOMPARE(copied.count(), 1);
    QCOMPARE(QApplication::clipboard()->text(), edit->toPlainText());
    QVERIFY(!confirm->isVisible());

    // Another language: that language's draft, amount formatted for it; the edit can be undone.
    child<QComboBox>(&dialog, "languageCombo")->setCurrentIndex(1);
    QCOMPARE(dialog.language(), MessageLanguage::Russian);
    QVERIFY2(edit->toPlainText().contains(QStringLiteral("56,00")), qPrintable(edit->toPlainText()));
    QVERIFY(dialog.claims().isEmpty());
    snapshot(&dialog, QStringLiteral("customer-message-ru.png"));
    edit->undo();
    QVERIFY(edit->toPlainText().contains(QStringLiteral("has been processed")));
    // A clean text copies at once.
    child<QComboBox>(&dialog, "languageCombo")->setCurrentIndex(2);
    QTest::mouseClick(child<QPushButton>(&dialog, "copyButton"), Qt::LeftButton);
    QCOMPARE(copied.count(), 2);
    QVERIFY(QApplication::clipboard()->text().contains(QStringLiteral("henüz onaylayamıyoruz")));
}

QTEST_MAIN(TestReviewDialogs)
#include "TestReviewDialogs.moc"
