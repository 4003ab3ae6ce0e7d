#pragma once

#include <QTableView>
#include <QUrl>

class OperationTableModel;
class QMenu;

/**
 * The operations table view: keyboard navigable, Ctrl+C copies the selected cells as
 * tab-separated text (rows by line, in view order), and it tells OperationTableModel which
 * rows are on screen so the countdown tick repaints only those.
 *
 * It pages the model's window: scrolling to the bottom reads the next page (fetchMore),
 * scrolling to the top the one before (fetchPrevious), and Ctrl+End / Ctrl+Home jump to the
 * end / start of the whole result; rows added or dropped above the screen do not move it.
 *
 * Its context menu copies one id of the row (operation, order, idempotency key, refund) and,
 * when a provider dashboard is configured, opens the row's refund there
 * (<dashboard>/refunds/<re_...>, e.g. https://dashboard.stripe.com/test/refunds/re_...).
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

    /** The provider dashboard's base URL (empty: no "Open at the provider" entry). */
    void setDashboardUrl(const QUrl& base) { m_dashboardUrl = base; }
    QUrl dashboardUrl() const { return m_dashboardUrl; }
    /** <dashboard>/refunds/<refundId>; empty without a dashboard or a refund id. */
    QUrl refundDashboardUrl(const QString& refundId) const;
    /** The context menu for the row of index (nullptr for no row); the caller owns it. */
    QMenu* createContextMenu(const QModelIndex& index);
    /**
     * The operation id column's widths, px: compact (ids elided in the middle) when the table is
     * short of room, growing up to whole (ids in full) when the other columns leave room, as the
     * table is resized (issue 15: ids were cut at 1920 px beside empty space). Once the user
     * drags the column's edge, their width is kept.
     */
    void setOperationIdWidths(int compact, int whole);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    /** Moves the scroll position by rows (rows added or dropped above the visible ones). */
    void shiftScroll(int rows);
    void fetchPreviousAtTop();
    void fitOperationIdColumn();
    /** fitOperationIdColumn() once control returns to the event loop, however often asked:
        rows arriving, a scroll bar appearing or another column dragged change the room. */
    void scheduleIdFit();

    OperationTableModel* m_model = nullptr;
    bool m_previousPending = false;
    QUrl m_dashboardUrl;
    int m_idCompact = 0;
    int m_idWhole = 0;
    bool m_idUserSized = false; ///< the user set the id column's width: never fitted again
    bool m_fittingId = false;   ///< our own resize of the id column, not the user's
    bool m_idFitQueued = false;
};
