#include "OperationTableView.h"

#include "OperationTableModel.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMap>
#include <QScrollBar>

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
}

void OperationTableView::setModel(QAbstractItemModel* model)
{
    QTableView::setModel(model);
    m_model = qobject_cast<OperationTableModel*>(model);
    if (!model)
        return;
    // Rows appear and vanish on reload and fetchMore: the visible range moves with them.
    connect(model, &QAbstractItemModel::modelReset, this, &OperationTableView::updateVisibleRows);
    connect(model, &QAbstractItemModel::rowsInserted, this, &OperationTableView::updateVisibleRows);
    connect(model, &QAbstractItemModel::layoutChanged, this, &OperationTableView::updateVisibleRows);
    updateVisibleRows();
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
    QTableView::keyPressEvent(event);
}

void OperationTableView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    updateVisibleRows();
}
