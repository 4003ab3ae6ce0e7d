// Fuzzes the settings validation (SettingsStore::assign / validate, R20): each line
// "key=value" of the input is applied to a candidate. A refused value names the key and
// changes nothing; a candidate that validates holds every documented range, and each of its
// values reads back as itself.
#include "FuzzCheck.h"
#include "db/SettingsStore.h"

namespace {
bool sameValues(const SettingsStore::Values& a, const SettingsStore::Values& b)
{
    for (const QString& key : SettingsStore::keys()) {
        if (a.get(key) != b.get(key))
            return false;
    }
    return true;
}

bool inRanges(const SettingsStore::Values& v)
{
    // The ranges as README's settings table and SettingsStore.h document them.
    return v.maxAttemptsPerCall >= 1 && v.maxAttemptsPerCall <= 20 &&
           v.maxAttemptsPerCall <= v.maxAttemptsPerOperation && v.maxAttemptsPerOperation >= 1 &&
           v.maxAttemptsPerOperation <= 100 && v.backoffBaseMs >= 1 && v.backoffBaseMs <= 60000 &&
           v.backoffCapMs >= v.backoffBaseMs && v.backoffCapMs <= 300000 && v.requestTimeoutMs >= 100 &&
           v.requestTimeoutMs <= 300000 &&
           (v.providerApi == QLatin1String("stripe_v1") || v.providerApi == QLatin1String("stripe_v2")) &&
           v.lookupConcurrency >= 1 && v.lookupConcurrency <= 16 && v.repeatWindowHours >= 1 &&
           v.repeatWindowHours <= 8760 &&
           (v.get(QStringLiteral("auto_resolve_refunded")) == QStringLiteral("true") ||
            v.get(QStringLiteral("auto_resolve_refunded")) == QStringLiteral("false"));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString text = QString::fromUtf8(fuzzBytes(data, size));
    SettingsStore::Values candidate;
    FUZZ_CHECK(SettingsStore::validate(candidate), QStringLiteral("defaults do not validate"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq < 0)
            continue;
        const QString key = line.left(eq);
        const QString value = line.mid(eq + 1);
        const SettingsStore::Values before = candidate;
        const StoreResult<void> r = SettingsStore::assign(candidate, key, value);
        if (!r) {
            FUZZ_CHECK(r.error().code == StoreError::Code::InvalidArgument, r.error().message);
            FUZZ_CHECK(r.error().field == key, r.error().field);
            FUZZ_CHECK(r.error().message.startsWith(key + QLatin1Char(':')), r.error().message);
            FUZZ_CHECK(sameValues(before, candidate), r.error().message);
        } else {
            FUZZ_CHECK(SettingsStore::keys().contains(key), key);
        }
    }
    const StoreResult<void> valid = SettingsStore::validate(candidate);
    if (!valid) {
        FUZZ_CHECK(SettingsStore::keys().contains(valid.error().field), valid.error().field);
        FUZZ_CHECK(!inRanges(candidate), valid.error().message);
        return 0;
    }
    FUZZ_CHECK(inRanges(candidate), QStringLiteral("validated values outside the documented ranges"));
    for (const QString& key : SettingsStore::keys()) {
        SettingsStore::Values copy = candidate;
        FUZZ_CHECK(SettingsStore::assign(copy, key, candidate.get(key).toString()), key);
        FUZZ_CHECK(sameValues(copy, candidate), key);
    }
    return 0;
}
