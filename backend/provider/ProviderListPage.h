#pragma once

#include <QJsonObject>
#include <QString>

#include <functional>

/**
 * Reads one page of a Stripe v1 list (`{"object":"list","data":[...],"has_more":bool}`) or
 * search answer (`"object":"search_result"`, cursor in `next_page`), STRIPE-FACTS §1.
 *
 * A pure function of the page, so ProviderClient's paging and the fuzzer share it. A page
 * is refused (ok false, error saying why, e.g. "page 2: has_more is not a boolean",
 * "data[7]: refund.amount: missing") when the object tag is wrong, data is not an array of
 * objects, an item does not parse, or has_more is true without a cursor to continue from:
 * an incomplete list is never evidence of absence (R15, R16).
 */
class ProviderListPage
{
public:
    /** Parses one item; returns false and sets *error when it does not parse. */
    using ItemHandler = std::function<bool(const QJsonObject& item, QString* error)>;

    struct Result
    {
        bool ok = false;
        QString error; ///< why the page was refused; empty when ok
        bool hasMore = false;
        QString nextCursor; ///< starting_after (last item's id) or next_page; set when hasMore
        int items = 0;      ///< items handed to onItem and accepted
    };

    /**
     * Reads json as page number page (0-based, for messages) whose first item has index
     * firstItemIndex across all pages; search selects the search_result shape. Every item
     * goes to onItem in order; reading stops at the first refused item.
     */
    static Result read(const QJsonObject& json, bool search, int page, int firstItemIndex,
                       const ItemHandler& onItem);
};
