#pragma once

#include <QLayout>
#include <QList>

/**
 * A bar of two parts: the leading one (filters, say) at the left and the trailing one (a status
 * and a button) at the right of one row when both fit side by side at their preferred widths,
 * otherwise the trailing part on a row of its own under the leading one, still at the right.
 * Its minimum width is the wider part's, not their sum, so the bar never makes its window (or
 * scroll area) wider: the History tab's range bar at 1024 px in Russian (issue 15).
 *
 * Holds exactly two items, in the order they are added (addWidget(leading), addWidget(trailing));
 * the height for a width follows the rows it needs (hasHeightForWidth()).
 */
class SplitRowLayout : public QLayout
{
    Q_OBJECT

public:
    explicit SplitRowLayout(QWidget* parent = nullptr);
    ~SplitRowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;

    QSize sizeHint() const override;
    QSize minimumSize() const override;
    Qt::Orientations expandingDirections() const override { return Qt::Horizontal; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    void setGeometry(const QRect& rect) override;

    /** Whether both parts share one row at this width (the layout's own width, margins included). */
    bool isOneRow(int width) const;

private:
    int gap() const;
    /** The part's height at width (its own height for width when it has one). */
    static int heightOf(const QLayoutItem* item, int width);

    QList<QLayoutItem*> m_items;
};
