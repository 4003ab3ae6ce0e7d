#include "cli/CliCommands.h"

#include "LocalUser.h"
#include "Logging.h"
#include "db/SchemaMigrator.h"
#include "db/SettingsStore.h"
#include "review/ResolutionPolicy.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

// The option helpers every refund-tool command group uses (CliCommands.h).
namespace Cli {

const QCommandLineOption& dbOption()
{
    static const QCommandLineOption o(QStringLiteral("db"),
                                      QStringLiteral("Operation database: sqlite:PATH or postgresql://user@host[:port]/dbname "
                                                     "(password from the URL or PGPASSWORD)."),
                                      QStringLiteral("url"));
    return o;
}

QString requireValue(const QCommandLineParser& p, const QString& name)
{
    const QString v = p.value(name);
    if (v.trimmed().isEmpty())
        throw CliError{2, QStringLiteral("--%1 is required").arg(name)};
    return v;
}

qint64 parseAmountCents(const QString& text, const QString& name)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
    const QString t = text.trimmed();
    if (t.isEmpty())
        throw CliError{2, QStringLiteral("--%1 is required").arg(name)};
    if (t.startsWith(QLatin1Char('-')))
        throw CliError{2, QStringLiteral("--%1: must be a positive whole number of minor units (cents), got %2").arg(name, t)};
    if (!digits.match(t).hasMatch())
        throw CliError{2, QStringLiteral("--%1: must be a whole number of minor units (cents), got \"%2\"").arg(name, t)};
    bool ok = false;
    const qint64 v = t.toLongLong(&ok);
    if (!ok || v > kMaxAmountCents)
        throw CliError{2, QStringLiteral("--%1: %2 is too large (at most %3)").arg(name, t).arg(kMaxAmountCents)};
    if (v == 0)
        throw CliError{2, QStringLiteral("--%1: must be greater than zero").arg(name)};
    return v;
}

QString checkId(const QString& text, const QString& name)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        throw CliError{2, QStringLiteral("--%1 is required").arg(name)};
    if (t.size() > 200)
        throw CliError{2, QStringLiteral("--%1: longer than 200 characters").arg(name)};
    for (const QChar c : t) {
        if (c.category() == QChar::Other_Control)
            throw CliError{2, QStringLiteral("--%1: contains a control character").arg(name)};
    }
    return t;
}

/** --provider-url: an http(s) URL with a host, or exit 2 naming the option. */
QUrl parseProviderUrl(const QCommandLineParser& p)
{
    const QUrl providerUrl(requireValue(p, QStringLiteral("provider-url")), QUrl::StrictMode);
    if (!providerUrl.isValid() || providerUrl.host().isEmpty()
        || (providerUrl.scheme() != QLatin1String("http") && providerUrl.scheme() != QLatin1String("https")))
        throw CliError{2, QStringLiteral("--provider-url: must be an http(s) URL with a host, got \"%1\"")
                              .arg(p.value(QStringLiteral("provider-url")))};
    return providerUrl;
}

/**
 * PROVIDER_API_KEY for commands that create refunds (`refund`, `mcp`), or exit 2. Refused
 * before anything is written: a read-only or publishable key is turned away by the provider
 * (401/403), and each try would still count against the operation's budget (R6).
 */
namespace {
/** The key goes into an HTTP header as it is: no space or control character in it. */
void checkKeyCharacters(const QString& key)
{
    for (const QChar c : key) {
        if (c.category() == QChar::Other_Control || c.isSpace())
            throw CliError{2, QStringLiteral("PROVIDER_API_KEY: contains a space or control character")};
    }
}
} // namespace

QString writeKeyFromEnvironment()
{
    const QString key = qEnvironmentVariable("PROVIDER_API_KEY").trimmed();
    if (key.isEmpty())
        throw CliError{2, QStringLiteral("PROVIDER_API_KEY is not set: the tool needs a provider secret key "
                                         "with write rights in the environment")};
    if (key.startsWith(QLatin1String("rk_")) || key.startsWith(QLatin1String("pk_")))
        throw CliError{2, QStringLiteral("PROVIDER_API_KEY: a %1 key cannot create refunds; the tool "
                                         "needs a secret key (sk_...)")
                              .arg(key.startsWith(QLatin1String("rk_"))
                                       ? QStringLiteral("restricted read-only (rk_...)")
                                       : QStringLiteral("publishable (pk_...)"))};
    checkKeyCharacters(key);
    return key;
}

