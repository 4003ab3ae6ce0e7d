#pragma once

// R23: exactly-once measured per logical refund AT THE PROVIDER. The refund tool's own tables
// can look perfect while the provider paid twice (two rows of one logical refund, a resend on
// the wire), so this check starts from the sandbox's refund list and its request counters and
// only then maps what it finds onto our rows.

#include "SandboxProcess.h"

#include "db/Database.h"

#include <QEventLoop>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QUrlQuery>

#include <algorithm>
#include <optional>

struct LogicalRefundCheck
{
    /** Refunds made outside the tool (a dashboard refund in a chaos schedule): no row expected. */
    QSet<QString> outsideRefundIds;
    /** Refund POSTs sent outside the tool, per idempotency key (e.g. a concurrent "other process"). */
    QHash<QString, int> outsidePostsByKey;
    /** Check only these orders (a chaos schedule's own); empty: every order, and the sandbox's
        totals must then be explained by them. */
    QSet<QString> onlyOrders;

    /** What the provider holds for our orders, after check(): refunds per operation id. */
    QHash<QString, QStringList> refundsByOperation;
    int refundsAtProvider = 0;

    /** Every refund of a payment intent at the sandbox, all pages (GET /v1/refunds?payment_intent=). */
    static std::optional<QJsonArray> listRefunds(SandboxProcess& sandbox, const QString& paymentIntent,
                                                 QString* why)
    {
        QNetworkAccessManager network;
        QJsonArray all;
        QString after;
        for (int page = 0; page < 1000; ++page) {
            QUrlQuery query;
            query.addQueryItem(QStringLiteral("payment_intent"), paymentIntent);
            query.addQueryItem(QStringLiteral("limit"), QStringLiteral("100"));
            if (!after.isEmpty())
                query.addQueryItem(QStringLiteral("starting_after"), after);
            QUrl url = sandbox.url(QStringLiteral("/v1/refunds"));
            url.setQuery(query);
            QNetworkRequest request(url);
            request.setTransferTimeout(15000);
            // The read key is enough (R13): this is what a reviewer can see.
            request.setRawHeader("Authorization", "Bearer " + sandbox.readKey().toUtf8());
            QNetworkReply* reply = network.get(request);
            QEventLoop loop;
            QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            if (!reply->isFinished())
                loop.exec();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
            reply->deleteLater();
            if (status != 200) {
                *why = QStringLiteral("listing refunds of %1 at the sandbox: HTTP %2")
                           .arg(paymentIntent)
                           .arg(status);
                return std::nullopt;
            }
            const QJsonArray data = body.value(QStringLiteral("data")).toArray();
            for (const QJsonValue& v : data)
                all.append(v);
            if (!body.value(QStringLiteral("has_more")).toBool() || data.isEmpty())
                return all;
            after = data.last().toObject().value(QStringLiteral("id")).toString();
        }
        *why = QStringLiteral("listing refunds of %1: too many pages").arg(paymentIntent);
        return std::nullopt;
    }

