#include "sandbox/StripeApi.h"
#include "provider/ProviderIds.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>

namespace {

const QString kInvalid = QStringLiteral("invalid_request_error");
const QString kApiVersion = QStringLiteral("2023-08-16");

HttpResponse invalid(const QString& code, const QString& message, const QString& param = {})
{
    return HttpResponse::stripeError(400, kInvalid, code, message, param);
}

HttpResponse notFound(const QString& kind, const QString& id, const QString& param = QStringLiteral("id"))
{
    return HttpResponse::stripeError(404, kInvalid, QStringLiteral("resource_missing"),
                                     QStringLiteral("No such %1: '%2'").arg(kind, id), param);
}

/**
 * What ends a request for an object by id when the read did not find it: a read the store could
 * not answer is a 500, never "No such ...", since the object may exist; no object is a 404
 * resource_missing. nullopt when found.
 */
template<typename T>
std::optional<HttpResponse> unlessFound(const StoreResult<std::optional<T>>& found, const QString& kind,
                                        const QString& id)
{
    if (!found)
        return HttpResponse::storageFailure();
    if (!found.value())
        return notFound(kind, id);
    return std::nullopt;
}

QJsonValue nullable(const QString& s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); }

/** Last value of each form parameter (Stripe's form decoding keeps the last one). */
QMap<QString, QString> paramMap(const QList<QPair<QString, QString>>& params)
{
    QMap<QString, QString> out;
    for (const auto& p : params)
        out.insert(p.first, p.second);
    return out;
}

/** metadata[key]=value pairs; an empty value unsets the key on update. */
QMap<QString, QString> metadataParams(const QMap<QString, QString>& params)
{
    static const QRegularExpression re(QStringLiteral(R"(^metadata\[([^\]]*)\]$)"));
    QMap<QString, QString> out;
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        const auto m = re.match(it.key());
        if (m.hasMatch())
            out.insert(m.captured(1), it.value());
    }
    return out;
}

std::optional<HttpResponse> checkMetadata(const QMap<QString, QString>& meta)
{
    if (meta.size() > 50)
        return invalid(QStringLiteral("parameter_invalid_empty"), QStringLiteral("You can have at most 50 metadata keys."),
                       QStringLiteral("metadata"));
    for (auto it = meta.cbegin(); it != meta.cend(); ++it) {
        if (it.key().isEmpty() || it.key().size() > 40)
            return invalid(QStringLiteral("parameter_invalid_string_blank"),
                           QStringLiteral("Metadata keys must be 1 to 40 characters."),
                           QStringLiteral("metadata[%1]").arg(it.key()));
        if (it.value().size() > 500)
            return invalid(QStringLiteral("parameter_invalid_string_blank"),
                           QStringLiteral("Metadata values can have up to 500 characters."),
                           QStringLiteral("metadata[%1]").arg(it.key()));
    }
    return std::nullopt;
}

bool isExpand(const QString& name) { return name == QLatin1String("expand") || name.startsWith(QLatin1String("expand[")); }

std::optional<HttpResponse> checkKnown(const QMap<QString, QString>& params, const QSet<QString>& known)
{
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        if (known.contains(it.key()) || isExpand(it.key()) || it.key().startsWith(QLatin1String("metadata[")))
            continue;
        return invalid(QStringLiteral("parameter_unknown"), QStringLiteral("Received unknown parameter: %1").arg(it.key()),
                       it.key());
    }
    return std::nullopt;
}

QString formatMoney(qint64 cents, const QString& currency)
{
    return QStringLiteral("%1%2.%3")
        .arg(currency == QLatin1String("usd") ? QStringLiteral("$") : currency.toUpper() + QLatin1Char(' '))
        .arg(cents / 100)
        .arg(cents % 100, 2, 10, QLatin1Char('0'));
}

QMap<QString, QString> queryMap(const QUrlQuery& query)
{
    QMap<QString, QString> out;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto& item : items)
        out.insert(item.first, item.second);
    return out;
}

/** Stripe's list envelope: {"object":"list","data":[...],"has_more":...,"url":...}. */
HttpResponse listResponse(const QJsonArray& data, bool hasMore, const QString& url)
{
    return HttpResponse::json(200, QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                               {QStringLiteral("data"), data},
                                               {QStringLiteral("has_more"), hasMore},
                                               {QStringLiteral("url"), url}});
}

} // namespace

StripeApi::StripeApi(SandboxStore& store, const SandboxClock& clock) : m_store(store), m_clock(clock) {}

QString StripeApi::newId(const QString& prefix, int length)
{
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    QString out = prefix;
    out.reserve(prefix.size() + length);
    for (int i = 0; i < length; ++i)
        out.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(62)]));
    return out;
}