QString readKeyFromEnvironment()
{
    const QString key = qEnvironmentVariable("PROVIDER_API_KEY").trimmed();
    if (key.isEmpty())
        throw CliError{2, QStringLiteral("PROVIDER_API_KEY is not set: a lookup needs the provider's "
                                         "restricted read-only key (rk_...)")};
    // R13: reviewing never needs a key that can move money.
    if (key.startsWith(QLatin1String("sk_")))
        throw CliError{2, QStringLiteral("PROVIDER_API_KEY: a secret key (sk_...) can create refunds; a "
                                         "lookup uses the restricted read-only key (rk_...) (R13)")};
    checkKeyCharacters(key);
    return key;
}

ProviderConfig providerConfig(Database& db, const QUrl& url, const QString& key)
{
    auto settings = SettingsStore(db).load();
    if (!settings)
        fail(settings.error());
    ProviderConfig config;
    config.baseUrl = url;
    config.apiKey = key;
    config.requestTimeoutMs = settings.value().requestTimeoutMs;
    return config;
}

/**
 * Opens the database and checks its schema; configuration problems are exit 2. Commands that
 * change orders, settings or the schema pass SqliteCheck::Full: they read every page first,
 * so nothing is written into a damaged file (the refund path relies on SQLite's own
 * corruption errors instead of an O(size) check per call).
 */
std::unique_ptr<Database> openDatabase(const QCommandLineParser& p, bool requireCurrentSchema,
                                       Database::SqliteCheck check)
{
    const QString url = requireValue(p, QStringLiteral("db"));
    // A password in --db is visible to every user of the machine (ps, /proc/PID/cmdline).
    if (const auto parsed = DatabaseUrl::parse(url); parsed && parsed->passwordInUrl())
        Logging::warn(QStringLiteral("--db: ") + parsed->passwordWarning());
    if (requireCurrentSchema) {
        // Only `db migrate` creates a database: a mistyped path must not leave a new empty file behind.
        const auto parsed = DatabaseUrl::parse(url);
        if (parsed && parsed->isSqlite() && !QFileInfo::exists(parsed->path()))
            throw CliError{2, QStringLiteral("--db: no database at %1; create one with `refund-tool db migrate --db %2`")
                                  .arg(parsed->path(), parsed->display())};
    }
    auto db = Database::open(url, check);
    if (!db)
        throw CliError{2, db.error().message};
    if (requireCurrentSchema) {
        if (auto r = SchemaMigrator::check(*db.value()); !r)
            throw CliError{2, r.error().message};
    }
    return std::move(db).value();
}

[[noreturn]] void fail(const StoreError& e)
{
    using C = StoreError::Code;
    const bool usage = e.code == C::InvalidArgument || e.code == C::InvalidUrl || e.code == C::NotFound
        || e.code == C::AlreadyExists || e.code == C::ConnectionFailed || e.code == C::SchemaTooNew
        || e.code == C::SchemaOutdated;
    throw CliError{usage ? 2 : 1, e.message};
}

// `review lookup` prints this; `review resolve --evidence FILE` reads it back (R15, R16).
QJsonObject lookupJson(const Operation& op, const LookupResult& lookup, const ResolutionPolicy::Proposal& proposal)
{
    QJsonArray refunds;
    for (const FoundRefund& f : lookup.refunds) {
        QJsonArray mismatches;
        for (const RefundMismatch& m : f.mismatches)
            mismatches.append(m.sentence);
        refunds.append(QJsonObject{{QStringLiteral("refund"), f.refund.raw},
                                   {QStringLiteral("source"), toString(f.source)},
                                   {QStringLiteral("event_ids"), QJsonArray::fromStringList(f.eventIds)},
                                   {QStringLiteral("mismatches"), mismatches}});
    }
    return QJsonObject{
        {QStringLiteral("operation_id"), op.operationId},
        {QStringLiteral("status"), statusName(op.status)},
        {QStringLiteral("key_expires_at"), op.keyExpiresAt ? QJsonValue(*op.keyExpiresAt) : QJsonValue()},
        {QStringLiteral("started_at"), lookup.startedAtMs},
        {QStringLiteral("checked_at"), lookup.checkedAtMs},
        {QStringLiteral("complete"), lookup.ok()},
        {QStringLiteral("failure"), lookup.failureText},
        {QStringLiteral("refunds"), refunds},
        {QStringLiteral("proposal"), ResolutionPolicy::kindName(proposal.kind)},
        {QStringLiteral("reason"), proposal.reason},
        {QStringLiteral("summary"), lookup.summaryJson()},
    };
}

QString actorName(const QCommandLineParser& p)
{
    if (p.isSet(QStringLiteral("actor")))
        return checkId(p.value(QStringLiteral("actor")), QStringLiteral("actor"));   // goes into the audit log as typed
    const QString user = LocalUser::name();
    return user.isEmpty() ? QStringLiteral("refund-tool") : user;
}

} // namespace Cli