    /**
     * True when, for every order in the database:
     *  - every refund at the sandbox maps to an operation row by metadata.operation_id, with the
     *    row's order (metadata.order_id too), payment intent, amount and currency (R11);
     *  - each logical refund (order, amount, request ref) holds at most one refund at the
     *    sandbox; with an empty request ref, a second one only from an operation opened after the
     *    previous refunded one's repeat window ended (R5a, R23);
     *  - every refunded row's provider_refund_id is one of those refunds (R7);
     *  - refund POSTs that reached the sandbox, per key, equal the attempts logged for that key
     *    that are not `not_sent` (R12), and no POST carries a key we do not know.
     * Otherwise false with *why saying what differed.
     */
    bool check(Database& db, SandboxProcess& sandbox, QString* why)
    {
        refundsByOperation.clear();
        refundsAtProvider = 0;
        const QJsonObject stats = sandbox.stats();
        if (stats.isEmpty()) {
            *why = QStringLiteral("no stats from the sandbox: ") + sandbox.errorString();
            return false;
        }

        struct Row
        {
            QString orderId, currency, requestRef, key, status, refundId;
            qint64 amount = 0, createdAt = 0, closedAt = 0;
        };
        QHash<QString, Row> rows;
        QHash<QString, QString> opByKey;
        auto q = db.run(QStringLiteral(
            "SELECT operation_id, order_id, amount_cents, currency, request_ref, idempotency_key, "
            "status, provider_refund_id, created_at, closed_at FROM refund_ops"));
        if (!q) {
            *why = q.error().message;
            return false;
        }
        while (q.value().next()) {
            if (!onlyOrders.isEmpty() && !onlyOrders.contains(q.value().value(1).toString()))
                continue;
            Row r;
            r.orderId = q.value().value(1).toString();
            r.amount = q.value().value(2).toLongLong();
            r.currency = q.value().value(3).toString();
            r.requestRef = q.value().value(4).toString();
            r.key = q.value().value(5).toString();
            r.status = q.value().value(6).toString();
            r.refundId = q.value().value(7).toString();
            r.createdAt = q.value().value(8).toLongLong();
            r.closedAt = q.value().value(9).toLongLong();
            rows.insert(q.value().value(0).toString(), r);
            opByKey.insert(r.key, q.value().value(0).toString());
        }
        q.value().finish();
        qint64 windowMs = 72 * 3600 * 1000LL;
        if (auto w = db.run(QStringLiteral("SELECT value FROM settings WHERE key = 'repeat_window_hours'"));
            w && w.value().next())
            windowMs = w.value().value(0).toLongLong() * 3600 * 1000;

        QHash<QString, QString> orderOfPi;
        auto orders = db.run(QStringLiteral("SELECT order_id, payment_intent FROM orders"));
        if (!orders) {
            *why = orders.error().message;
            return false;
        }
        while (orders.value().next()) {
            if (onlyOrders.isEmpty() || onlyOrders.contains(orders.value().value(0).toString()))
                orderOfPi.insert(orders.value().value(1).toString(), orders.value().value(0).toString());
        }
        orders.value().finish();

        QHash<QString, QJsonObject> refundById;
        for (auto it = orderOfPi.cbegin(); it != orderOfPi.cend(); ++it) {
            const auto list = listRefunds(sandbox, it.key(), why);
            if (!list)
                return false;
            for (const QJsonValue& v : *list) {
                const QJsonObject refund = v.toObject();
                const QString id = refund.value(QStringLiteral("id")).toString();
                refundById.insert(id, refund);
                ++refundsAtProvider;
                if (outsideRefundIds.contains(id))
                    continue;
                const QJsonObject metadata = refund.value(QStringLiteral("metadata")).toObject();
                const QString opId = metadata.value(QStringLiteral("operation_id")).toString();
                if (!rows.contains(opId)) {
                    *why = QStringLiteral("refund %1 at the provider (order %2) has no operation row "
                                          "(metadata.operation_id '%3')")
                               .arg(id, it.value(), opId);
                    return false;
                }
                const Row& row = rows[opId];
                if (row.orderId != it.value() ||
                    metadata.value(QStringLiteral("order_id")).toString() != row.orderId ||
                    refund.value(QStringLiteral("amount")).toInteger() != row.amount ||
                    refund.value(QStringLiteral("currency")).toString() != row.currency) {
                    *why = QStringLiteral("refund %1 does not match operation %2 (order %3, %4 %5): %6")
                               .arg(id, opId, row.orderId)
                               .arg(row.amount)
                               .arg(row.currency,
                                    QString::fromUtf8(QJsonDocument(refund).toJson(QJsonDocument::Compact)));
                    return false;
                }
                refundsByOperation[opId] << id;
            }
        }
        // Nothing refunded on a payment this database does not know about.
        if (onlyOrders.isEmpty() &&
            stats.value(QStringLiteral("refunds_executed_total")).toInt() != refundsAtProvider) {
            *why = QStringLiteral("the sandbox executed %1 refunds, the orders' payments hold %2")
                       .arg(stats.value(QStringLiteral("refunds_executed_total")).toInt())
                       .arg(refundsAtProvider);
            return false;
        }

        // Per logical refund (R23). One key executes once (R14), so a second refund of one
        // identity means a second operation was opened for it.
        QMap<std::tuple<QString, qint64, QString>, QStringList> opsWithRefund;
        for (auto it = refundsByOperation.cbegin(); it != refundsByOperation.cend(); ++it) {
            if (it.value().size() > 1) {
                *why = QStringLiteral("operation %1 holds %2 refunds at the provider: %3")
                           .arg(it.key())
                           .arg(it.value().size())
                           .arg(it.value().join(QStringLiteral(", ")));
                return false;
            }
            const Row& r = rows[it.key()];
            opsWithRefund[{r.orderId, r.amount, r.requestRef}] << it.key();
        }
        for (auto it = opsWithRefund.begin(); it != opsWithRefund.end(); ++it) {
            QStringList ops = it.value();
            if (ops.size() < 2)
                continue;
            const auto& [order, amount, ref] = it.key();
            const QString name = QStringLiteral("logical refund (order %1, %2, request ref '%3')")
                                     .arg(order)
                                     .arg(amount)
                                     .arg(ref);
            QStringList refunds;
            for (const QString& op : ops)
                refunds << refundsByOperation[op];
            if (!ref.isEmpty()) {
                *why = QStringLiteral("%1 holds %2 refunds at the provider: %3")
                           .arg(name)
                           .arg(refunds.size())
                           .arg(refunds.join(QStringLiteral(", ")));
                return false;
            }
            std::sort(ops.begin(), ops.end(), [&](const QString& a, const QString& b) {
                return rows[a].createdAt < rows[b].createdAt;
            });
            for (int i = 1; i < ops.size(); ++i) {
                const Row& prev = rows[ops[i - 1]];
                const Row& next = rows[ops[i]];
                if (prev.status != QLatin1String("refunded") || next.createdAt < prev.closedAt + windowMs) {
                    *why = QStringLiteral(
                               "%1 holds %2 refunds at the provider (%3); operation %4 opened %5 ms after %6 "
                               "(%7) closed, inside the %8 h repeat window")
                               .arg(name)
                               .arg(refunds.size())
                               .arg(refunds.join(QStringLiteral(", ")), ops[i])
                               .arg(next.createdAt - prev.closedAt)
                               .arg(ops[i - 1], prev.status)
                               .arg(windowMs / 3600000);
                    return false;
                }
            }
        }

        // Every refunded row names a refund the provider holds, for that row.
        for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
            if (it.value().status != QLatin1String("refunded"))
                continue;
            if (!refundsByOperation.value(it.key()).contains(it.value().refundId)) {
                *why = QStringLiteral(
                           "refunded operation %1 names refund %2, which the provider does not hold for it%3")
                           .arg(it.key(), it.value().refundId,
                                refundById.contains(it.value().refundId)
                                    ? QStringLiteral(" (it is someone else's)")
                                    : QString());
                return false;
            }
        }

