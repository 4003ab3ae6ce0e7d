#include "cli/RefundToolCli.h"
#include "provider/ProviderIds.h"

#include "Logging.h"
#include "cli/CliError.h"
#include "db/HistoryGenerator.h"
#include "db/OperationStore.h"
#include "db/RoleManager.h"
#include "db/SchemaMigrator.h"
#include "db/SettingsStore.h"
#include "history/HistoryCsvExporter.h"
#include "history/HistoryStats.h"
#include "mcp/McpServer.h"
#include "mcp/McpStdioTransport.h"
#include "mcp/RefundMcpTools.h"
#include "mcp/RefundMcpWorker.h"
#include "provider/ProviderClient.h"
#include "reconcile/ReconcileCommands.h"
#include "review/ClaimChecker.h"
#include "review/CustomerMessage.h"
#include "review/OperationLookup.h"
#include "review/ResolutionPolicy.h"
#include "tool/RefundTool.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QDateTime>
#include <QJsonArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimeZone>

#include <QUrl>

#include <csignal>
#include <cstdio>
#include <functional>
#include <optional>

namespace {

constexpr qint64 kMaxAmountCents = 999'999'999'999LL;   // far above any provider's limit, far below overflow

struct Command
{
    QStringList words;                 // e.g. {"order", "add"}
    QString summary;
    QStringList positional;            // names of positional arguments after the words
    std::function<void(QCommandLineParser&)> options;
    std::function<int(const QCommandLineParser&, const QStringList& positional, QTextStream& out)> run;
};

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

qint64 parseAmountCents(const QString& text, const QString& name = QStringLiteral("amount-cents"))
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
    for (const QChar c : key) {
        if (c.category() == QChar::Other_Control || c.isSpace())
            throw CliError{2, QStringLiteral("PROVIDER_API_KEY: contains a space or control character")};
    }
    return key;
}

/**
 * Opens the database and checks its schema; configuration problems are exit 2. Commands that
 * change orders, settings or the schema pass SqliteCheck::Full: they read every page first,
 * so nothing is written into a damaged file (the refund path relies on SQLite's own
 * corruption errors instead of an O(size) check per call).
 */
std::unique_ptr<Database> openDatabase(const QCommandLineParser& p, bool requireCurrentSchema = true,
                                       Database::SqliteCheck check = Database::SqliteCheck::Header)
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
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME"));
    return user.isEmpty() ? QStringLiteral("refund-tool") : user;
}

