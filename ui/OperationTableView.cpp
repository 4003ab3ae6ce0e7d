#include "OperationTableView.h"

#include "OperationTableModel.h"

#include "db/Operation.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDesktopServices>
#include <QMenu>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMap>
#include <QScrollBar>
#include <QPointer>
#include <QTimer>

OperationTableView::OperationTableView(QWidget* parent)
    : QTableView(parent)
{
    setObjectName(QStringLiteral("operationsTable"));
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSortingEnabled(true);
    setAlternatingRowColors(true);
    setShowGrid(false);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);   // ids differ at the end: keep both ends readable
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 14);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSortIndicatorShown(true);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &OperationTableView::updateVisibleRows);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int) {
        if (section == OperationTableModel::OperationIdColumn && !m_fittingId && m_idCompact > 0)
            m_idUserSized = true;
        // Another column dragged leaves more or less room (the last one only stretches into
        // what is left: refitting on it would chase our own resize).
        else if (section != OperationTableModel::OperationIdColumn
                 && section != horizontalHeader()->logicalIndex(horizontalHeader()->count() - 1))
            scheduleIdFit();
    });
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (value == verticalScrollBar()->minimum())
            fetchPreviousAtTop();
    });
}

void OperationTableView::setModel(QAbstractItemModel* model)
{
    if (model == this->model())
        return;
    if (QAbstractItemModel* old = this->model())
        disconnect(old, nullptr, this, nullptr);   // our own connections to it, below
    QTableView::setModel(model);
    m_model = qobject_cast<OperationTableModel*>(model);
    if (!model)
        return;
    // Rows appear and vanish on reload and fetchMore: the visible range moves with them.
    connect(model, &QAbstractItemModel::modelReset, this, &OperationTableView::updateVisibleRows);
    connect(model, &QAbstractItemModel::rowsInserted, this, &OperationTableView::updateVisibleRows);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &OperationTableView::updateVisibleRows);
    connect(model, &QAbstractItemModel::layoutChanged, this, &OperationTableView::updateVisibleRows);
    // The last column keeps what its cells need, and they change with the rows.
    connect(model, &QAbstractItemModel::modelReset, this, &OperationTableView::scheduleIdFit);
    connect(model, &QAbstractItemModel::rowsInserted, this, &OperationTableView::scheduleIdFit);
    connect(model, &QAbstractItemModel::layoutChanged, this, &OperationTableView::scheduleIdFit);
    if (m_model) {
        // The window grows and shrinks at its top (a page before it, rows dropped past its
        // bound): keep the rows on screen where they are instead of letting them jump.
        connect(m_model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first, int last) {
            if (first == 0 && m_model->rowCount() > last + 1)
                shiftScroll(last + 1);
        });
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex&, int first, int last) {
            if (first == 0 && m_model->rowCount() > 0)
                shiftScroll(-(last + 1));
        });
    }
    updateVisibleRows();
}

void OperationTableView::shiftScroll(int rows)
{
    QScrollBar* bar = verticalScrollBar();
    // Rows have one fixed height (the header is Fixed), so rows convert to pixels exactly.
    const int px = rows * (m_model && m_model->rowCount() > 0 ? rowHeight(0) : verticalHeader()->defaultSectionSize());
    updateGeometries();   // the bar's range must cover the new rows before the value moves
    bar->setValue(bar->value() + px);
}

void OperationTableView::fetchPreviousAtTop()
{
    // Asked from the scroll bar's signal: read the page before the window once the scroll has settled.
    if (m_previousPending || !m_model || m_model->atStart())
        return;
    m_previousPending = true;
    QTimer::singleShot(0, this, [this] {
        m_previousPending = false;
        if (m_model && !m_model->atStart() && verticalScrollBar()->value() == verticalScrollBar()->minimum())
            m_model->fetchPrevious();
    });
}

void OperationTableView::updateVisibleRows()
{
    if (!m_model)
        return;
    if (m_model->rowCount() == 0) {
        m_model->setVisibleRows(-1, -1);
        return;
    }
    const int top = rowAt(0);
    int bottom = rowAt(viewport()->height() - 1);
    if (top < 0) {
        m_model->setVisibleRows(-1, -1);
        return;
    }
    if (bottom < 0)
        bottom = m_model->rowCount() - 1;   // the rows end above the viewport's bottom edge
    m_model->setVisibleRows(top, bottom);
}

QString OperationTableView::selectedText() const
{
    QModelIndexList indexes = selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    if (indexes.isEmpty() && currentIndex().isValid())
        indexes << currentIndex();
    if (indexes.isEmpty())
        return {};
    // Order rows by model row, cells by their visual column (the user may have moved them).
    QMap<int, QMap<int, QString>> grid;
    for (const QModelIndex& index : std::as_const(indexes)) {
        if (isColumnHidden(index.column()))
            continue;
        grid[index.row()][horizontalHeader()->visualIndex(index.column())] = index.data(Qt::DisplayRole).toString();
    }
    QStringList lines;
    for (auto row = grid.cbegin(); row != grid.cend(); ++row)
        lines << QStringList(row.value().values()).join(QLatin1Char('\t'));
    return lines.join(QLatin1Char('\n'));
}

