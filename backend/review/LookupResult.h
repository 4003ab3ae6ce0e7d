#pragma once

#include "provider/ProviderReadResult.h"
#include "provider/ProviderRefund.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/**
 * What a provider lookup of one operation found (R15): every refund linked to the operation,
 * how it was found, and whether the lookup ran to the end.
 *
 * A lookup is complete only when every read (all pages of the payment's refunds, all pages of
 * the refund events) succeeded. An incomplete lookup is never evidence of absence (R16): the
 * refunds it lists are real, but more may exist.
 */
struct RefundMismatch
{
    enum class Kind { Amount, Currency, Order };
    Kind kind = Kind::Amount;
    QString sentence; ///< e.g. "Amount differs: the refund is 30.00 USD, the operation 38.00 USD."
};

/** How a refund was linked to the operation. */
enum class RefundSource {
    List,  ///< listed among the payment's refunds with metadata.operation_id = the operation (R11)
    Event, ///< carried by a refund event whose request.idempotency_key is the operation's key
    Both,  ///< found both ways
};

/** "list", "event", "both". */
QString toString(RefundSource source);

/** One refund linked to the operation. */
struct FoundRefund
{
    ProviderRefund refund;           ///< latest known state (list object when listed, else the newest event)
    RefundSource source = RefundSource::List;
    QList<RefundMismatch> mismatches; ///< empty when amount, currency and order all agree
    QStringList eventIds;            ///< the refund events seen for this refund, oldest first

    bool hasMismatch() const { return !mismatches.isEmpty(); }
    bool hasMismatch(RefundMismatch::Kind kind) const;
    /** status succeeded or pending: money is (or will be) on its way. */
    bool isEffective() const;
    /** status failed or canceled: this refund moved no money. */
    bool isDead() const;
};

struct LookupResult
{
    QString operationId;
    QList<FoundRefund> refunds;       ///< newest first (by created)
    bool complete = false;            ///< every read succeeded to the last page
    ReadFailure failure = ReadFailure::None;
    QString failureText;              ///< ProviderReadStatus::describe() of the failed read; empty when none
    QString failedRead;               ///< which read failed: "refunds of pi_...", "refund.updated events"
    QStringList notes;                ///< facts a reviewer should know (search lag, event retention, ...)
    qint64 startedAtMs = 0;           ///< UTC epoch ms when the lookup started (R16 judges "no refund" by it)
    qint64 checkedAtMs = 0;           ///< UTC epoch ms when the lookup finished
    int requests = 0;                 ///< HTTP requests sent (pages and 429 retries included)
    int listedRefunds = 0;            ///< refunds of the payment inspected (all of them, ours or not)
    int eventsInspected = 0;          ///< refund events inspected

    bool ok() const { return complete && failure == ReadFailure::None; }
    bool canceled() const { return failure == ReadFailure::Canceled; }

    /**
     * What a person should do about failure, one or two sentences: e.g. for WrongKey "The
     * provider refused the read key. Check PROVIDER_API_KEY / File › Connect: it must be the
     * restricted read key of this provider account." Empty for None.
     */
    static QString adviceFor(ReadFailure failure);
    QString advice() const { return adviceFor(failure); }

    /**
     * A provider refund's status (Stripe's "succeeded", "pending", "failed", "canceled",
     * "requires_action") in words, in the interface language where a translation is installed;
     * an empty or unknown status comes back as it is (the code belongs in a tooltip).
     */
    static QString refundStatusTitle(const QString& providerStatus);

    /** Refunds found, with the given id; nullptr when none. */
    const FoundRefund* find(const QString& refundId) const;

    /**
     * A JSON summary for the audit log when the evidence is the absence of a refund (R16):
     * {"operation_id","started_at" (ISO, UTC),"started_at_ms","checked_at","complete","refunds":[{id,status,amount,currency,source,
     * mismatches}],"listed_refunds","events_inspected","requests","notes"}.
     */
    QJsonObject summaryJson() const;
};
