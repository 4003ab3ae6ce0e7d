// Fuzzes list and search pages (ProviderListPage with the refund, event and payment-intent
// parsers): a page is accepted only when every item parsed, and "more" always comes with a
// cursor, so an incomplete list is never taken as the whole (R15, R16).
//
// Input: byte 0 selects the item type and list/search shape, the rest is the page's JSON.
#include "FuzzCheck.h"
#include "provider/ProviderEvent.h"
#include "provider/ProviderListPage.h"
#include "provider/ProviderPaymentIntent.h"
#include "provider/ProviderRefund.h"

#include <QJsonArray>
#include <QJsonDocument>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 1)
        return 0;
    const QJsonDocument doc = QJsonDocument::fromJson(fuzzBytes(data + 1, size - 1));
    if (!doc.isObject())
        return 0;
    const QJsonObject json = doc.object();
    const int kind = data[0] % 3;
    const bool search = (data[0] / 3) % 2 == 1;
    QStringList ids;
    const ProviderListPage::ItemHandler handler = [&](const QJsonObject& item, QString* error) {
        QString id;
        bool ok = false;
        if (kind == 0) {
            const auto r = ProviderRefund::fromJson(item, error);
            ok = r.has_value();
            id = r ? r->id : QString();
        } else if (kind == 1) {
            const auto e = ProviderEvent::fromJson(item, error);
            ok = e.has_value();
            id = e ? e->id : QString();
        } else {
            const auto pi = ProviderPaymentIntent::fromJson(item, error);
            ok = pi.has_value();
            id = pi ? pi->id : QString();
        }
        if (ok)
            ids << id;
        return ok;
    };
    const int firstIndex = 7;
    const ProviderListPage::Result r = ProviderListPage::read(json, search, 2, firstIndex, handler);
    FUZZ_CHECK(r.ok == r.error.isEmpty(), r.error);
    FUZZ_CHECK(r.items == ids.size(), QString::number(r.items));
    if (!r.ok) {
        FUZZ_CHECK(r.error.startsWith(QLatin1String("page 2: ")) ||
                       r.error.startsWith(QLatin1String("data[")),
                   r.error);
        return 0;
    }
    const QJsonArray items = json.value(QStringLiteral("data")).toArray();
    FUZZ_CHECK(r.items == items.size(), QString::number(items.size()));
    FUZZ_CHECK(r.hasMore == json.value(QStringLiteral("has_more")).toBool(), r.error);
    if (r.hasMore) {
        FUZZ_CHECK(!r.nextCursor.isEmpty(), r.error);
        if (!search)
            FUZZ_CHECK(r.nextCursor == ids.constLast(), r.nextCursor);
    }
    return 0;
}