QList<Command> commands()
{
    QList<Command> list;

    list << Command{{QStringLiteral("db"), QStringLiteral("migrate")},
                    QStringLiteral("Create or upgrade the operation database schema."),
                    {},
                    [](QCommandLineParser& p) { p.addOption(dbOption()); },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        auto db = openDatabase(p, false, Database::SqliteCheck::Full);
                        auto before = SchemaMigrator::currentVersion(*db);
                        auto v = SchemaMigrator::migrate(*db);
                        if (!v)
                            fail(v.error());
                        out << "schema version " << v.value() << " on " << db->url().display() << Qt::endl;
                        // Grants are not part of the schema: roles made for an older schema keep their
                        // direct writes until `db roles` runs again (R21).
                        if (db->isPostgres() && before && before.value() >= 1 && before.value() < 4 && v.value() >= 4)
                            out << "next: run `refund-tool db roles --db " << db->url().display()
                                << "` again: from schema 4 people change operations and settings only through "
                                   "resolve_operation() and change_setting()"
                                << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("db"), QStringLiteral("generate")},
                    QStringLiteral("Fill the database with a realistic, seeded refund history (benchmarks, load tests)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("ops"), QStringLiteral("Number of operations to write (>= 1)."),
                                     QStringLiteral("n")});
                        p.addOption({QStringLiteral("seed"), QStringLiteral("Random seed; the same seed gives the same rows "
                                                                            "(default 1)."),
                                     QStringLiteral("s"), QStringLiteral("1")});
                        p.addOption({QStringLiteral("now-ms"), QStringLiteral("The present as UTC epoch ms (default: now); "
                                                                              "fix it for identical timestamps."),
                                     QStringLiteral("ms")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        bool ok = false;
                        const qint64 ops = requireValue(p, QStringLiteral("ops")).trimmed().toLongLong(&ok);
                        if (!ok || ops < 1 || ops > 100'000'000)
                            throw CliError{2, QStringLiteral("--ops: must be a whole number from 1 to 100000000")};
                        const uint seed = p.value(QStringLiteral("seed")).trimmed().toUInt(&ok);
                        if (!ok)
                            throw CliError{2, QStringLiteral("--seed: must be a whole number from 0 to 4294967295")};
                        qint64 nowMs = 0;
                        if (p.isSet(QStringLiteral("now-ms"))) {
                            nowMs = p.value(QStringLiteral("now-ms")).trimmed().toLongLong(&ok);
                            if (!ok || nowMs <= 0)
                                throw CliError{2, QStringLiteral("--now-ms: must be a positive UTC epoch time in milliseconds")};
                        }
                        auto db = openDatabase(p, true, Database::SqliteCheck::Full);
                        HistoryGenerator::Options options;
                        options.operations = ops;
                        options.seed = seed;
                        options.nowMs = nowMs;
                        options.progress = [](qint64 done, qint64 total) {
                            std::fprintf(stderr, "refund-tool: generated %lld of %lld operations\n", done, total);
                            std::fflush(stderr);
                        };
                        auto summary = HistoryGenerator(*db).generate(options);
                        if (!summary)
                            fail(summary.error());
                        const HistoryGenerator::Summary& s = summary.value();
                        out << "generated " << s.operations << " operations (" << s.refunded << " refunded, " << s.failed
                            << " failed, " << s.unknown << " unknown, " << s.open << " open; " << s.keyExpiringSoon
                            << " keys expiring within the hour), " << s.orders << " orders, " << s.attempts << " attempts, "
                            << s.toolCalls << " tool calls, " << s.auditEntries << " audit entries in " << s.elapsedMs
                            << " ms on " << db->url().display() << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("order"), QStringLiteral("add")},
                    QStringLiteral("Register a paid order that refunds may be issued against."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("order"), QStringLiteral("Order id."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("amount-cents"), QStringLiteral("Order total in minor units (cents)."),
                                     QStringLiteral("n")});
                        p.addOption({QStringLiteral("currency"), QStringLiteral("ISO 4217 code, e.g. usd."),
                                     QStringLiteral("code")});
                        p.addOption({QStringLiteral("payment-intent"), QStringLiteral("Provider payment intent id (pi_...)."),
                                     QStringLiteral("id")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        // Validate every argument before touching the database: nothing half-written.
                        Order o;
                        o.orderId = checkId(p.value(QStringLiteral("order")), QStringLiteral("order"));
                        o.amountCents = parseAmountCents(p.value(QStringLiteral("amount-cents")));
                        o.currency = requireValue(p, QStringLiteral("currency")).trimmed().toLower();
                        o.paymentIntent = checkId(p.value(QStringLiteral("payment-intent")), QStringLiteral("payment-intent"));
                        if (!ProviderIds::isCurrencyCode(o.currency))
                            throw CliError{2, QStringLiteral("--currency: must be a three-letter ISO 4217 code such as usd, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("currency")))};
                        if (!ProviderIds::isPaymentIntentId(o.paymentIntent))
                            throw CliError{2, QStringLiteral("--payment-intent: must start with pi_, got \"%1\"").arg(o.paymentIntent)};
                        auto db = openDatabase(p, true, Database::SqliteCheck::Full);
                        OperationStore store(*db);
                        auto r = store.addOrder(o);
                        if (!r)
                            fail(r.error());
                        out << "order " << r.value().orderId << ": " << r.value().amountCents << " " << r.value().currency
                            << " (" << r.value().paymentIntent << ")" << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("settings"), QStringLiteral("show")},
                    QStringLiteral("Show the shared settings (retry budgets, backoff, timeout, provider API)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        auto db = openDatabase(p);
                        SettingsStore settings(*db);
                        auto v = settings.load();
                        if (!v)
                            fail(v.error());
                        if (p.isSet(QStringLiteral("json"))) {
                            QJsonObject o;
                            for (const QString& key : SettingsStore::keys())
                                o.insert(key, QJsonValue::fromVariant(v.value().get(key)));
                            out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
                            return 0;
                        }
                        for (const QString& key : SettingsStore::keys())
                            out << qSetFieldWidth(28) << Qt::left << key << qSetFieldWidth(12) << v.value().get(key).toString()
                                << qSetFieldWidth(0) << SettingsStore::describe(key) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("settings"), QStringLiteral("set")},
                    QStringLiteral("Change one setting (validated, audited with old and new value)."),
                    {QStringLiteral("key"), QStringLiteral("value")},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("actor"),
                                     QStringLiteral("SQLite: who makes the change (default: $USER). On PostgreSQL the "
                                                    "database login is recorded (change_setting(), R21)."),
                                     QStringLiteral("name")});
                    },
                    [](const QCommandLineParser& p, const QStringList& pos, QTextStream& out) {
                        // Validate against the defaults first so a bad value fails before the database is opened.
                        SettingsStore::Values probe;
                        if (auto r = SettingsStore::assign(probe, pos.at(0), pos.at(1)); !r)
                            throw CliError{2, r.error().message};
                        auto db = openDatabase(p, true, Database::SqliteCheck::Full);
                        SettingsStore settings(*db);
                        auto v = settings.set(pos.at(0), pos.at(1), actorName(p), QStringLiteral("admin"));
                        if (!v)
                            fail(v.error());
                        out << pos.at(0) << " = " << v.value().get(pos.at(0)).toString() << Qt::endl;
                        return 0;
                    }};
    // R15-R17 from the command line: the same lookup as the console, and the same door
    // (resolve_operation() on PostgreSQL, the same checks in one transaction on SQLite).
    list << Command{{QStringLiteral("review"), QStringLiteral("lookup")},
                    QStringLiteral("Look an operation up at the provider with the read-only key from PROVIDER_API_KEY; "
                                   "prints the lookup as one JSON object, with started_at (R15)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."), QStringLiteral("id")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const QUrl providerUrl = parseProviderUrl(p);
                        const QString key = qEnvironmentVariable("PROVIDER_API_KEY").trimmed();
                        if (key.isEmpty())
                            throw CliError{2, QStringLiteral("PROVIDER_API_KEY is not set: a lookup needs the provider's "
                                                             "restricted read-only key (rk_...)")};
                        // R13: reviewing never needs a key that can move money.
                        if (key.startsWith(QLatin1String("sk_")))
                            throw CliError{2, QStringLiteral("PROVIDER_API_KEY: a secret key (sk_...) can create refunds; a "
                                                             "lookup uses the restricted read-only key (rk_...) (R13)")};
                        for (const QChar c : key) {
                            if (c.category() == QChar::Other_Control || c.isSpace())
                                throw CliError{2, QStringLiteral("PROVIDER_API_KEY: contains a space or control character")};
                        }
                        auto db = openDatabase(p);
                        OperationStore store(*db);
                        auto op = store.operation(operationId);
                        if (!op)
                            fail(op.error());
                        auto order = store.order(op.value().orderId);
                        if (!order)
                            fail(order.error());
                        auto settings = SettingsStore(*db).load();
                        if (!settings)
                            fail(settings.error());
                        ProviderConfig config;
                        config.baseUrl = providerUrl;
                        config.apiKey = key;
                        config.requestTimeoutMs = settings.value().requestTimeoutMs;
                        OperationLookup lookup(config);
                        const LookupResult result = lookup.run(OperationLookup::Target::from(op.value(), order.value()));
                        const auto proposal = ResolutionPolicy::propose(op.value(), result, Clock::system().nowMs());
                        out << QJsonDocument(lookupJson(op.value(), result, proposal)).toJson(QJsonDocument::Compact) << Qt::endl;
                        // A lookup that did not finish is printed (what was found is real) but is no evidence of absence.
                        return result.ok() ? 0 : 1;
                    }};

    list << Command{{QStringLiteral("review"), QStringLiteral("resolve")},
                    QStringLiteral("Resolve an unknown operation as refunded or failed on the evidence `review lookup` "
                                   "printed (R16, R17). Exit 0 resolved, 3 someone else resolved it first, 2 refused."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("as"), QStringLiteral("refunded or failed."), QStringLiteral("status")});
                        p.addOption({QStringLiteral("evidence"), QStringLiteral("The JSON file `review lookup` printed."),
                                     QStringLiteral("file")});
                        p.addOption({QStringLiteral("note"), QStringLiteral("What was checked (audited)."), QStringLiteral("text")});
                        p.addOption({QStringLiteral("actor"),
                                     QStringLiteral("SQLite only: who resolves (default: $USER). On PostgreSQL the "
                                                    "database login is the actor."),
                                     QStringLiteral("name")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const QString as = requireValue(p, QStringLiteral("as")).trimmed().toLower();
                        if (as != QLatin1String("refunded") && as != QLatin1String("failed"))
                            throw CliError{2, QStringLiteral("--as: must be refunded or failed, got \"%1\"").arg(p.value(QStringLiteral("as")))};
                        const QString note = requireValue(p, QStringLiteral("note")).trimmed();
                        const QString path = requireValue(p, QStringLiteral("evidence"));
                        QFile file(path);
                        if (!file.open(QIODevice::ReadOnly))
                            throw CliError{2, QStringLiteral("--evidence: cannot read %1: %2").arg(path, file.errorString())};
                        QJsonParseError parseError;
                        const QJsonDocument doc = QJsonDocument::fromJson(file.read(4 * 1024 * 1024), &parseError);
                        if (!doc.isObject())
                            throw CliError{2, QStringLiteral("--evidence: %1 is not the JSON object `review lookup` prints (%2)")
                                                  .arg(path, parseError.errorString())};
                        const QJsonObject lookup = doc.object();
                        if (lookup.value(QStringLiteral("operation_id")).toString() != operationId)
                            throw CliError{2, QStringLiteral("--evidence: the lookup in %1 is of operation \"%2\", not %3")
                                                  .arg(path, lookup.value(QStringLiteral("operation_id")).toString(), operationId)};
                        const QJsonValue started = lookup.value(QStringLiteral("started_at"));
                        if (!started.isDouble() || started.toDouble() <= 0)
                            throw CliError{2, QStringLiteral("--evidence: started_at is missing; run `refund-tool review lookup` again")};

                        QJsonArray raws;
                        for (const QJsonValue& v : lookup.value(QStringLiteral("refunds")).toArray())
                            raws.append(v.toObject().value(QStringLiteral("refund")));
                        OperationStore::Resolution res;
                        res.status = as == QLatin1String("refunded") ? OperationStatus::Refunded : OperationStatus::Failed;
                        res.note = note;
                        res.lookupStartedAt = qint64(started.toDouble());
                        res.evidence = QJsonObject{{QStringLiteral("lookup"), lookup.value(QStringLiteral("summary"))},
                                                   {QStringLiteral("refunds"), raws},
                                                   {QStringLiteral("source"), QStringLiteral("refund-tool review lookup")}};
                        auto db = openDatabase(p);
                        // SQLite is single-user: the desktop user; on PostgreSQL the function records session_user.
                        res.actor = actorName(p);
                        auto role = RoleManager::currentRole(*db);
                        res.role = role ? role.value() : QStringLiteral("single-user");
                        auto resolved = OperationStore(*db).resolve(operationId, res);
                        if (!resolved) {
                            using C = StoreError::Code;
                            const StoreError& e = resolved.error();
                            if (e.code == C::AlreadyResolved)
                                throw CliError{3, e.message};
                            const bool refused = e.code == C::NotAllowed || e.code == C::InvalidArgument || e.code == C::NotFound
                                || e.message.contains(QLatin1String("permission denied"));
                            throw CliError{refused ? 2 : 1, e.message};
                        }
                        const Operation& op = resolved.value();
                        out << op.operationId << " resolved as " << statusName(op.status)
                            << (op.providerRefundId.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(op.providerRefundId))
                            << (op.failureCode.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(op.failureCode)) << " by "
                            << op.resolvedBy << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("refund")},
                    QStringLiteral("Issue a refund as the agent's tool call: prints one JSON object (SPEC R8). "
                                   "The provider key is read from PROVIDER_API_KEY."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("tool-call-id"), QStringLiteral("The agent's tool-call id (logged, R12)."),
                                     QStringLiteral("id")});
                        p.addOption({QStringLiteral("order"), QStringLiteral("Order id."), QStringLiteral("id")});
                        p.addOption({QStringLiteral("amount-cents"), QStringLiteral("Refund amount in minor units (cents)."),
                                     QStringLiteral("n")});
                        p.addOption({QStringLiteral("request-ref"),
                                     QStringLiteral("The caller's unit of work that asked for this refund (ticket or "
                                                    "conversation id; never the tool-call id). Optional. A refunded "
                                                    "(order, amount, request ref) is never refunded again (R5a)."),
                                     QStringLiteral("ref")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        RefundTool::Request request;
                        if (p.isSet(QStringLiteral("request-ref"))) {
                            request.requestRef = p.value(QStringLiteral("request-ref"));
                            if (request.requestRef.trimmed().isEmpty())
                                throw CliError{2, QStringLiteral("--request-ref: is empty; leave the option out when "
                                                                 "there is no unit of work to name")};
                        }
                        request.toolCallId = checkId(p.value(QStringLiteral("tool-call-id")), QStringLiteral("tool-call-id"));
                        request.orderId = checkId(p.value(QStringLiteral("order")), QStringLiteral("order"));
                        request.amountCents = parseAmountCents(p.value(QStringLiteral("amount-cents")));
                        const QUrl providerUrl = parseProviderUrl(p);
                        const QString key = writeKeyFromEnvironment();
                        auto db = openDatabase(p);
                        auto settings = SettingsStore(*db).load();
                        if (!settings)
                            fail(settings.error());

                        ProviderConfig config;
                        config.baseUrl = providerUrl;
                        config.apiKey = key;
                        config.requestTimeoutMs = settings.value().requestTimeoutMs;
                        ProviderClient provider(config);
                        RefundTool tool(*db, provider);
                        // Test hook: die like a SIGKILL at a named point, to prove a restarted tool resends the same key.
                        const QString crashPoint = qEnvironmentVariable("REFUND_TOOL_CRASH_POINT");
                        if (!crashPoint.isEmpty()) {
                            tool.setCrashHook([crashPoint](const char* point) {
                                if (crashPoint == QLatin1String(point))
                                    std::raise(SIGKILL);
                            });
                        }
                        auto result = tool.call(request);
                        if (!result)
                            fail(result.error());
                        out << QJsonDocument(result.value().toJson()).toJson(QJsonDocument::Compact) << Qt::endl;
                        return 0;
                    }};


    list << Command{{QStringLiteral("mcp")},
                    QStringLiteral("Serve the refund tool to an AI agent over the Model Context Protocol (stdio): tools "
                                   "issue_refund and refund_status. The provider key is read from PROVIDER_API_KEY."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("workers"),
                                     QStringLiteral("Tool calls served at once, each with its own database connection "
                                                    "(1-32, default 4)."),
                                     QStringLiteral("n"), QStringLiteral("4")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream&) {
                        const QUrl providerUrl = parseProviderUrl(p);
                        bool ok = false;
                        const int workers = p.value(QStringLiteral("workers")).toInt(&ok);
                        if (!ok || workers < 1 || workers > 32)
                            throw CliError{2, QStringLiteral("--workers: must be a whole number from 1 to 32, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("workers")))};
                        const QString key = writeKeyFromEnvironment();
                        // Configuration problems are exit 2 before the first message, as for `refund`.
                        {
                            auto db = openDatabase(p);
                            if (auto settings = SettingsStore(*db).load(); !settings)
                                fail(settings.error());
                        }
                        RefundMcpWorker::Config config;
                        config.databaseUrl = requireValue(p, QStringLiteral("db"));
                        config.provider.baseUrl = providerUrl;
                        config.provider.apiKey = key;
                        McpToolRegistry registry;
                        RefundMcpTools::addTo(registry);
                        registry.setWorkerFactory([config]() -> std::unique_ptr<McpToolWorker> {
                            QString error;
                            auto worker = RefundMcpWorker::open(config, &error);
                            if (!worker)
                                Logging::error(QStringLiteral("mcp worker: %1").arg(error));
                            return worker;
                        });
                        McpServer::Options options;
                        options.workers = workers;
                        options.serverVersion = QStringLiteral(REFUND_VERSION);
                        options.serverTitle = QStringLiteral("Refund Ops refund tool");
                        options.instructions = RefundMcpTools::serverInstructions();
                        // stdout carries protocol messages only; a client that vanished must not
                        // kill the server while calls finish (their outcome is in the database).
                        std::signal(SIGPIPE, SIG_IGN);
                        McpServer server(registry, [](const QByteArray& m) { McpStdioTransport::writeLine(stdout, m); },
                                         options);
                        Logging::info(QStringLiteral("mcp session %1: serving on stdio with %2 workers")
                                          .arg(server.sessionId())
                                          .arg(workers));
                        McpStdioTransport(server, 0, stdout).run();
                        Logging::info(QStringLiteral("mcp session %1: stdin closed; every call answered").arg(server.sessionId()));
                        return 0;
                    }};

    // R21: the console's roles as PostgreSQL roles, so the database refuses what a role may not do.
    const QCommandLineOption rolePrefixOption(
        QStringLiteral("role-prefix"),
        QStringLiteral("Prefix of the role names (default none: refund_support, ...); lets several refund databases "
                       "share one PostgreSQL cluster."),
        QStringLiteral("prefix"));
    list << Command{{QStringLiteral("db"), QStringLiteral("roles")},
                    QStringLiteral("PostgreSQL: create the refund_support, refund_finance, refund_admin and refund_tool "
                                   "roles with their GRANTs (idempotent)."),
                    {},
                    [rolePrefixOption](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption(rolePrefixOption);
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        auto db = openDatabase(p);
                        if (db->isSqlite())
                            throw CliError{2, RoleManager::sqliteMessage()};
                        RoleManager roles(*db, p.value(QStringLiteral("role-prefix")).trimmed());
                        auto done = roles.createRoles();
                        if (!done)
                            fail(done.error());
                        for (const QString& line : done.value())
                            out << line << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("db"), QStringLiteral("grant")},
                    QStringLiteral("PostgreSQL: make one refund role (support, finance, admin or tool) the login's role."),
                    {},
                    [rolePrefixOption](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("user"), QStringLiteral("An existing PostgreSQL login role."),
                                     QStringLiteral("login")});
                        p.addOption({QStringLiteral("role"), QStringLiteral("support, finance, admin or tool."),
                                     QStringLiteral("role")});
                        p.addOption(rolePrefixOption);
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString login = checkId(p.value(QStringLiteral("user")), QStringLiteral("user"));
                        const auto role = RoleManager::roleFromKey(requireValue(p, QStringLiteral("role")));
                        if (!role)
                            throw CliError{2, QStringLiteral("--role: must be support, finance, admin or tool, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("role")))};
                        auto db = openDatabase(p);
                        if (db->isSqlite())
                            throw CliError{2, RoleManager::sqliteMessage()};
                        RoleManager roles(*db, p.value(QStringLiteral("role-prefix")).trimmed());
                        auto revoked = roles.grant(login, *role);
                        if (!revoked)
                            fail(revoked.error());
                        out << "granted " << roles.roleName(*role) << " to " << login;
                        if (!revoked.value().isEmpty())
                            out << " (revoked " << revoked.value().join(QStringLiteral(", ")) << ")";
                        out << Qt::endl;
                        return 0;
                    }};
    // R12: the finance history from the command line (scripts, scheduled exports).
    auto historyOptions = [](QCommandLineParser& p) {
        p.addOption(dbOption());
        p.addOption({QStringLiteral("from"), QStringLiteral("Start of the range, UTC date (2026-11-24) or epoch ms, inclusive."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("to"), QStringLiteral("End of the range, UTC date or epoch ms, exclusive."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("state"), QStringLiteral("Only operations now in this state: open, unknown, refunded, failed."),
                     QStringLiteral("state")});
    };
    auto historyFilter = [](const QCommandLineParser& p) {
        auto instant = [&](const QString& name) -> qint64 {
            const QString text = requireValue(p, name).trimmed();
            bool ok = false;
            const qint64 ms = text.toLongLong(&ok);
            if (ok && ms >= 0)
                return ms;
            const QDate date = QDate::fromString(text, Qt::ISODate);
            if (!date.isValid())
                throw CliError{2, QStringLiteral("--%1: must be a UTC date (YYYY-MM-DD) or epoch ms, got \"%2\"").arg(name, text)};
            return QDateTime(date, QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        };
        HistoryFilter f{instant(QStringLiteral("from")), instant(QStringLiteral("to")), std::nullopt};
        if (p.isSet(QStringLiteral("state"))) {
            f.status = operationStatusFromString(p.value(QStringLiteral("state")).trimmed());
            if (!f.status)
                throw CliError{2, QStringLiteral("--state: must be open, unknown, refunded or failed")};
        }
        if (auto r = f.validate(); !r)
            throw CliError{2, QStringLiteral("--") + r.error().message};
        return f;
    };
    list << Command{{QStringLiteral("history"), QStringLiteral("stats")},
                    QStringLiteral("Print the duplicate-prevention figures of a UTC date range as one JSON object (R12)."),
                    {},
                    historyOptions,
                    [historyFilter](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const HistoryFilter filter = historyFilter(p);
                        auto db = openDatabase(p);
                        auto r = HistoryStats::compute(*db, filter);
                        if (!r)
                            fail(r.error());
                        const HistoryStats::Snapshot& s = r.value();
                        QJsonObject money;
                        for (const auto& m : s.unknownMoney)
                            money.insert(m.currency, m.minorUnits);
                        QJsonObject moneyNow;
                        for (const auto& m : s.unknownNowMoney)
                            moneyNow.insert(m.currency, m.minorUnits);
                        QJsonObject reversedMoney;
                        for (const auto& m : s.reversedMoney)
                            reversedMoney.insert(m.currency, m.minorUnits);
                        QJsonArray histogram;
                        for (qint64 n : s.attemptsHistogram)
                            histogram.append(n);
                        auto ms = [](const std::optional<qint64>& v) { return v ? QJsonValue(*v) : QJsonValue(); };
                        const QJsonObject o{
                            {QStringLiteral("operations"), s.operations},
                            {QStringLiteral("tool_calls"), s.toolCalls},
                            {QStringLiteral("joined_tool_calls"), s.joinedToolCalls},
                            {QStringLiteral("lost_insert_races"), s.lostInsertRaces},
                            {QStringLiteral("answered_from_refunded"), s.answeredFromRefunded},
                            {QStringLiteral("provider_replays"), s.providerReplays},
                            {QStringLiteral("attempts_beyond_first"), s.attemptsBeyondFirst},
                            {QStringLiteral("max_refunds_per_operation"), s.maxRefundsPerOperation},
                            {QStringLiteral("duplicates_prevented"), s.duplicatesPrevented},
                            {QStringLiteral("unknown_operations"), s.unknownOperations},
                            {QStringLiteral("unknown_rate"), s.unknownRate()},
                            {QStringLiteral("unknown_minor_units"), money},
                            {QStringLiteral("unknown_now_operations"), s.unknownNowOperations},
                            {QStringLiteral("unknown_now_minor_units"), moneyNow},
                            {QStringLiteral("resolved_operations"), s.resolvedOperations},
                            {QStringLiteral("median_resolve_ms"), s.medianResolveMs ? QJsonValue(*s.medianResolveMs) : QJsonValue()},
                            {QStringLiteral("p90_resolve_ms"), s.p90ResolveMs ? QJsonValue(*s.p90ResolveMs) : QJsonValue()},
                            {QStringLiteral("auto_resolved_operations"), s.autoResolvedOperations},
                            {QStringLiteral("median_settle_by_reconciler_ms"), ms(s.medianSettleByReconcilerMs)},
                            {QStringLiteral("median_settle_by_people_ms"), ms(s.medianSettleByPeopleMs)},
                            {QStringLiteral("reversed_operations"), s.reversedOperations},
                            {QStringLiteral("reversed_minor_units"), reversedMoney},
                            {QStringLiteral("unmatched_events"), s.unmatchedEvents},
                            {QStringLiteral("attempts_histogram"), histogram},
                            {QStringLiteral("elapsed_ms"), s.elapsedMs}};
                        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("history"), QStringLiteral("export")},
                    QStringLiteral("Write the per-operation history of a UTC date range as CSV (RFC 4180)."),
                    {},
                    [historyOptions](QCommandLineParser& p) {
                        historyOptions(p);
                        p.addOption({QStringLiteral("out"), QStringLiteral("The CSV file to write (replaced atomically)."),
                                     QStringLiteral("file")});
                    },
                    [historyFilter](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const HistoryFilter filter = historyFilter(p);
                        const QString path = requireValue(p, QStringLiteral("out"));
                        auto db = openDatabase(p);
                        QSaveFile file(path);
                        if (!file.open(QIODevice::WriteOnly))
                            throw CliError{2, QStringLiteral("--out: cannot write %1: %2").arg(path, file.errorString())};
                        auto r = HistoryCsvExporter(*db).write(file, filter, HistoryCsvExporter::Options{});
                        if (!r)
                            fail(r.error());
                        if (!file.commit())
                            throw CliError{1, QStringLiteral("--out: cannot write %1: %2").arg(path, file.errorString())};
                        out << "wrote " << r.value().rows << " operations to " << path << Qt::endl;
                        return 0;
                    }};
    // ---- customer messages (R19) ------------------------------------------------------------
    list << Command{{QStringLiteral("message"), QStringLiteral("draft")},
                    QStringLiteral("Print the customer message draft for an operation's status (R19)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("operation"), QStringLiteral("Operation id (op_...)."),
                                     QStringLiteral("id")});
                        p.addOption({QStringLiteral("lang"), QStringLiteral("Language: en, ru or tr (default en)."),
                                     QStringLiteral("code"), QStringLiteral("en")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString operationId = checkId(p.value(QStringLiteral("operation")), QStringLiteral("operation"));
                        const auto language = MessageLanguages::fromCode(p.value(QStringLiteral("lang")));
                        if (!language)
                            throw CliError{2, QStringLiteral("--lang: must be en, ru or tr, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("lang")))};
                        auto db = openDatabase(p);
                        OperationStore store(*db);
                        auto op = store.operation(operationId);
                        if (!op)
                            fail(op.error());
                        out << CustomerMessage::draft(CustomerMessage::Facts::from(op.value()), *language) << Qt::endl;
                        return 0;
                    }};

    list << Command{{QStringLiteral("message"), QStringLiteral("check")},
                    QStringLiteral("Read a customer message on stdin; print each phrase that claims an outcome the "
                                   "status does not allow, exit 1 if any (R19)."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption({QStringLiteral("status"),
                                     QStringLiteral("The operation's status: open, unknown, refunded or failed."),
                                     QStringLiteral("status")});
                        p.addOption({QStringLiteral("lang"), QStringLiteral("The message's language: en, ru or tr."),
                                     QStringLiteral("code")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const auto status = operationStatusFromString(requireValue(p, QStringLiteral("status")).trimmed().toLower());
                        if (!status)
                            throw CliError{2, QStringLiteral("--status: must be open, unknown, refunded or failed, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("status")))};
                        const auto language = MessageLanguages::fromCode(requireValue(p, QStringLiteral("lang")));
                        if (!language)
                            throw CliError{2, QStringLiteral("--lang: must be en, ru or tr, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("lang")))};
                        QFile in;
                        if (!in.open(stdin, QIODevice::ReadOnly))
                            throw CliError{2, QStringLiteral("cannot read the message from stdin")};
                        const QString text = QString::fromUtf8(in.readAll());
                        const QList<ClaimChecker::Claim> claims = ClaimChecker::check(text, *language, *status);
                        for (const ClaimChecker::Claim& c : claims)
                            out << c.phrase << Qt::endl;
                        return claims.isEmpty() ? 0 : 1;
                    }};

    // R24, R25: the reconciler's two feeds (backend/reconcile/ReconcileCommands).
    list << Command{{QStringLiteral("webhook")},
                    QStringLiteral("Receive the provider's signed events (secret from STRIPE_WEBHOOK_SECRET) and reconcile them."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("listen"), QStringLiteral("Address and port to listen on, e.g. 127.0.0.1:8088."),
                                     QStringLiteral("address:port")});
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL the refunds are re-read from (default: PROVIDER_URL)."),
                                     QStringLiteral("url")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString db = requireValue(p, QStringLiteral("db"));
                        const QString listen = requireValue(p, QStringLiteral("listen"));
                        QUrl provider;
                        if (p.isSet(QStringLiteral("provider-url")))
                            provider = parseProviderUrl(p);
                        else {
                            provider = QUrl(qEnvironmentVariable("PROVIDER_URL"), QUrl::StrictMode);
                            if (!provider.isValid() || provider.host().isEmpty())
                                throw CliError{2, QStringLiteral("--provider-url is required (or PROVIDER_URL): the reconciler "
                                                                 "re-reads every refund at the provider")};
                        }
                        return ReconcileCommands::webhook(db, listen, provider, 0, out);
                    }};
    list << Command{{QStringLiteral("reconcile")},
                    QStringLiteral("Pull the provider's events from the stored cursor (read-only key) and reconcile them."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("watch"), QStringLiteral("Keep polling until SIGINT or SIGTERM.")});
                        p.addOption({QStringLiteral("interval-ms"),
                                     QStringLiteral("With --watch: ms between passes (100-3600000, default 2000)."),
                                     QStringLiteral("ms"), QStringLiteral("2000")});
                        p.addOption({QStringLiteral("page-limit"), QStringLiteral("Events per page (1-100, default 100)."),
                                     QStringLiteral("n"), QStringLiteral("100")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString db = requireValue(p, QStringLiteral("db"));
                        const QUrl provider = parseProviderUrl(p);
                        bool ok = false;
                        const int interval = p.value(QStringLiteral("interval-ms")).toInt(&ok);
                        if (!ok || interval < 100 || interval > 3600000)
                            throw CliError{2, QStringLiteral("--interval-ms: must be a whole number of ms between 100 and "
                                                             "3600000, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("interval-ms")))};
                        const int pageLimit = p.value(QStringLiteral("page-limit")).toInt(&ok);
                        if (!ok || pageLimit < 1 || pageLimit > 100)
                            throw CliError{2, QStringLiteral("--page-limit: must be a whole number between 1 and 100, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("page-limit")))};
                        return ReconcileCommands::reconcile(db, provider, p.isSet(QStringLiteral("watch")), interval, pageLimit,
                                                            out);
                    }};
    return list;
}

void printOverview(QTextStream& out, const QString& program)
{
    out << "Usage: " << program << " <command> [options]\n\n"
        << "Refund tool for idempotent refunds: one committed operation and one idempotency key per logical refund.\n\n"
        << "Commands:\n";
    for (const Command& c : commands())
        out << "  " << qSetFieldWidth(22) << Qt::left << c.words.join(QLatin1Char(' ')) << qSetFieldWidth(0) << c.summary
            << '\n';
    out << "\nRun `" << program << " <command> --help` for a command's options.\n";
    out.flush();
}

} // namespace

int RefundToolCli::run(const QStringList& arguments)
{
    const QString program = arguments.isEmpty() ? QStringLiteral("refund-tool") : arguments.first();
    const QStringList args = arguments.mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")
        || args.first() == QLatin1String("help")) {
        printOverview(args.isEmpty() ? m_err : m_out, program);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == QLatin1String("--version")) {
        m_out << "refund-tool " << REFUND_VERSION << Qt::endl;
        return 0;
    }

    const QList<Command> all = commands();
    const Command* match = nullptr;
    for (const Command& c : all) {
        if (args.size() >= c.words.size() && args.mid(0, c.words.size()) == c.words) {
            match = &c;
            break;
        }
    }
    if (!match) {
        m_err << program << ": unknown command \"" << args.mid(0, 2).join(QLatin1Char(' ')) << "\"; run `" << program
              << " --help` for the list" << Qt::endl;
        return 2;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(match->summary);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this command's options."));
    parser.addOption(help);
    match->options(parser);
    for (const QString& name : match->positional)
        parser.addPositionalArgument(name, QStringLiteral("Setting %1.").arg(name));

    // Negative numbers ("settings set max_attempts_per_call -1") are values, not options:
    // move them behind "--" so the parser hands them over and validation can say what is wrong.
    QStringList options, values;
    static const QRegularExpression negativeNumber(QStringLiteral("^-[0-9]"));
    const QStringList rest = args.mid(match->words.size());
    for (int i = 0; i < rest.size(); ++i) {
        const bool optionValue = i > 0 && rest[i - 1].startsWith(QLatin1Char('-')) && !rest[i - 1].contains(QLatin1Char('='))
            && !negativeNumber.match(rest[i - 1]).hasMatch();
        (negativeNumber.match(rest[i]).hasMatch() && !optionValue ? values : options) << rest[i];
    }
    QStringList toParse{program + QLatin1Char(' ') + match->words.join(QLatin1Char(' '))};
    toParse += options;
    if (!values.isEmpty())
        toParse << QStringLiteral("--") << values;
    if (!parser.parse(toParse)) {
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": " << parser.errorText() << Qt::endl;
        return 2;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        m_out << text;
        m_out.flush();
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != match->positional.size()) {
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": expected "
              << (match->positional.isEmpty() ? QStringLiteral("no arguments")
                                              : match->positional.join(QLatin1Char(' ')))
              << ", got " << (positional.isEmpty() ? QStringLiteral("none") : positional.join(QLatin1Char(' '))) << Qt::endl;
        return 2;
    }
    try {
        const int rc = match->run(parser, positional, m_out);
        m_out.flush();
        return rc;
    } catch (const CliError& e) {
        m_out.flush();
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": " << Logging::redact(e.message) << Qt::endl;
        return e.exitCode;
    }
}
