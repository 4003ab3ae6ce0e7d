#pragma once

class QRandomGenerator;

/**
 * The one backoff of the product: exponential with full jitter (AWS Architecture Blog,
 * "Exponential Backoff And Jitter"), used between the tool's attempts (R6; settings
 * backoff_base_ms / backoff_cap_ms) and between the console's provider reads (R13).
 */
namespace Backoff {

/**
 * A delay in ms, uniform in [0, min(capMs, baseMs * 2^retry)]; retry counts from 0. Negative
 * inputs count as 0 and the exponent stops at 30, so no value overflows.
 */
int fullJitterDelayMs(int retry, int baseMs, int capMs, QRandomGenerator& random);

} // namespace Backoff
