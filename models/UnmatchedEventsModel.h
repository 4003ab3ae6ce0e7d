#pragma once

#include "reconcile/ProviderEventStore.h"

#include <QAbstractTableModel>

/**
 * The provider events about refunds no operation knows (R24: recorded and shown, never acted
 * on), newest first, for support and finance: often a refund made outside this tool (in the
 * provider's dashboard) or by another system sharing the account. One row per stored event;
 * amount, currency, payment, status and the metadata come from the refund in the event's
 * payload as the provider sent it. Read-only; load() runs on whatever thread owns the database.
 */
class UnmatchedEventsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ReceivedColumn,  ///< when this database stored the event, UTC
        EventColumn,     ///< evt_… id
        TypeColumn,      ///< refund.created, refund.updated, refund.failed …
        RefundColumn,    ///< re_… id
        AmountColumn,    ///< amount and currency of the refund in the payload
        PaymentColumn,   ///< payment_intent of the refund
        MetadataColumn,  ///< metadata.order_id / metadata.operation_id, as sent
        SourceColumn,    ///< webhook or poll
        ColumnCount
    };

    /** One event and what its payload says of the refund. */
    struct Row
    {
        ProviderEventStore::StoredEvent event;
        qint64 amountMinorUnits = -1; ///< -1: the payload has no amount
        QString currency;
        QString paymentIntent;
        QString refundStatus;
        QString orderId;     ///< metadata.order_id
        QString operationId; ///< metadata.operation_id (names no operation of this database)
    };

    explicit UnmatchedEventsModel(QObject* parent = nullptr);

    /** Reads the newest `limit` unmatched events (1..10000). Errors: the store's. */
    static StoreResult<QList<Row>> load(Database& db, int limit = 500);
    /** Parses the refund out of a stored event's payload (Stripe's event shape, data.object). */
    static Row rowOf(const ProviderEventStore::StoredEvent& event);

    void setRows(const QList<Row>& rows);
    const QList<Row>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};
