#include "provider/AttemptOutcome.h"

#include <array>
#include <utility>

namespace {
// One table for both directions, so the two can never disagree.
constexpr std::array<std::pair<AttemptOutcome, const char*>, 12> kNames{{
    {AttemptOutcome::Succeeded, "succeeded"},
    {AttemptOutcome::NoResponse, "no_response"},
    {AttemptOutcome::InProgress, "in_progress"},
    {AttemptOutcome::RateLimited, "rate_limited"},
    {AttemptOutcome::ServerSavedError, "server_saved_error"},
    {AttemptOutcome::IdempotencyMismatch, "idempotency_mismatch"},
    {AttemptOutcome::Refused, "refused"},
    {AttemptOutcome::AuthFailed, "auth_failed"},
    {AttemptOutcome::InvalidResponse, "invalid_response"},
    {AttemptOutcome::NotSent, "not_sent"},
    {AttemptOutcome::RefundFailed, "refund_failed"},
    {AttemptOutcome::ResponseMismatch, "response_mismatch"},
}};
} // namespace

QString toString(AttemptOutcome outcome)
{
    for (const auto& [value, name] : kNames) {
        if (value == outcome)
            return QString::fromLatin1(name);
    }
    return QString();
}

std::optional<AttemptOutcome> attemptOutcomeFromString(const QString& text)
{
    for (const auto& [value, name] : kNames) {
        if (text == QLatin1String(name))
            return value;
    }
    return std::nullopt;
}

bool fromString(const QString& text, AttemptOutcome* out)
{
    const std::optional<AttemptOutcome> parsed = attemptOutcomeFromString(text);
    if (!parsed)
        return false;
    if (out)
        *out = *parsed;
    return true;
}