StripeApi::Route StripeApi::route(const QByteArray& method, const QString& path)
{
    Route r;
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.size() < 2 || parts.at(0) != QLatin1String("v1"))
        return r;
    const QString& resource = parts.at(1);
    const bool get = method == "GET";
    const bool post = method == "POST";
    if (resource == QLatin1String("refunds")) {
        if (parts.size() == 2 && post)
            r.endpoint = Endpoint::CreateRefund;
        else if (parts.size() == 2 && get)
            r.endpoint = Endpoint::ListRefunds;
        else if (parts.size() == 3 && get)
            r.endpoint = Endpoint::GetRefund;
        else if (parts.size() == 3 && post)
            r.endpoint = Endpoint::UpdateRefund;
    } else if (resource == QLatin1String("payment_intents") && get && parts.size() == 3) {
        r.endpoint = parts.at(2) == QLatin1String("search") ? Endpoint::SearchPaymentIntents
                                                             : Endpoint::GetPaymentIntent;
    } else if (resource == QLatin1String("charges") && get && parts.size() == 3) {
        r.endpoint = Endpoint::GetCharge;
    } else if (resource == QLatin1String("events") && get) {
        if (parts.size() == 2)
            r.endpoint = Endpoint::ListEvents;
        else if (parts.size() == 3)
            r.endpoint = Endpoint::GetEvent;
    }
    if (r.endpoint != Endpoint::None && parts.size() == 3)
        r.id = parts.at(2);
    r.write = post;
    return r;
}

std::optional<HttpResponse> StripeApi::validate(const Route& route, const HttpRequest& request)
{
    switch (route.endpoint) {
    case Endpoint::CreateRefund: {
        const auto params = paramMap(request.formParams());
        static const QSet<QString> known = {
            QStringLiteral("payment_intent"), QStringLiteral("charge"), QStringLiteral("amount"),
            QStringLiteral("reason"), QStringLiteral("metadata"), QStringLiteral("instructions_email"),
            QStringLiteral("refund_application_fee"), QStringLiteral("reverse_transfer"), QStringLiteral("origin"),
            QStringLiteral("currency"), QStringLiteral("customer")};
        if (auto e = checkKnown(params, known))
            return e;
        if (params.value(QStringLiteral("payment_intent")).isEmpty() && params.value(QStringLiteral("charge")).isEmpty())
            return invalid(QStringLiteral("parameter_missing"),
                           QStringLiteral("One of the following params should be provided for this request: "
                                          "payment_intent or charge."));
        if (params.contains(QStringLiteral("amount"))) {
            bool ok = false;
            const qint64 amount = params.value(QStringLiteral("amount")).toLongLong(&ok);
            if (!ok)
                return invalid(QStringLiteral("parameter_invalid_integer"),
                               QStringLiteral("Invalid integer: %1").arg(params.value(QStringLiteral("amount"))),
                               QStringLiteral("amount"));
            if (amount < 1)
                return invalid(QStringLiteral("amount_too_small"),
                               QStringLiteral("Amount must be at least 1 cent."), QStringLiteral("amount"));
        }
        if (params.contains(QStringLiteral("reason"))) {
            static const QSet<QString> reasons = {QStringLiteral("duplicate"), QStringLiteral("fraudulent"),
                                                  QStringLiteral("requested_by_customer")};
            const QString reason = params.value(QStringLiteral("reason"));
            if (!reason.isEmpty() && !reasons.contains(reason))
                return invalid(QStringLiteral("parameter_invalid_string"),
                               QStringLiteral("Invalid reason: must be one of duplicate, fraudulent, or "
                                              "requested_by_customer"),
                               QStringLiteral("reason"));
        }
        return checkMetadata(metadataParams(params));
    }
    case Endpoint::UpdateRefund: {
        const auto params = paramMap(request.formParams());
        if (auto e = checkKnown(params, {QStringLiteral("metadata")}))
            return e;
        return checkMetadata(metadataParams(params));
    }
    case Endpoint::ListRefunds:
    case Endpoint::ListEvents: {
        PageRequest page;
        return parsePage(request, route.endpoint == Endpoint::ListRefunds ? QStringLiteral("refunds")
                                                                          : QStringLiteral("events"),
                         &page);
    }
    case Endpoint::SearchPaymentIntents:
        if (request.query.queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded).isEmpty())
            return invalid(QStringLiteral("parameter_missing"), QStringLiteral("Missing required param: query."),
                           QStringLiteral("query"));
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::optional<HttpResponse> StripeApi::parsePage(const HttpRequest& request, const QString& table, PageRequest* page)
{
    const auto q = queryMap(request.query);
    if (q.contains(QStringLiteral("limit"))) {
        bool ok = false;
        const int limit = q.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > 100)
            return invalid(QStringLiteral("parameter_invalid_integer"),
                           QStringLiteral("This value must be between 1 and 100 (it currently is %1).")
                               .arg(q.value(QStringLiteral("limit"))),
                           QStringLiteral("limit"));
        page->limit = limit;
    }
    const QString after = q.value(QStringLiteral("starting_after"));
    const QString before = q.value(QStringLiteral("ending_before"));
    if (!after.isEmpty() && !before.isEmpty())
        return invalid(QStringLiteral("parameter_invalid_empty"),
                       QStringLiteral("You may only specify one of these parameters: starting_after, ending_before."));
    const QString kind = table == QLatin1String("refunds") ? QStringLiteral("refund") : QStringLiteral("event");
    if (!after.isEmpty()) {
        const auto seq = m_store.seqOf(table, after);
        if (!seq)
            return HttpResponse::storageFailure();
        page->startingAfterSeq = seq.value();
        if (page->startingAfterSeq == 0)
            return invalid(QStringLiteral("resource_missing"), QStringLiteral("No such %1: '%2'").arg(kind, after),
                           QStringLiteral("starting_after"));
    }
    if (!before.isEmpty()) {
        const auto seq = m_store.seqOf(table, before);
        if (!seq)
            return HttpResponse::storageFailure();
        page->endingBeforeSeq = seq.value();
        if (page->endingBeforeSeq == 0)
            return invalid(QStringLiteral("resource_missing"), QStringLiteral("No such %1: '%2'").arg(kind, before),
                           QStringLiteral("ending_before"));
    }
    return std::nullopt;
}

