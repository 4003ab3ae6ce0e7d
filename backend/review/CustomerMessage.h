#pragma once

#include "db/Operation.h"
#include "review/MessageLanguage.h"

#include <QString>

/**
 * The message the agent or a person sends the customer about a refund (R19), drafted per
 * operation status in English, Russian or Turkish. The drafts are content, not UI text: they
 * are written here per language, not through Qt's translation files.
 *
 *  - unknown / open: we cannot confirm the refund yet; a colleague is checking and will reply
 *    in this chat. Never says that it succeeded or failed (ClaimChecker finds no claim in it).
 *  - refunded: the amount and currency (formatted for the language) and the provider's
 *    reference (the refund id), with when the money usually arrives.
 *  - failed: honest that no refund was made, why in plain words when the code is known, and
 *    the next step (reply in the chat and a new refund is started).
 *  - reversed: the refund confirmed earlier did not go through after all (the provider reported it
 *    failed, e.g. a closed card), the money did not reach the customer, and the next step (a new
 *    refund on request, or another way to pay if the card is closed).
 * Amounts are minor units turned into major units with the currency's symbol
 * (Money::format with the language's locale): "$38.00", "38,00 $", "$38,00".
 */
class CustomerMessage
{
public:
    struct Facts
    {
        OperationStatus status = OperationStatus::Unknown;
        QString orderId;
        qint64 amountCents = 0;
        QString currency;       ///< ISO 4217, any case
        QString refundId;       ///< refunded: the provider reference (re_...)
        QString failureCode;    ///< failed: provider refusal code or "no_refund_found"; reversed: the failure_reason

        static Facts from(const Operation& operation);
    };

    /** The draft for facts in language; plain text, paragraphs separated by blank lines. */
    static QString draft(const Facts& facts, MessageLanguage language);
    /** The formatted amount as the draft writes it. */
    static QString amountText(const Facts& facts, MessageLanguage language);
};
