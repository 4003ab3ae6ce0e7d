#pragma once

#include <QTableView>

class OperationTableModel;

/**
 * The operations table view: keyboard navigable, Ctrl+C copies the selected cells as
 * tab-separated text (rows by line, in view order), and it tells OperationTableModel which
 * rows are on screen so the countdown tick repaints only those.
 */
class OperationTableView : public QTableView
{
    Q_OBJECT

public:
    explicit OperationTableView(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;
    /** The selected cells as TSV, or the current cell when nothing is selected. */
    QString selectedText() const;
    /** Copies selectedText() to the clipboard. */
    void copySelection();
    /** Recomputes the visible row range and hands it to the model (first/last row, -1 when empty). */
    void updateVisibleRows();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    OperationTableModel* m_model = nullptr;
};
