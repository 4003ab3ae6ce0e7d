#include "Clock.h"

#include <QDateTime>

namespace {
class SystemClock final : public Clock
{
public:
    qint64 nowMs() const override { return QDateTime::currentMSecsSinceEpoch(); }
};
} // namespace

Clock& Clock::system()
{
    static SystemClock clock;
    return clock;
}
