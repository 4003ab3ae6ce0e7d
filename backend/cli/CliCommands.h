#pragma once

// The refund-tool command line's parts (RefundToolCli): the command table's entry, the option
// helpers every command group uses, and one function per command group, each in its own file
// (CliDbCommands.cpp, CliRefundCommands.cpp, ...).

#include "cli/CliError.h"
#include "db/Database.h"
#include "db/Operation.h"
#include "db/StoreError.h"
#include "provider/ProviderConfig.h"
#include "review/LookupResult.h"
#include "review/ResolutionPolicy.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <QUrl>

#include <functional>
#include <memory>

namespace Cli {

constexpr qint64 kMaxAmountCents = 999'999'999'999LL;   // far above any provider's limit, far below overflow

/** One command: its words ("order add"), one-line summary, positional names, options and body. */
struct Command
{
    QStringList words;                 // e.g. {"order", "add"}
    QString summary;
    QStringList positional;            // names of positional arguments after the words
    std::function<void(QCommandLineParser&)> options;
    std::function<int(const QCommandLineParser&, const QStringList& positional, QTextStream& out)> run;
};

/** --db URL, shared by every command that opens the operation database. */
const QCommandLineOption& dbOption();
/** The value of --name, or exit 2 "--name is required". */
QString requireValue(const QCommandLineParser& p, const QString& name);
/** A positive whole number of minor units (cents) up to kMaxAmountCents, or exit 2 naming --name. */
qint64 parseAmountCents(const QString& text, const QString& name = QStringLiteral("amount-cents"));
/** A non-empty id of at most 200 characters without control characters, or exit 2 naming --name. */
QString checkId(const QString& text, const QString& name);
/** --provider-url as an http(s) URL with a host, or exit 2. */
QUrl parseProviderUrl(const QCommandLineParser& p);
/**
 * PROVIDER_API_KEY for commands that create refunds (`refund`, `mcp`), or exit 2. Refused
 * before anything is written: a read-only or publishable key is turned away by the provider
 * (401/403), and each try would still count against the operation's budget (R6).
 */
QString writeKeyFromEnvironment();
/** PROVIDER_API_KEY for read-only commands (`review lookup`), or exit 2: a secret key is refused (R13). */
QString readKeyFromEnvironment();
/** The provider client's configuration for url and key, with the request timeout the settings hold now (R20). */
ProviderConfig providerConfig(Database& db, const QUrl& url, const QString& key);
/**
 * Opens the database and checks its schema; configuration problems are exit 2. Commands that
 * change orders, settings or the schema pass SqliteCheck::Full: they read every page first,
 * so nothing is written into a damaged file.
 */
std::unique_ptr<Database> openDatabase(const QCommandLineParser& p, bool requireCurrentSchema = true,
                                       Database::SqliteCheck check = Database::SqliteCheck::Header);
/** Throws the CliError for a store error: exit 2 for usage and configuration, 1 otherwise. */
[[noreturn]] void fail(const StoreError& e);
/** What `review lookup` prints and `review resolve --evidence FILE` reads back (R15, R16). */
QJsonObject lookupJson(const Operation& op, const LookupResult& lookup, const ResolutionPolicy::Proposal& proposal);
/** --actor, else $USER, else "refund-tool". */
QString actorName(const QCommandLineParser& p);

// The command groups, in the order `refund-tool --help` lists them.
QList<Command> dbCommands();        ///< db migrate, db generate, db roles, db grant
QList<Command> orderCommands();     ///< order add
QList<Command> settingsCommands();  ///< settings show, settings set
QList<Command> reviewCommands();    ///< review lookup, review resolve
QList<Command> refundCommands();    ///< refund, mcp
QList<Command> historyCommands();   ///< history stats, history export
QList<Command> messageCommands();   ///< message draft, message check
QList<Command> reconcileCommands(); ///< webhook, reconcile

} // namespace Cli
