#include "UnmatchedEventsModel.h"

#include "OperationFormat.h"

#include <QJsonDocument>
#include <QJsonObject>

UnmatchedEventsModel::UnmatchedEventsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

StoreResult<QList<UnmatchedEventsModel::Row>> UnmatchedEventsModel::load(Database& db, int limit)
{
    ProviderEventStore store(db);
    auto events = store.recent(qBound(1, limit, 10000), /*unmatchedOnly=*/true);
    if (!events)
        return events.error();
    QList<Row> rows;
    rows.reserve(events.value().size());
    for (const auto& e : events.value())
        rows << rowOf(e);
    return rows;
}

UnmatchedEventsModel::Row UnmatchedEventsModel::rowOf(const ProviderEventStore::StoredEvent& event)
{
    Row row;
    row.event = event;
    // The payload is the provider's text as received; anything missing stays empty.
    const QJsonObject refund = QJsonDocument::fromJson(event.payload.toUtf8())
                                   .object()
                                   .value(QStringLiteral("data"))
                                   .toObject()
                                   .value(QStringLiteral("object"))
                                   .toObject();
    const QJsonValue amount = refund.value(QStringLiteral("amount"));
    if (amount.isDouble() && amount.toDouble() >= 0)
        row.amountMinorUnits = qint64(amount.toDouble());
    row.currency = refund.value(QStringLiteral("currency")).toString();
    row.paymentIntent = refund.value(QStringLiteral("payment_intent")).toString();
    row.refundStatus = refund.value(QStringLiteral("status")).toString();
    const QJsonObject metadata = refund.value(QStringLiteral("metadata")).toObject();
    row.orderId = metadata.value(QStringLiteral("order_id")).toString();
    row.operationId = metadata.value(QStringLiteral("operation_id")).toString();
    return row;
}

void UnmatchedEventsModel::setRows(const QList<Row>& rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int UnmatchedEventsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int UnmatchedEventsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UnmatchedEventsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row& r = m_rows.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() == AmountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return r.event.actionDetail;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ReceivedColumn:
        return OperationFormat::utcTime(r.event.receivedAt);
    case EventColumn:
        return r.event.eventId;
    case TypeColumn:
        return r.refundStatus.isEmpty() ? r.event.type
                                        : tr("%1 (refund %2)").arg(r.event.type, r.refundStatus);
    case RefundColumn:
        return r.event.refundId;
    case AmountColumn:
        return r.amountMinorUnits < 0 || r.currency.isEmpty()
                   ? QStringLiteral("—")
                   : OperationFormat::money(r.amountMinorUnits, r.currency);
    case PaymentColumn:
        return r.paymentIntent.isEmpty() ? QStringLiteral("—") : r.paymentIntent;
    case MetadataColumn: {
        QStringList parts;
        if (!r.orderId.isEmpty())
            parts << tr("order %1").arg(r.orderId);
        if (!r.operationId.isEmpty())
            parts << tr("operation %1").arg(r.operationId);
        return parts.isEmpty() ? tr("none") : parts.join(QStringLiteral(" · "));
    }
    case SourceColumn:
        return r.event.source == QLatin1String("poll") ? tr("polled") : tr("webhook");
    }
    return {};
}

QVariant UnmatchedEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ReceivedColumn: return tr("Received (UTC)");
    case EventColumn: return tr("Event");
    case TypeColumn: return tr("Type");
    case RefundColumn: return tr("Refund");
    case AmountColumn: return tr("Amount");
    case PaymentColumn: return tr("Payment");
    case MetadataColumn: return tr("Metadata");
    case SourceColumn: return tr("Source");
    }
    return {};
}