HttpResponse StripeApi::execute(const Route& route, const HttpRequest& request, const RequestContext& context)
{
    switch (route.endpoint) {
    case Endpoint::CreateRefund:
        return createRefund(request, context);
    case Endpoint::UpdateRefund:
        return updateRefund(route.id, request, context);
    case Endpoint::GetRefund: {
        const auto refund = m_store.refund(route.id);
        if (auto refusal = unlessFound(refund, QStringLiteral("refund"), route.id))
            return *refusal;
        return HttpResponse::json(200, refundJson(*refund.value()));
    }
    case Endpoint::ListRefunds:
        return listRefunds(request);
    case Endpoint::GetPaymentIntent: {
        const auto pi = m_store.paymentIntent(route.id);
        if (auto refusal = unlessFound(pi, QStringLiteral("payment_intent"), route.id))
            return *refusal;
        return HttpResponse::json(200, paymentIntentJson(*pi.value()));
    }
    case Endpoint::SearchPaymentIntents:
        return searchPaymentIntents(request);
    case Endpoint::GetCharge: {
        const auto pi = m_store.paymentIntentByCharge(route.id);
        if (auto refusal = unlessFound(pi, QStringLiteral("charge"), route.id))
            return *refusal;
        const auto charge = chargeJson(*pi.value());
        return charge ? HttpResponse::json(200, charge.value()) : HttpResponse::storageFailure();
    }
    case Endpoint::ListEvents:
        return listEvents(request);
    case Endpoint::GetEvent: {
        const auto event = m_store.event(route.id);
        if (auto refusal = unlessFound(event, QStringLiteral("event"), route.id))
            return *refusal;
        return HttpResponse::json(200, eventJson(*event.value()));
    }
    case Endpoint::None:
        break;
    }
    return HttpResponse::stripeError(404, kInvalid, {}, QStringLiteral("Unrecognized request URL."));
}

HttpResponse StripeApi::createRefund(const HttpRequest& request, const RequestContext& context)
{
    const auto params = paramMap(request.formParams());
    const QString piId = params.value(QStringLiteral("payment_intent"));
    const QString chargeId = params.value(QStringLiteral("charge"));
    std::optional<StoredPaymentIntent> pi;
    // A missing referenced object is found during execution, so (like Stripe) this refusal
    // is stored and replayed for the key.
    if (!piId.isEmpty()) {
        auto found = m_store.paymentIntent(piId);
        if (!found)
            return HttpResponse::storageFailure(); // not a refusal to store: the intent may exist
        pi = found.value();
        if (!pi)
            return invalid(QStringLiteral("resource_missing"), QStringLiteral("No such payment_intent: '%1'").arg(piId),
                           QStringLiteral("payment_intent"));
        if (!chargeId.isEmpty() && pi->chargeId != chargeId)
            return invalid(QStringLiteral("parameter_invalid_string"),
                           QStringLiteral("The charge '%1' does not belong to payment_intent '%2'.").arg(chargeId, piId),
                           QStringLiteral("charge"));
    } else {
        auto found = m_store.paymentIntentByCharge(chargeId);
        if (!found)
            return HttpResponse::storageFailure();
        pi = found.value();
        if (!pi)
            return invalid(QStringLiteral("resource_missing"), QStringLiteral("No such charge: '%1'").arg(chargeId),
                           QStringLiteral("charge"));
    }
    // Counted as 0 on a failed read, the whole amount would look refundable again.
    const auto refunded = m_store.refundedAmount(pi->id);
    if (!refunded)
        return HttpResponse::storageFailure();
    const qint64 remaining = pi->amount - refunded.value();
    if (remaining <= 0)
        return invalid(QStringLiteral("charge_already_refunded"),
                       QStringLiteral("Charge %1 has already been refunded.").arg(pi->chargeId));
    const qint64 amount = params.contains(QStringLiteral("amount"))
        ? params.value(QStringLiteral("amount")).toLongLong()
        : remaining;
    if (amount > remaining)
        return invalid(QStringLiteral("amount_too_large"),
                       QStringLiteral("Refund amount (%1) is greater than unrefunded amount on charge (%2)")
                           .arg(formatMoney(amount, pi->currency), formatMoney(remaining, pi->currency)),
                       QStringLiteral("amount"));

    StoredRefund refund;
    refund.id = newId(QStringLiteral("re_"));
    refund.paymentIntent = pi->id;
    refund.charge = pi->chargeId;
    refund.amount = amount;
    refund.currency = pi->currency;
    refund.reason = params.value(QStringLiteral("reason"));
    // The payment intent succeeded and card refunds settle at once in test mode.
    refund.status = QStringLiteral("succeeded");
    const auto meta = metadataParams(params);
    for (auto it = meta.cbegin(); it != meta.cend(); ++it) {
        if (!it.value().isEmpty())
            refund.metadata.insert(it.key(), it.value());
    }
    refund.created = m_clock.nowSeconds();
    refund.balanceTransaction = newId(QStringLiteral("txn_"));
    refund.idempotencyKey = context.idempotencyKey;
    if (!m_store.insertRefund(refund))
        return HttpResponse::storageFailure();
    const QJsonObject json = refundJson(refund);
    if (!addEvent(QStringLiteral("refund.created"), json, context))
        return HttpResponse::storageFailure();
    // The charge as it is now, this refund included; one that cannot be read fails the request
    // (rolled back, nothing stored for the key) rather than commit an event with amount_refunded 0.
    const auto charge = chargeJson(*pi);
    if (!charge || !addEvent(QStringLiteral("charge.refunded"), charge.value(), context))
        return HttpResponse::storageFailure();
    return HttpResponse::json(200, json);
}

