#pragma once

#include <QLabel>

/**
 * A one-line label that shows its whole text when there is room and elides it in the middle
 * otherwise ("op_519e7f56…c3a4d47bb9"), as the operations table does: ids differ at both ends,
 * and a cut at the right edge (or under the next widget) hid the end that tells them apart.
 * The whole text stays in fullText() and the tooltip; selecting copies what is shown.
 */
class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_fullText; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateShown();

    QString m_fullText;
};