        // R12: requests that reached the provider == attempts logged, per key.
        QHash<QString, int> attemptsByKey;
        auto a = db.run(QStringLiteral(
            "SELECT idempotency_key, count(*) FROM refund_attempts WHERE outcome <> 'not_sent' "
            "GROUP BY idempotency_key"));
        if (!a) {
            *why = a.error().message;
            return false;
        }
        while (a.value().next())
            attemptsByKey.insert(a.value().value(0).toString(), a.value().value(1).toInt());
        a.value().finish();
        const QJsonObject posts = stats.value(QStringLiteral("refund_posts_by_idempotency_key")).toObject();
        QSet<QString> keys(attemptsByKey.keyBegin(), attemptsByKey.keyEnd());
        for (auto it = posts.begin(); it != posts.end(); ++it)
            keys.insert(it.key());
        for (const QString& key : std::as_const(keys)) {
            const int sent = posts.value(key).toInt() - outsidePostsByKey.value(key);
            const int logged = attemptsByKey.value(key);
            if (!opByKey.contains(key) && (sent == 0 || !onlyOrders.isEmpty()))
                continue; // with a filter, keys of other orders are not this check's business
            if (!opByKey.contains(key)) {
                *why = QStringLiteral("%1 refund POSTs with key '%2', which no operation holds")
                           .arg(sent)
                           .arg(key);
                return false;
            }
            if (sent != logged) {
                *why = QStringLiteral("operation %1 (key %2): %3 refund POSTs reached the provider, %4 "
                                      "attempts logged (R12)")
                           .arg(opByKey[key], key)
                           .arg(sent)
                           .arg(logged);
                return false;
            }
        }
        return true;
    }
};