HttpResponse StripeApi::updateRefund(const QString& id, const HttpRequest& request, const RequestContext& context)
{
    const auto found = m_store.refund(id);
    if (auto refusal = unlessFound(found, QStringLiteral("refund"), id))
        return *refusal;
    auto refund = found.value();
    const QJsonObject previous = refund->metadata;
    const auto meta = metadataParams(paramMap(request.formParams()));
    for (auto it = meta.cbegin(); it != meta.cend(); ++it) {
        if (it.value().isEmpty())
            refund->metadata.remove(it.key());
        else
            refund->metadata.insert(it.key(), it.value());
    }
    if (refund->metadata != previous) {
        if (!m_store.updateRefundMetadata(id, refund->metadata)
            || !addEvent(QStringLiteral("refund.updated"), refundJson(*refund), context,
                         QJsonObject{{QStringLiteral("metadata"), previous}}))
            return HttpResponse::storageFailure();
    }
    return HttpResponse::json(200, refundJson(*refund));
}

HttpResponse StripeApi::listRefunds(const HttpRequest& request)
{
    PageRequest page;
    if (auto e = parsePage(request, QStringLiteral("refunds"), &page))
        return *e;
    const auto q = queryMap(request.query);
    const auto result =
        m_store.refunds(q.value(QStringLiteral("payment_intent")), q.value(QStringLiteral("charge")), page);
    if (!result)
        return HttpResponse::storageFailure(); // an empty list would say "no refunds"
    QJsonArray data;
    for (const auto& r : result.value().items)
        data.append(refundJson(r));
    return listResponse(data, result.value().hasMore, QStringLiteral("/v1/refunds"));
}

HttpResponse StripeApi::listEvents(const HttpRequest& request)
{
    PageRequest page;
    if (auto e = parsePage(request, QStringLiteral("events"), &page))
        return *e;
    const auto q = queryMap(request.query);
    QStringList types;
    if (!q.value(QStringLiteral("type")).isEmpty())
        types.append(q.value(QStringLiteral("type")));
    for (auto it = q.cbegin(); it != q.cend(); ++it) {
        if (it.key().startsWith(QLatin1String("types[")) && !it.value().isEmpty())
            types.append(it.value());
    }
    std::optional<qint64> gte;
    std::optional<qint64> lte;
    const auto number = [&](const QString& name, qint64 adjust, std::optional<qint64>* target, bool lower) {
        if (!q.contains(name))
            return true;
        bool ok = false;
        const qint64 v = q.value(name).toLongLong(&ok) + adjust;
        if (!ok)
            return false;
        if (!*target || (lower ? v > **target : v < **target))
            *target = v;
        return true;
    };
    if (!number(QStringLiteral("created"), 0, &gte, true) || !number(QStringLiteral("created"), 0, &lte, false)
        || !number(QStringLiteral("created[gte]"), 0, &gte, true) || !number(QStringLiteral("created[gt]"), 1, &gte, true)
        || !number(QStringLiteral("created[lte]"), 0, &lte, false)
        || !number(QStringLiteral("created[lt]"), -1, &lte, false))
        return invalid(QStringLiteral("parameter_invalid_integer"), QStringLiteral("Invalid integer in created."),
                       QStringLiteral("created"));
    const auto result = m_store.events(types, gte, lte, page);
    if (!result)
        return HttpResponse::storageFailure();
    QJsonArray data;
    for (const auto& e : result.value().items)
        data.append(eventJson(e));
    return listResponse(data, result.value().hasMore, QStringLiteral("/v1/events"));
}

