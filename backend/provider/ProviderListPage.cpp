#include "provider/ProviderListPage.h"

#include <QJsonArray>
#include <QJsonValue>

ProviderListPage::Result ProviderListPage::read(const QJsonObject& json, bool search, int page,
                                                int firstItemIndex, const ItemHandler& onItem)
{
    Result result;
    const auto malformed = [&result](const QString& why) {
        result.ok = false;
        result.error = why;
        return result;
    };
    const QString expectedObject = search ? QStringLiteral("search_result") : QStringLiteral("list");
    if (json.value(QStringLiteral("object")).toString() != expectedObject)
        return malformed(QStringLiteral("page %1: object is not \"%2\"").arg(page).arg(expectedObject));
    const QJsonValue data = json.value(QStringLiteral("data"));
    if (!data.isArray())
        return malformed(QStringLiteral("page %1: data is not an array").arg(page));
    const QJsonValue hasMore = json.value(QStringLiteral("has_more"));
    if (!hasMore.isBool())
        return malformed(QStringLiteral("page %1: has_more is not a boolean").arg(page));

    const QJsonArray items = data.toArray();
    QString lastId;
    for (const QJsonValue& item : items) {
        const int itemIndex = firstItemIndex + result.items;
        QString itemError;
        if (!item.isObject())
            return malformed(QStringLiteral("data[%1]: not an object").arg(itemIndex));
        if (!onItem(item.toObject(), &itemError))
            return malformed(QStringLiteral("data[%1]: %2").arg(itemIndex).arg(itemError));
        lastId = item.toObject().value(QStringLiteral("id")).toString();
        ++result.items;
    }
    result.hasMore = hasMore.toBool();
    if (!result.hasMore) {
        result.ok = true;
        return result;
    }
    if (search) {
        result.nextCursor = json.value(QStringLiteral("next_page")).toString();
        if (result.nextCursor.isEmpty())
            return malformed(QStringLiteral("page %1: has_more without next_page").arg(page));
    } else {
        // An empty page claiming more would make us ask for the same page forever.
        if (lastId.isEmpty())
            return malformed(QStringLiteral("page %1: has_more without items").arg(page));
        result.nextCursor = lastId;
    }
    result.ok = true;
    return result;
}
