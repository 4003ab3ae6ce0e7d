// Translations (Qt Linguist): every .ts entry finished, each compiled .qm loads and translates
// key strings, and the console's --lang picks the embedded translation.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTranslator>

#include "db/SettingsStore.h"
#include <QXmlStreamReader>
#include <QtTest>

namespace {
struct Key
{
    const char* context;
    const char* source;
};

// Strings a user meets first: the menus, the navigation and the command line.
const Key kKeys[] = {
    {"MainWindow", "&File"},
    {"MainWindow", "&View"},
    {"MainWindow", "&Help"},
    {"StateCountsModel", "Unknown"},
    {"StateCountsModel", "Refunded"},
    {"QObject", "Interface language: en, ru or tr (default: the system's)."},
    // Backend strings the console shows (History's figures, the look-up and its proposals):
    // they were left out of lupdate's sources, so ru and tr showed them in English (issue 15).
    {"HistoryStats", "Duplicate refunds prevented"},
    {"HistoryStats", "Money in unknown now"},
    {"ResolutionPolicy", "Keep waiting"},
    {"ResolutionPolicy", "No refund found and the key retention has passed."},
    {"OperationLookup", "refunds of %1"},
    {"LookupResult", "The lookup was canceled. Nothing can be concluded from it."},
    {"ClaimChecker", "claims success"},
};
} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void everyEntryFinished_data();
    void everyEntryFinished();
    void compiledTranslationsTranslateKeyStrings_data();
    void compiledTranslationsTranslateKeyStrings();
    void langOptionPicksTheEmbeddedTranslation();
    void settingsValidationSpeaksTheInterfaceLanguage();
    void englishPluralsComeFromItsOwnFile();
};

void TestTranslations::everyEntryFinished_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << "en";
    QTest::newRow("ru") << "ru";
    QTest::newRow("tr") << "tr";
}

void TestTranslations::everyEntryFinished()
{
    QFETCH(QString, lang);
    QFile file(QStringLiteral(REFUND_TS_DIR "/refund-console_%1.ts").arg(lang));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    QXmlStreamReader xml(&file);
    int messages = 0;
    QString context, source;
    QStringList unfinished;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            ++messages;
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (!type.isEmpty() || text.trimmed().isEmpty())
                unfinished << QStringLiteral("%1: %2 (%3)").arg(context, source, type.isEmpty() ? QStringLiteral("empty") : type);
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 100);
    QVERIFY2(unfinished.isEmpty(), qPrintable(QStringLiteral("%1 unfinished entries, e.g.\n%2")
                                                  .arg(unfinished.size())
                                                  .arg(unfinished.mid(0, 10).join(QLatin1Char('\n')))));
}

void TestTranslations::compiledTranslationsTranslateKeyStrings_data()
{
    everyEntryFinished_data();
}

void TestTranslations::compiledTranslationsTranslateKeyStrings()
{
    QFETCH(QString, lang);
    QTranslator translator;
    QVERIFY2(translator.load(QStringLiteral(REFUND_QM_DIR "/refund-console_%1.qm").arg(lang)), qPrintable(lang));
    QVERIFY(!translator.isEmpty());
    for (const Key& key : kKeys) {
        const QString translated = translator.translate(key.context, key.source);
        QVERIFY2(!translated.isEmpty(), qPrintable(QStringLiteral("%1 has no %2::%3").arg(lang, QString::fromLatin1(key.context),
                                                                                          QString::fromUtf8(key.source))));
        if (lang == QLatin1String("en"))
            QCOMPARE(translated, QString::fromUtf8(key.source));
        else
            QVERIFY2(translated != QString::fromUtf8(key.source),
                     qPrintable(QStringLiteral("%1 leaves \"%2\" in English").arg(lang, QString::fromUtf8(key.source))));
    }
}

void TestTranslations::langOptionPicksTheEmbeddedTranslation()
{
    QTranslator ru;
    QVERIFY(ru.load(QStringLiteral(REFUND_QM_DIR "/refund-console_ru.qm")));
    const QString expected = ru.translate("QObject", "Interface language: en, ru or tr (default: the system's).");
    QVERIFY(!expected.isEmpty());
    for (const QString& lang : {QStringLiteral("ru"), QStringLiteral("en")}) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(REFUND_CONSOLE_BIN), {QStringLiteral("--lang"), lang, QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(30000));
        const QString help = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        // The help text wraps lines; compare the first words of the sentence.
        const QString wanted = (lang == QLatin1String("ru") ? expected
                                                            : QStringLiteral("Interface language: en, ru or tr"))
                                   .simplified()
                                   .section(QLatin1Char(' '), 0, 2);
        QVERIFY2(help.contains(wanted), qPrintable(QStringLiteral("--lang %1: \"%2\" not in:\n%3").arg(lang, wanted, help)));
    }
}

// Issue 15: a refused setting tells the admin why in the console's language; the key stays the
// key (it names the field), and refund-tool, which installs no translation, stays English.
void TestTranslations::settingsValidationSpeaksTheInterfaceLanguage()
{
    SettingsStore::Values values;
    auto english = SettingsStore::assign(values, QStringLiteral("max_attempts_per_call"), QStringLiteral("lots"));
    QVERIFY(!english);
    QCOMPARE(english.error().message, QStringLiteral("max_attempts_per_call: must be a whole number, got \"lots\""));
    QTranslator ru;
    QVERIFY(ru.load(QStringLiteral(REFUND_QM_DIR "/refund-console_ru.qm")));
    QCoreApplication::installTranslator(&ru);
    auto russian = SettingsStore::assign(values, QStringLiteral("max_attempts_per_call"), QStringLiteral("lots"));
    auto range = SettingsStore::assign(values, QStringLiteral("max_attempts_per_call"), QStringLiteral("99"));
    auto choice = SettingsStore::assign(values, QStringLiteral("provider_api"), QStringLiteral("v3"));
    QCoreApplication::removeTranslator(&ru);
    QVERIFY(!russian && !range && !choice);
    QCOMPARE(russian.error().message, QStringLiteral("max_attempts_per_call: должно быть целым числом, получено «lots»"));
    QVERIFY2(range.error().message.startsWith(QStringLiteral("max_attempts_per_call: должно быть от 1 до")),
             qPrintable(range.error().message));
    QVERIFY2(choice.error().message.contains(QStringLiteral("stripe_v1 или stripe_v2")), qPrintable(choice.error().message));
    QCOMPARE(russian.error().field, QStringLiteral("max_attempts_per_call"));
}

// The English interface loads refund-console_en.qm too: "%n new refund(s)" reads "1 new refund"
// and "3 new refunds", not "refund(s)".
void TestTranslations::englishPluralsComeFromItsOwnFile()
{
    QTranslator en;
    QVERIFY(en.load(QStringLiteral(REFUND_QM_DIR "/refund-console_en.qm")));
    const char* source = "%n new refund(s) with an unknown outcome: nobody knows yet whether the money went back. "
                         "Check them at the provider before anyone tells the customer.";
    QVERIFY2(en.translate("MainWindow", source, nullptr, 1).startsWith(QLatin1String("%n new refund with")),
             qPrintable(en.translate("MainWindow", source, nullptr, 1)));
    QVERIFY(en.translate("MainWindow", source, nullptr, 3).startsWith(QLatin1String("%n new refunds with")));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "TestTranslations.moc"