HttpResponse StripeApi::searchPaymentIntents(const HttpRequest& request)
{
    const auto q = queryMap(request.query);
    const QString query = q.value(QStringLiteral("query"));
    int limit = 10;
    if (q.contains(QStringLiteral("limit"))) {
        bool ok = false;
        limit = q.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > 100)
            return invalid(QStringLiteral("parameter_invalid_integer"),
                           QStringLiteral("This value must be between 1 and 100."), QStringLiteral("limit"));
    }
    // Supported grammar: clauses joined by AND; each `field:'value'` (exact match) or
    // `field>N`/`<`/`>=`/`<=` on amount and created; fields: metadata['key'], status,
    // currency, amount, created.
    static const QRegularExpression clauseRe(QStringLiteral(
        R"re(^\s*(metadata\[['"]([^'"]+)['"]\]|[a-z_]+)\s*(:|>=|<=|>|<)\s*(?:'([^']*)'|"([^"]*)"|(-?\d+))\s*$)re"));
    struct Clause
    {
        QString field;
        QString metaKey;
        QString op;
        QString value;
    };
    QList<Clause> clauses;
    const QStringList parts = query.split(QStringLiteral(" AND "));
    for (const QString& part : parts) {
        const auto m = clauseRe.match(part);
        static const QSet<QString> fields = {QStringLiteral("status"), QStringLiteral("currency"),
                                             QStringLiteral("amount"), QStringLiteral("created")};
        if (!m.hasMatch() || (m.captured(2).isEmpty() && !fields.contains(m.captured(1))))
            return invalid(QStringLiteral("parameter_invalid_string"),
                           QStringLiteral("Unsupported search query clause: %1").arg(part.trimmed()),
                           QStringLiteral("query"));
        Clause c;
        c.metaKey = m.captured(2);
        c.field = c.metaKey.isEmpty() ? m.captured(1) : QStringLiteral("metadata");
        c.op = m.captured(3);
        c.value = !m.captured(4).isNull() ? m.captured(4) : !m.captured(5).isNull() ? m.captured(5) : m.captured(6);
        clauses.append(c);
    }
    qint64 pageSeq = 0;
    const QString pageToken = q.value(QStringLiteral("page"));
    if (!pageToken.isEmpty()) {
        const QByteArray decoded = QByteArray::fromBase64(pageToken.toLatin1(), QByteArray::Base64UrlEncoding);
        bool ok = decoded.startsWith("seq:");
        if (ok)
            pageSeq = decoded.mid(4).toLongLong(&ok);
        if (!ok)
            return invalid(QStringLiteral("parameter_invalid_string"), QStringLiteral("Invalid page token."),
                           QStringLiteral("page"));
    }
    const auto matches = [&](const StoredPaymentIntent& pi) {
        for (const Clause& c : std::as_const(clauses)) {
            QString actual;
            qint64 number = 0;
            if (c.field == QLatin1String("metadata"))
                actual = pi.metadata.value(c.metaKey).toString();
            else if (c.field == QLatin1String("status"))
                actual = QStringLiteral("succeeded");
            else if (c.field == QLatin1String("currency"))
                actual = pi.currency;
            else
                number = c.field == QLatin1String("amount") ? pi.amount : pi.created;
            const bool numeric = c.field == QLatin1String("amount") || c.field == QLatin1String("created");
            if (!numeric) {
                if (c.op != QLatin1String(":") || actual != c.value)
                    return false;
                continue;
            }
            const qint64 v = c.value.toLongLong();
            const bool ok = c.op == QLatin1String(":") ? number == v
                : c.op == QLatin1String(">")           ? number > v
                : c.op == QLatin1String("<")           ? number < v
                : c.op == QLatin1String(">=")          ? number >= v
                                                       : number <= v;
            if (!ok)
                return false;
        }
        return true;
    };
    QJsonArray data;
    int total = 0;
    bool hasMore = false;
    qint64 lastSeq = 0;
    const auto all = m_store.allPaymentIntents(); // newest first
    if (!all)
        return HttpResponse::storageFailure();
    for (const auto& pi : all.value()) {
        if (!matches(pi))
            continue;
        ++total;
        if (pageSeq > 0 && pi.seq >= pageSeq)
            continue;
        if (data.size() < limit) {
            data.append(paymentIntentJson(pi));
            lastSeq = pi.seq;
        } else {
            hasMore = true;
        }
    }
    const QJsonValue nextPage = hasMore
        ? QJsonValue(QString::fromLatin1(("seq:" + QByteArray::number(lastSeq)).toBase64(QByteArray::Base64UrlEncoding)))
        : QJsonValue(QJsonValue::Null);
    return HttpResponse::json(200, QJsonObject{{QStringLiteral("object"), QStringLiteral("search_result")},
                                               {QStringLiteral("data"), data},
                                               {QStringLiteral("has_more"), hasMore},
                                               {QStringLiteral("next_page"), nextPage},
                                               {QStringLiteral("total_count"), total},
                                               {QStringLiteral("url"), QStringLiteral("/v1/payment_intents/search")}});
}

bool StripeApi::addEvent(const QString& type, const QJsonObject& object, const RequestContext& context,
                         const QJsonObject& previousAttributes)
{
    StoredEvent e;
    e.id = newId(QStringLiteral("evt_"));
    e.type = type;
    e.created = m_clock.nowSeconds();
    e.data = QJsonObject{{QStringLiteral("object"), object}};
    if (!previousAttributes.isEmpty())
        e.data.insert(QStringLiteral("previous_attributes"), previousAttributes);
    e.requestId = context.requestId;
    e.idempotencyKey = context.idempotencyKey;
    // Deliveries are queued in the event's own transaction: an event that exists is delivered
    // at least once, also across a restart. They run on the wall clock, not the sandbox clock.
    if (!m_store.insertEvent(e) || !m_store.enqueueWebhookDeliveries(e, Clock::system().nowMs()))
        return false;
    m_createdEvents.append(e.id);
    return true;
}

QStringList StripeApi::takeCreatedEvents()
{
    QStringList out;
    out.swap(m_createdEvents);
    return out;
}

const QStringList& StripeApi::failureReasons()
{
    static const QStringList reasons = {QStringLiteral("lost_or_stolen_card"),
                                        QStringLiteral("expired_or_canceled_card"),
                                        QStringLiteral("charge_for_pending_refund_disputed"),
                                        QStringLiteral("insufficient_funds"),
                                        QStringLiteral("declined"),
                                        QStringLiteral("merchant_request"),
                                        QStringLiteral("unknown")};
    return reasons;
}

HttpResponse StripeApi::failRefund(const QString& id, const QJsonObject& body)
{
    const auto found = m_store.refund(id);
    if (auto refusal = unlessFound(found, QStringLiteral("refund"), id))
        return *refusal;
    auto refund = found.value();
    const QJsonValue reasonValue = body.value(QStringLiteral("failure_reason"));
    if (!reasonValue.isString() || !failureReasons().contains(reasonValue.toString()))
        return invalid(QStringLiteral("parameter_invalid_string"),
                       QStringLiteral("failure_reason is required and must be one of: %1.")
                           .arg(failureReasons().join(QStringLiteral(", "))),
                       QStringLiteral("failure_reason"));
    if (refund->status != QLatin1String("succeeded") && refund->status != QLatin1String("pending"))
        return invalid({},
                       QStringLiteral("Refund %1 has status %2; only a succeeded or pending refund can fail.")
                           .arg(id, refund->status),
                       QStringLiteral("id"));
    const QString previousStatus = refund->status;
    refund->status = QStringLiteral("failed");
    refund->failureReason = reasonValue.toString();
    refund->failureBalanceTransaction = newId(QStringLiteral("txn_"));
    if (!m_store.failRefund(id, refund->failureReason, refund->failureBalanceTransaction))
        return HttpResponse::storageFailure();
    const QJsonObject json = refundJson(*refund);
    const QJsonObject previous{{QStringLiteral("status"), previousStatus}};
    // Stripe fails a refund on its own, so the events have no request (request.id null).
    if (!addEvent(QStringLiteral("refund.failed"), json, {}, previous) ||
        !addEvent(QStringLiteral("refund.updated"), json, {}, previous))
        return HttpResponse::storageFailure();
    return HttpResponse::json(200, json);
}

QJsonObject StripeApi::eventJson(const StoredEvent& e) const
{
    return QJsonObject{{QStringLiteral("api_version"), kApiVersion},
                       {QStringLiteral("created"), e.created},
                       {QStringLiteral("data"), e.data},
                       {QStringLiteral("id"), e.id},
                       {QStringLiteral("livemode"), false},
                       {QStringLiteral("object"), QStringLiteral("event")},
                       {QStringLiteral("pending_webhooks"), m_store.pendingWebhookCount(e.id).valueOr(0)},
                       {QStringLiteral("request"),
                        QJsonObject{{QStringLiteral("id"), nullable(e.requestId)},
                                    {QStringLiteral("idempotency_key"), nullable(e.idempotencyKey)}}},
                       {QStringLiteral("type"), e.type}};
}

QJsonObject StripeApi::refundJson(const StoredRefund& r) const
{
    const QJsonValue null(QJsonValue::Null);
    QJsonObject out{
        {QStringLiteral("amount"), r.amount},
        {QStringLiteral("balance_transaction"), nullable(r.balanceTransaction)},
        {QStringLiteral("charge"), r.charge},
        {QStringLiteral("created"), r.created},
        {QStringLiteral("currency"), r.currency},
        {QStringLiteral("destination_details"),
         QJsonObject{{QStringLiteral("card"),
                      QJsonObject{{QStringLiteral("reference"), null},
                                  {QStringLiteral("reference_status"), QStringLiteral("pending")},
                                  {QStringLiteral("reference_type"), QStringLiteral("acquirer_reference_number")},
                                  {QStringLiteral("type"), QStringLiteral("refund")}}},
                     {QStringLiteral("type"), QStringLiteral("card")}}},
        {QStringLiteral("id"), r.id},
        {QStringLiteral("metadata"), r.metadata},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("payment_intent"), nullable(r.paymentIntent)},
        {QStringLiteral("reason"), nullable(r.reason)},
        {QStringLiteral("receipt_number"), null},
        {QStringLiteral("source_transfer_reversal"), null},
        {QStringLiteral("status"), r.status},
        {QStringLiteral("transfer_reversal"), null},
        {QStringLiteral("customer"), null},
        {QStringLiteral("customer_account"), null},
        {QStringLiteral("payment_method"), null},
    };
    // Like Stripe, the failure fields appear only on a failed refund.
    if (r.status == QLatin1String("failed")) {
        out.insert(QStringLiteral("failure_reason"), r.failureReason);
        out.insert(QStringLiteral("failure_balance_transaction"), nullable(r.failureBalanceTransaction));
    }
    return out;
}

QJsonObject StripeApi::paymentIntentJson(const StoredPaymentIntent& pi) const
{
    const QJsonValue null(QJsonValue::Null);
    return QJsonObject{
        {QStringLiteral("amount"), pi.amount},
        {QStringLiteral("amount_capturable"), 0},
        {QStringLiteral("amount_details"), QJsonObject{{QStringLiteral("tip"), QJsonObject()}}},
        {QStringLiteral("amount_received"), pi.amount},
        {QStringLiteral("application"), null},
        {QStringLiteral("application_fee_amount"), null},
        {QStringLiteral("automatic_payment_methods"), QJsonObject{{QStringLiteral("enabled"), true}}},
        {QStringLiteral("canceled_at"), null},
        {QStringLiteral("cancellation_reason"), null},
        {QStringLiteral("capture_method"), QStringLiteral("automatic")},
        {QStringLiteral("client_secret"), pi.id + QStringLiteral("_secret_") + pi.chargeId.mid(3)},
        {QStringLiteral("confirmation_method"), QStringLiteral("automatic")},
        {QStringLiteral("created"), pi.created},
        {QStringLiteral("currency"), pi.currency},
        {QStringLiteral("customer"), null},
        {QStringLiteral("description"), null},
        {QStringLiteral("id"), pi.id},
        {QStringLiteral("last_payment_error"), null},
        {QStringLiteral("latest_charge"), pi.chargeId},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("metadata"), pi.metadata},
        {QStringLiteral("next_action"), null},
        {QStringLiteral("object"), QStringLiteral("payment_intent")},
        {QStringLiteral("on_behalf_of"), null},
        {QStringLiteral("payment_method"), QStringLiteral("pm_") + pi.chargeId.mid(3)},
        {QStringLiteral("payment_method_configuration_details"), null},
        {QStringLiteral("payment_method_options"), QJsonObject()},
        {QStringLiteral("payment_method_types"), QJsonArray{QStringLiteral("card")}},
        {QStringLiteral("processing"), null},
        {QStringLiteral("receipt_email"), null},
        {QStringLiteral("review"), null},
        {QStringLiteral("setup_future_usage"), null},
        {QStringLiteral("shipping"), null},
        {QStringLiteral("statement_descriptor"), null},
        {QStringLiteral("statement_descriptor_suffix"), null},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("transfer_data"), null},
        {QStringLiteral("transfer_group"), null},
        {QStringLiteral("source"), null},
        {QStringLiteral("excluded_payment_method_types"), null},
        {QStringLiteral("customer_account"), null},
        {QStringLiteral("managed_payments"), QJsonObject{{QStringLiteral("enabled"), false}}},
    };
}

