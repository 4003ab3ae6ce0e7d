#include "cli/CliCommands.h"

#include "db/SettingsStore.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>

// refund-tool settings show, settings set: the shared settings (R20).
namespace Cli {

QList<Command> settingsCommands()
{
    QList<Command> list;

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
    return list;
}

} // namespace Cli
