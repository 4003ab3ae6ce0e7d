#include "cli/CliCommands.h"

#include "db/HistoryGenerator.h"
#include "db/RoleManager.h"
#include "db/SchemaMigrator.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QTimeZone>

#include <cstdio>

// refund-tool db migrate, db generate, db roles, db grant: the schema, generated histories and PostgreSQL roles (R21).
namespace Cli {

QList<Command> dbCommands()
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
                        p.addOption({QStringLiteral("unknown-share"),
                                     QStringLiteral("Share of operations left unknown, 0 to 0.2 (default 0.08); "
                                                    "taken from the open ones."),
                                     QStringLiteral("share"), QStringLiteral("0.08")});
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
                        const double unknownShare = p.value(QStringLiteral("unknown-share")).trimmed().toDouble(&ok);
                        if (!ok || unknownShare < 0 || unknownShare > 0.2)
                            throw CliError{2, QStringLiteral("--unknown-share: must be a number from 0 to 0.2")};
                        auto db = openDatabase(p, true, Database::SqliteCheck::Full);
                        HistoryGenerator::Options options;
                        options.unknownShare = unknownShare;
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
    return list;
}

} // namespace Cli
