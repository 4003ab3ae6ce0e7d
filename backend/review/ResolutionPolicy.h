#pragma once

#include "db/Operation.h"
#include "db/OperationStore.h"
#include "review/LookupResult.h"

#include <QString>

#include <optional>

/**
 * What a lookup means for an `unknown` operation (R16), as pure functions of the operation,
 * a lookup result and the present instant (UTC epoch ms). Nothing here writes: a person
 * confirms every resolution (UnknownSweep, ResolveDialog).
 *
 * Proposals:
 *  - exactly one effective refund (succeeded/pending) linked to the operation, no mismatch on
 *    any linked refund → Refunded, with that refund as evidence;
 *  - only failed/canceled refunds linked, no mismatch → Failed (the refunds are the evidence);
 *  - nothing linked, and the key retention has passed (now >= key_expires_at), or no attempt
 *    was ever sent (no key_expires_at: the key is written at the first attempt claim, before
 *    anything is sent, R6/R10) → Failed, "no refund was made";
 *  - nothing linked and the key may still be live → KeepWaiting, with the time left: the first
 *    request can still execute at the provider until then;
 *  - any mismatch, two effective refunds (a possible double payment), or a refund in another
 *    state (requires_action, unknown) → NeedsPerson, no automatic proposal;
 *  - lookup incomplete (an error or cancel midway) → Incomplete: never Failed, because a
 *    half-read list is no proof of absence (R15).
 * Operations that are not `unknown` get NotUnknown: only unknown operations are resolved (R17).
 */
namespace ResolutionPolicy {

struct Proposal
{
    enum class Kind { Refunded, Failed, KeepWaiting, NeedsPerson, Incomplete, NotUnknown };
    Kind kind = Kind::NeedsPerson;
    QString refundId;        ///< Refunded: the evidence refund
    QString failureCode;     ///< Failed: "no_refund_found" or "refund_failed"
    qint64 waitMs = 0;       ///< KeepWaiting: time until key_expires_at
    QString reason;          ///< one sentence for the reviewer, translated

    bool proposesResolution() const { return kind == Kind::Refunded || kind == Kind::Failed; }
};

/** A yes/no with the reason shown next to a disabled button. */
struct Permission
{
    bool allowed = false;
    QString reason; ///< why not (empty when allowed), or what the resolution rests on
};

/** "refunded", "failed", "keep_waiting", "needs_person", "incomplete", "not_unknown". */
QString kindName(Proposal::Kind kind);
/** Translated short title: "Refunded", "Failed: no refund was made", "Keep waiting", ... */
QString kindTitle(Proposal::Kind kind);

/** The proposal for the operation; see the namespace comment. */
Proposal propose(const Operation& operation, const LookupResult& lookup, qint64 nowMs);

/**
 * R16 for "failed": the operation is unknown, the lookup is complete, and either nothing is
 * linked and the key retention has passed (or nothing was ever sent), or every linked refund
 * is failed/canceled.
 */
Permission canResolveAsFailed(const Operation& operation, const LookupResult& lookup, qint64 nowMs);

/**
 * R16 for "refunded" with refund as evidence: the operation is unknown, the refund is linked
 * to it by the lookup (metadata.operation_id or its key), its status is succeeded or pending,
 * and it has no amount, currency or order mismatch. An incomplete lookup does not forbid it:
 * the refund itself is the evidence.
 */
Permission canResolveAsRefunded(const Operation& operation, const LookupResult& lookup, const FoundRefund& refund);

/** "no_refund_found" when nothing is linked, "refund_failed" when only failed/canceled refunds are. */
QString failureCodeFor(const LookupResult& lookup);

/**
 * The OperationStore::resolve() input for "refunded" with refund as evidence: provider refund id
 * and status, actor, role, note, and evidence {"refund": the refund's raw JSON as the provider
 * sent it, "source": list/event/both, "event_ids": [...], "lookup": LookupResult::summaryJson()}.
 * Does not check R16: ask canResolveAsRefunded() first.
 */
OperationStore::Resolution refundedResolution(const FoundRefund& refund, const LookupResult& lookup,
                                              const QString& actor, const QString& role, const QString& note);
/**
 * The resolve() input for "failed": failure code (failureCodeFor), actor, role, note, and
 * evidence {"lookup": LookupResult::summaryJson(), "refunds": raw JSON of the failed/canceled
 * refunds}. Does not check R16: ask canResolveAsFailed() first.
 */
OperationStore::Resolution failedResolution(const LookupResult& lookup, const QString& actor, const QString& role,
                                            const QString& note);

/**
 * What a person's confirmation of proposal turns into at nowMs: the resolve() input
 * (refundedResolution / failedResolution), rechecked against R16 now (key retention only moves
 * forward, the refund must still be in the lookup); or nullopt with *whyNot set (translated).
 * The one path from a confirmed proposal to a write, for one row or a batch.
 */
std::optional<OperationStore::Resolution> confirmedResolution(const Operation& operation, const LookupResult& lookup,
                                                              const Proposal& proposal, const QString& actor,
                                                              const QString& role, const QString& note, qint64 nowMs,
                                                              QString* whyNot);
/** "3 h 12 min", "45 min", "2 d 4 h": time left, rounded down; "0 min" at or below zero. */
QString durationText(qint64 ms);

} // namespace ResolutionPolicy