StoreResult<QJsonObject> StripeApi::chargeJson(const StoredPaymentIntent& pi)
{
    const QJsonValue null(QJsonValue::Null);
    const auto refunded = m_store.refundedAmount(pi.id);
    if (!refunded)
        return refunded.error();
    PageRequest page;
    const auto recent = m_store.refunds(pi.id, {}, page);
    if (!recent)
        return recent.error();
    QJsonArray refunds;
    for (const auto& r : recent.value().items)
        refunds.append(refundJson(r));
    const QJsonObject address{{QStringLiteral("city"), null},        {QStringLiteral("country"), null},
                              {QStringLiteral("line1"), null},       {QStringLiteral("line2"), null},
                              {QStringLiteral("postal_code"), null}, {QStringLiteral("state"), null}};
    return QJsonObject{
        {QStringLiteral("amount"), pi.amount},
        {QStringLiteral("amount_captured"), pi.amount},
        {QStringLiteral("amount_refunded"), refunded.value()},
        {QStringLiteral("application"), null},
        {QStringLiteral("application_fee"), null},
        {QStringLiteral("application_fee_amount"), null},
        {QStringLiteral("balance_transaction"), QStringLiteral("txn_") + pi.chargeId.mid(3)},
        {QStringLiteral("billing_details"),
         QJsonObject{{QStringLiteral("address"), address},
                     {QStringLiteral("email"), null},
                     {QStringLiteral("name"), null},
                     {QStringLiteral("phone"), null},
                     {QStringLiteral("tax_id"), null}}},
        {QStringLiteral("calculated_statement_descriptor"), null},
        {QStringLiteral("captured"), true},
        {QStringLiteral("created"), pi.created},
        {QStringLiteral("currency"), pi.currency},
        {QStringLiteral("customer"), null},
        {QStringLiteral("description"), null},
        {QStringLiteral("disputed"), false},
        {QStringLiteral("failure_balance_transaction"), null},
        {QStringLiteral("failure_code"), null},
        {QStringLiteral("failure_message"), null},
        {QStringLiteral("fraud_details"), QJsonObject()},
        {QStringLiteral("id"), pi.chargeId},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("metadata"), QJsonObject()},
        {QStringLiteral("object"), QStringLiteral("charge")},
        {QStringLiteral("on_behalf_of"), null},
        {QStringLiteral("outcome"),
         QJsonObject{{QStringLiteral("network_status"), QStringLiteral("approved_by_network")},
                     {QStringLiteral("reason"), null},
                     {QStringLiteral("seller_message"), QStringLiteral("Payment complete.")},
                     {QStringLiteral("type"), QStringLiteral("authorized")}}},
        {QStringLiteral("paid"), true},
        {QStringLiteral("payment_intent"), pi.id},
        {QStringLiteral("payment_method"), QStringLiteral("pm_") + pi.chargeId.mid(3)},
        {QStringLiteral("payment_method_details"),
         QJsonObject{{QStringLiteral("card"),
                      QJsonObject{{QStringLiteral("brand"), QStringLiteral("visa")},
                                  {QStringLiteral("country"), QStringLiteral("US")},
                                  {QStringLiteral("exp_month"), 8},
                                  {QStringLiteral("exp_year"), 2030},
                                  {QStringLiteral("funding"), QStringLiteral("credit")},
                                  {QStringLiteral("last4"), QStringLiteral("4242")},
                                  {QStringLiteral("network"), QStringLiteral("visa")}}},
                     {QStringLiteral("type"), QStringLiteral("card")}}},
        {QStringLiteral("receipt_email"), null},
        {QStringLiteral("receipt_number"), null},
        {QStringLiteral("receipt_url"), null},
        {QStringLiteral("refunded"), refunded.value() >= pi.amount},
        {QStringLiteral("refunds"),
         QJsonObject{{QStringLiteral("data"), refunds},
                     {QStringLiteral("has_more"), recent.value().hasMore},
                     {QStringLiteral("object"), QStringLiteral("list")},
                     {QStringLiteral("url"), QStringLiteral("/v1/charges/%1/refunds").arg(pi.chargeId)}}},
        {QStringLiteral("review"), null},
        {QStringLiteral("shipping"), null},
        {QStringLiteral("source_transfer"), null},
        {QStringLiteral("statement_descriptor"), null},
        {QStringLiteral("statement_descriptor_suffix"), null},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("transfer_data"), null},
        {QStringLiteral("transfer_group"), null},
        {QStringLiteral("source"), null},
    };
}

