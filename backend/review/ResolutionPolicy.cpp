#include "review/ResolutionPolicy.h"

#include "db/ResolutionRules.h"

#include <algorithm>
#include <QCoreApplication>
#include <QJsonArray>

namespace ResolutionPolicy {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ResolutionPolicy", text);
}

// Why a closed or open operation cannot be resolved, in words (R16), one sentence per state so
// each language can say it in its own grammar.
QString onlyUnknown(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open:
        return tr("Only unknown operations can be resolved; this one is still open, and the refund tool settles it.");
    case OperationStatus::Refunded:
        return tr("Only unknown operations can be resolved; this one is already refunded.");
    case OperationStatus::Failed:
        return tr("Only unknown operations can be resolved; this one already failed.");
    case OperationStatus::Reversed:
        return tr("Only unknown operations can be resolved; this one was refunded and then reversed by the provider.");
    case OperationStatus::Unknown:
        break;
    }
    return {};
}

// After this moment no request of the operation can still execute: the key's expiry, or later
// the deadline of an attempt still without an answer (a retention shortened by an admin can put
// the expiry first; R16 with the R10 clamp, as ResolutionRules checks).
std::optional<qint64> executableUntil(const Operation& op)
{
    if (!op.keyExpiresAt)
        return std::nullopt;
    return std::max(*op.keyExpiresAt, op.attemptsDeadlineAt.value_or(*op.keyExpiresAt));
}

bool keyRetentionPassed(const Operation& op, qint64 nowMs)
{
    const auto until = executableUntil(op);
    return !until || nowMs >= *until;
}

// R16: absence is judged at the moment the lookup started (a Resolve dialog left open across the
// key's expiry holds evidence gathered while the first request could still execute).
qint64 judgedAt(const LookupResult& lookup, qint64 nowMs)
{
    return lookup.startedAtMs > 0 ? lookup.startedAtMs : nowMs;
}

Proposal make(Proposal::Kind kind, const QString& reason)
{
    Proposal p;
    p.kind = kind;
    p.reason = reason;
    return p;
}

} // namespace

QString kindName(Proposal::Kind kind)
{
    switch (kind) {
    case Proposal::Kind::Refunded:
        return QStringLiteral("refunded");
    case Proposal::Kind::Failed:
        return QStringLiteral("failed");
    case Proposal::Kind::KeepWaiting:
        return QStringLiteral("keep_waiting");
    case Proposal::Kind::NeedsPerson:
        return QStringLiteral("needs_person");
    case Proposal::Kind::Incomplete:
        return QStringLiteral("incomplete");
    case Proposal::Kind::NotUnknown:
        return QStringLiteral("not_unknown");
    }
    return QString();
}

QString kindTitle(Proposal::Kind kind)
{
    switch (kind) {
    case Proposal::Kind::Refunded:
        return tr("Refunded");
    case Proposal::Kind::Failed:
        return tr("Failed: no refund was made");
    case Proposal::Kind::KeepWaiting:
        return tr("Keep waiting");
    case Proposal::Kind::NeedsPerson:
        return tr("Needs a person");
    case Proposal::Kind::Incomplete:
        return tr("Lookup incomplete");
    case Proposal::Kind::NotUnknown:
        return tr("Not unknown");
    }
    return QString();
}

QString durationText(qint64 ms)
{
    const qint64 minutes = ms > 0 ? ms / 60000 : 0;
    const qint64 days = minutes / (24 * 60);
    const qint64 hours = (minutes / 60) % 24;
    const qint64 mins = minutes % 60;
    if (days > 0)
        return tr("%1 d %2 h").arg(days).arg(hours);
    if (hours > 0)
        return tr("%1 h %2 min").arg(hours).arg(mins);
    return tr("%1 min").arg(mins);
}

QString failureCodeFor(const LookupResult& lookup)
{
    return lookup.refunds.isEmpty() ? QStringLiteral("no_refund_found") : QStringLiteral("refund_failed");
}