void OperationTableView::copySelection()
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void OperationTableView::keyPressEvent(QKeyEvent* event)
{
    if (event == QKeySequence::Copy) {
        copySelection();
        event->accept();
        return;
    }
    // Ctrl+End / Ctrl+Home go to the end / start of the whole result, not of the loaded window.
    const bool toEnd = event == QKeySequence::MoveToEndOfDocument;
    const bool toStart = event == QKeySequence::MoveToStartOfDocument;
    if (m_model && ((toEnd && !m_model->atEnd()) || (toStart && !m_model->atStart()))) {
        const int column = currentIndex().isValid() ? currentIndex().column() : 0;
        // The edge page may arrive later (read on the data service's thread): go there then.
        const auto go = [view = QPointer<OperationTableView>(this), toEnd, column](bool ok) {
            if (!ok || !view || !view->m_model || view->m_model->rowCount() == 0)
                return;
            OperationTableModel* model = view->m_model;
            const QModelIndex target = model->index(toEnd ? model->rowCount() - 1 : 0, column);
            view->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            if (toEnd)
                view->scrollToBottom();
            else
                view->scrollToTop();
        };
        if (toEnd)
            m_model->fetchLast(go);
        else
            m_model->reload(go);
        event->accept();
        return;
    }
    // Up at the window's first row reads the page before it first.
    if (m_model && !m_model->atStart() && currentIndex().row() == 0
        && (event->key() == Qt::Key_Up || event->key() == Qt::Key_PageUp))
        m_model->fetchPrevious();
    QTableView::keyPressEvent(event);
}

void OperationTableView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    fitOperationIdColumn();
    updateVisibleRows();
}

bool OperationTableView::viewportEvent(QEvent* event)
{
    // A vertical scroll bar appearing narrows the viewport without resizing the table.
    if (event->type() == QEvent::Resize)
        scheduleIdFit();
    return QTableView::viewportEvent(event);
}

void OperationTableView::scheduleIdFit()
{
    if (m_idFitQueued || m_idUserSized || m_idCompact <= 0)
        return;
    m_idFitQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_idFitQueued = false;
            fitOperationIdColumn();
        },
        Qt::QueuedConnection);
}

void OperationTableView::setOperationIdWidths(int compact, int whole)
{
    m_idCompact = compact;
    m_idWhole = qMax(compact, whole);
    m_idUserSized = false;
    fitOperationIdColumn();
}

void OperationTableView::fitOperationIdColumn()
{
    QHeaderView* header = horizontalHeader();
    const int id = OperationTableModel::OperationIdColumn;
    if (m_idUserSized || m_idCompact <= 0 || header->count() <= id + 1)
        return;
    // What the other columns take; the last one stretches, so it keeps what its header and
    // its visible cells need.
    const int last = header->logicalIndex(header->count() - 1);
    int others = 0;
    for (int i = 0; i < header->count(); ++i)
        if (i != id && i != last && !header->isSectionHidden(i))
            others += header->sectionSize(i);
    const int lastNeeds = qMax(header->sectionSizeHint(last), sizeHintForColumn(last));
    const int room = viewport()->width() - others - lastNeeds;
    const int width = qBound(m_idCompact, room, m_idWhole);
    if (header->sectionSize(id) == width)
        return;
    m_fittingId = true;
    header->resizeSection(id, width);
    m_fittingId = false;
}

QUrl OperationTableView::refundDashboardUrl(const QString& refundId) const
{
    if (m_dashboardUrl.isEmpty() || refundId.isEmpty())
        return {};
    QUrl url = m_dashboardUrl;
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path + QStringLiteral("refunds/") + refundId);
    return url;
}

QMenu* OperationTableView::createContextMenu(const QModelIndex& index)
{
    const Operation* op = index.isValid() && m_model ? m_model->operationAt(index.row()) : nullptr;
    if (!op)
        return nullptr;
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("operationContextMenu"));
    const auto copyAction = [menu](const QString& text, const QString& value, const char* name) {
        QAction* a = menu->addAction(text);
        a->setObjectName(QString::fromLatin1(name));
        a->setEnabled(!value.isEmpty());
        a->setToolTip(value);
        QObject::connect(a, &QAction::triggered, menu, [value] { QApplication::clipboard()->setText(value); });
    };
    copyAction(tr("Copy operation id"), op->operationId, "copyOperationId");
    copyAction(tr("Copy order id"), op->orderId, "copyOrderId");
    copyAction(tr("Copy idempotency key"), op->idempotencyKey, "copyIdempotencyKey");
    copyAction(tr("Copy refund id"), op->providerRefundId, "copyRefundId");
    // The view's own actions (the window's "Copy cells", Ctrl+C), not a second copy of them.
    menu->addActions(actions());
    const QUrl refundUrl = refundDashboardUrl(op->providerRefundId);
    if (!m_dashboardUrl.isEmpty()) {
        menu->addSeparator();
        QAction* open = menu->addAction(tr("Open the refund at the provider"));
        open->setObjectName(QStringLiteral("openRefundAtProvider"));
        open->setEnabled(refundUrl.isValid() && !refundUrl.isEmpty());
        open->setToolTip(refundUrl.toString());
        connect(open, &QAction::triggered, this, [refundUrl] { QDesktopServices::openUrl(refundUrl); });
    }
    return menu;
}

void OperationTableView::contextMenuEvent(QContextMenuEvent* event)
{
    const QModelIndex index = indexAt(viewport()->mapFromGlobal(event->globalPos()));
    QMenu* menu = createContextMenu(index.isValid() ? index : currentIndex());
    if (!menu)
        return;
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}