HttpResponse StripeApi::createPaymentIntent(const QJsonObject& body)
{
    const QJsonValue amountValue = body.value(QStringLiteral("amount"));
    const double amountDouble = amountValue.toDouble(-1);
    const qint64 amount = static_cast<qint64>(amountDouble);
    if (!amountValue.isDouble() || amountDouble != static_cast<double>(amount) || amount < 1)
        return invalid(QStringLiteral("parameter_invalid_integer"), QStringLiteral("amount must be an integer >= 1 (cents)."),
                       QStringLiteral("amount"));
    const QString currency = body.value(QStringLiteral("currency")).toString(QStringLiteral("usd")).toLower();
    if (!ProviderIds::isCurrencyCode(currency))
        return invalid(QStringLiteral("parameter_invalid_string"), QStringLiteral("currency must be a 3-letter ISO code."),
                       QStringLiteral("currency"));
    StoredPaymentIntent pi;
    pi.id = body.value(QStringLiteral("id")).toString();
    if (pi.id.isEmpty())
        pi.id = newId(QStringLiteral("pi_"));
    else if (!ProviderIds::isPaymentIntentId(pi.id))
        return invalid(QStringLiteral("parameter_invalid_string"), QStringLiteral("id must start with pi_."),
                       QStringLiteral("id"));
    const auto existing = m_store.paymentIntent(pi.id);
    if (!existing)
        return HttpResponse::storageFailure();
    if (existing.value())
        return invalid(QStringLiteral("resource_already_exists"),
                       QStringLiteral("A payment intent with id '%1' already exists.").arg(pi.id), QStringLiteral("id"));
    const QJsonObject metadata = body.value(QStringLiteral("metadata")).toObject();
    for (auto it = metadata.begin(); it != metadata.end(); ++it) {
        // Stripe metadata values are strings; numbers given for convenience become strings.
        if (it.value().isDouble())
            pi.metadata.insert(it.key(), QString::number(it.value().toDouble(), 'g', 17));
        else
            pi.metadata.insert(it.key(), it.value().toString());
    }
    pi.chargeId = newId(QStringLiteral("ch_"));
    pi.amount = amount;
    pi.currency = currency;
    pi.created = m_clock.nowSeconds();
    if (!m_store.insertPaymentIntent(pi))
        return HttpResponse::storageFailure();
    return HttpResponse::json(200, paymentIntentJson(pi));
}