Proposal propose(const Operation& op, const LookupResult& lookup, qint64 nowMs)
{
    if (op.status != OperationStatus::Unknown)
        return make(Proposal::Kind::NotUnknown,
                    tr("The operation is %1, not unknown: there is nothing to resolve.").arg(statusName(op.status)));
    if (!lookup.ok())
        return make(Proposal::Kind::Incomplete,
                    tr("The lookup did not finish (%1). A half-read answer proves nothing; look up again.")
                        .arg(lookup.failureText.isEmpty() ? toString(lookup.failure) : lookup.failureText));

    int mismatched = 0;
    QList<const FoundRefund*> effective, dead, other;
    for (const FoundRefund& f : lookup.refunds) {
        if (f.hasMismatch())
            ++mismatched;
        if (f.isEffective())
            effective.append(&f);
        else if (f.isDead())
            dead.append(&f);
        else
            other.append(&f);
    }
    if (mismatched > 0)
        return make(Proposal::Kind::NeedsPerson,
                    QCoreApplication::translate("ResolutionPolicy",
                                                "%n refund(s) linked to this operation do not match it (amount, "
                                                "currency or order). A person must decide.",
                                                nullptr, mismatched));
    if (effective.size() > 1)
        return make(Proposal::Kind::NeedsPerson,
                    QCoreApplication::translate("ResolutionPolicy",
                                                "%n refunds that moved money are linked to this one operation: a "
                                                "possible double refund. Escalate to finance.",
                                                nullptr, int(effective.size())));
    if (!other.isEmpty())
        return make(Proposal::Kind::NeedsPerson,
                    tr("Refund %1 is %2: neither done nor failed yet. Check it again later.")
                        .arg(other.first()->refund.id,
                             other.first()->refund.status.isEmpty() ? tr("without a status")
                                                                    : LookupResult::refundStatusTitle(other.first()->refund.status)));
    if (effective.size() == 1) {
        Proposal p = make(Proposal::Kind::Refunded,
                          tr("Refund %1 (%2) matches the operation's amount, currency and order.")
                              .arg(effective.first()->refund.id, LookupResult::refundStatusTitle(effective.first()->refund.status)));
        p.refundId = effective.first()->refund.id;
        return p;
    }
    if (!dead.isEmpty()) {
        Proposal p = make(Proposal::Kind::Failed,
                          tr("The only refund(s) made for this operation are failed or canceled: no money moved."));
        p.failureCode = QStringLiteral("refund_failed");
        return p;
    }
    // Nothing linked to the operation at all.
    if (!op.keyExpiresAt) {
        Proposal p = make(Proposal::Kind::Failed,
                          tr("No refund exists and no request was ever sent for this operation."));
        p.failureCode = QStringLiteral("no_refund_found");
        return p;
    }
    if (keyRetentionPassed(op, judgedAt(lookup, nowMs))) {
        Proposal p = make(Proposal::Kind::Failed,
                          tr("No refund exists and the key retention has passed: the original request can no "
                             "longer execute."));
        p.failureCode = QStringLiteral("no_refund_found");
        return p;
    }
    Proposal p = make(Proposal::Kind::KeepWaiting,
                      tr("No refund found yet, but the provider keeps the key for another %1: the original request "
                         "may still execute. Look again after it expires.")
                          .arg(durationText(*executableUntil(op) - nowMs)));
    p.waitMs = *executableUntil(op) - nowMs;
    return p;
}

Permission canResolveAsFailed(const Operation& op, const LookupResult& lookup, qint64 nowMs)
{
    if (op.status != OperationStatus::Unknown)
        return {false, onlyUnknown(op.status)};
    if (!lookup.ok())
        return {false, tr("The lookup did not finish, so it cannot show that no refund exists. Look up again.")};
    bool anyNotDead = false;
    for (const FoundRefund& f : lookup.refunds)
        anyNotDead = anyNotDead || !f.isDead();
    if (anyNotDead)
        return {false, tr("A refund that is not failed or canceled is linked to this operation.")};
    if (!lookup.refunds.isEmpty())
        return {true, tr("Every refund linked to the operation is failed or canceled.")};
    if (!keyRetentionPassed(op, judgedAt(lookup, nowMs))) {
        if (keyRetentionPassed(op, nowMs))
            return {false, tr("This lookup started before the key expired, when the original request could still "
                              "execute. Look up again to resolve as \"failed\".")};
        return {false, tr("The provider keeps the key for another %1: the original request may still execute. "
                          "\"Failed\" is allowed after that.")
                           .arg(durationText(*executableUntil(op) - nowMs))};
    }
    // The same rule the database applies (ResolutionRules / resolve_operation()).
    if (auto v = ResolutionRules::check(op, OperationStatus::Failed, failedResolution(lookup, {}, {}, QStringLiteral("-")).evidence,
                                        judgedAt(lookup, nowMs), nowMs);
        !v)
        return {false, v.error().message};
    return {true, op.keyExpiresAt ? tr("No refund found and the key retention has passed.")
                                  : tr("No refund found and no request was ever sent.")};
}

