#include "FoundRefundTable.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QHeaderView>

namespace {

QString sourceText(RefundSource source)
{
    switch (source) {
    case RefundSource::List:
        return FoundRefundTable::tr("refund list");
    case RefundSource::Event:
        return FoundRefundTable::tr("event (key)");
    case RefundSource::Both:
        return FoundRefundTable::tr("list + event");
    }
    return QString();
}

} // namespace

FoundRefundTable::FoundRefundTable(QWidget* parent)
    : QTableWidget(0, ColumnCount, parent)
{
    setObjectName(QStringLiteral("foundRefundTable"));
    setHorizontalHeaderLabels({tr("Refund"), tr("Amount"), tr("Status"), tr("Checks"), tr("Created (UTC)"),
                               tr("Found by"), tr("Metadata")});
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Metadata is long (operation ids) and last: it takes what is left and is elided; the
    // full text is in its tooltip.
    horizontalHeader()->setSectionResizeMode(Metadata, QHeaderView::Stretch);
    setTextElideMode(Qt::ElideRight);
    setWordWrap(false);
}

void FoundRefundTable::setRefunds(const QList<FoundRefund>& refunds)
{
    clearContents();
    setRowCount(int(refunds.size()));
    for (int row = 0; row < refunds.size(); ++row) {
        const FoundRefund& f = refunds.at(row);
        const ProviderRefund& r = f.refund;
        QStringList meta;
        for (auto it = r.metadata.constBegin(); it != r.metadata.constEnd(); ++it)
            meta << QStringLiteral("%1=%2").arg(it.key(), it.value());
        QStringList checks;
        for (const RefundMismatch& m : f.mismatches)
            checks << m.sentence;
        const QString checkText = checks.isEmpty() ? tr("✓ amount, currency, order match") : checks.join(QLatin1Char(' '));

        const QStringList cells{r.id,
                                OperationFormat::money(r.amountCents, r.currency),
                                r.status.isEmpty() ? tr("(no status)") : LookupResult::refundStatusTitle(r.status),
                                f.hasMismatch() ? QStringLiteral("⚠ ") + checkText : checkText,
                                OperationFormat::utcTime(r.createdUtcSeconds * 1000),
                                sourceText(f.source),
                                meta.join(QStringLiteral(", "))};
        for (int col = 0; col < ColumnCount; ++col) {
            auto* item = new QTableWidgetItem(cells.at(col));
            if (col == Id)
                item->setData(Qt::UserRole, r.id);
            if (col == Amount)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (f.hasMismatch()) {
                item->setForeground(StatusPalette::toneForeground(StatusPalette::Tone::Warning, palette()));
                item->setToolTip(checks.join(QLatin1Char('\n')));
            } else if (f.isDead()) {
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            } else if (col == Status && f.isEffective()) {
                item->setForeground(StatusPalette::toneForeground(StatusPalette::Tone::Success, palette()));
            }
            if (col == Metadata && !f.hasMismatch())
                item->setToolTip(meta.join(QLatin1Char('\n')));
            if (col == Mismatches && !f.hasMismatch())
                item->setForeground(StatusPalette::toneForeground(StatusPalette::Tone::Success, palette()));
            if (col == Source && !f.eventIds.isEmpty())
                item->setToolTip(tr("Events: %1").arg(f.eventIds.join(QStringLiteral(", "))));
            setItem(row, col, item);
        }
    }
    if (rowCount() > 0)
        selectRow(0);
}

QString FoundRefundTable::currentRefundId() const
{
    const int row = currentRow();
    if (row < 0 || !item(row, Id))
        return QString();
    return item(row, Id)->data(Qt::UserRole).toString();
}

bool FoundRefundTable::selectRefund(const QString& refundId)
{
    for (int row = 0; row < rowCount(); ++row) {
        if (item(row, Id) && item(row, Id)->data(Qt::UserRole).toString() == refundId) {
            selectRow(row);
            return true;
        }
    }
    return false;
}
