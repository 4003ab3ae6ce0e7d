#include "Backoff.h"

#include <QRandomGenerator>

#include <algorithm>

namespace Backoff {

int fullJitterDelayMs(int retry, int baseMs, int capMs, QRandomGenerator& random)
{
    const qint64 base = std::max(0, baseMs);
    const qint64 cap = std::max(0, capMs);
    const qint64 ceiling = std::min(cap, base << std::clamp(retry, 0, 30));
    return static_cast<int>(random.bounded(static_cast<quint32>(ceiling) + 1u));
}

} // namespace Backoff