Permission canResolveAsRefunded(const Operation& op, const LookupResult& lookup, const FoundRefund& refund)
{
    if (op.status != OperationStatus::Unknown)
        return {false, onlyUnknown(op.status)};
    if (!lookup.find(refund.refund.id) || lookup.operationId != op.operationId)
        return {false, tr("Refund %1 was not found by this operation's lookup.").arg(refund.refund.id)};
    if (!refund.isEffective())
        return {false, tr("Refund %1 is %2; only a succeeded or pending refund is evidence of a refund.")
                           .arg(refund.refund.id, LookupResult::refundStatusTitle(refund.refund.status))};
    if (refund.hasMismatch())
        return {false, tr("Refund %1 does not match the operation: %2")
                           .arg(refund.refund.id, refund.mismatches.first().sentence)};
    // The same rule the database applies to the evidence this refund becomes.
    if (auto v = ResolutionRules::check(op, OperationStatus::Refunded,
                                        refundedResolution(refund, lookup, {}, {}, QStringLiteral("-")).evidence,
                                        lookup.startedAtMs, lookup.startedAtMs);
        !v)
        return {false, v.error().message};
    return {true, tr("Refund %1 (%2) matches the operation.")
                      .arg(refund.refund.id, LookupResult::refundStatusTitle(refund.refund.status))};
}

OperationStore::Resolution refundedResolution(const FoundRefund& refund, const LookupResult& lookup,
                                              const QString& actor, const QString& role, const QString& note)
{
    OperationStore::Resolution r;
    r.status = OperationStatus::Refunded;
    r.providerRefundId = refund.refund.id;
    r.providerStatus = refund.refund.status;
    r.actor = actor;
    r.role = role;
    r.note = note;
    r.lookupStartedAt = lookup.startedAtMs;
    r.evidence = QJsonObject{{QStringLiteral("refund"), refund.refund.raw},
                             {QStringLiteral("source"), toString(refund.source)},
                             {QStringLiteral("event_ids"), QJsonArray::fromStringList(refund.eventIds)},
                             {QStringLiteral("lookup"), lookup.summaryJson()}};
    return r;
}

OperationStore::Resolution failedResolution(const LookupResult& lookup, const QString& actor, const QString& role,
                                            const QString& note)
{
    OperationStore::Resolution r;
    r.status = OperationStatus::Failed;
    r.failureCode = failureCodeFor(lookup);
    r.actor = actor;
    r.role = role;
    r.note = note;
    QJsonArray refunds;
    for (const FoundRefund& f : lookup.refunds)
        refunds.append(f.refund.raw);
    r.lookupStartedAt = lookup.startedAtMs;
    r.evidence = QJsonObject{{QStringLiteral("lookup"), lookup.summaryJson()}, {QStringLiteral("refunds"), refunds}};
    return r;
}

std::optional<OperationStore::Resolution> confirmedResolution(const Operation& operation, const LookupResult& lookup,
                                                              const Proposal& proposal, const QString& actor,
                                                              const QString& role, const QString& note, qint64 nowMs,
                                                              QString* whyNot)
{
    Permission permission;
    if (proposal.kind == Proposal::Kind::Refunded) {
        const FoundRefund* refund = lookup.find(proposal.refundId);
        permission = refund ? canResolveAsRefunded(operation, lookup, *refund)
                            : Permission{false, tr("the refund is gone")};
        if (permission.allowed)
            return refundedResolution(*refund, lookup, actor, role, note);
    } else if (proposal.kind == Proposal::Kind::Failed) {
        permission = canResolveAsFailed(operation, lookup, nowMs);
        if (permission.allowed)
            return failedResolution(lookup, actor, role, note);
    } else {
        permission = {false, tr("nothing is proposed")};
    }
    if (whyNot)
        *whyNot = permission.reason;
    return std::nullopt;
}

} // namespace ResolutionPolicy
