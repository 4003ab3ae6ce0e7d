#include "InterfaceLanguage.h"

#include "OperationFormat.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace {
QString qtFile(const QString& languageCode)
{
    return QStringLiteral("qtbase_") + languageCode;
}
} // namespace

bool InterfaceLanguage::install(const QString& languageCode, const QString& qmDirectory, QTranslator& console,
                                QTranslator& qt)
{
    // Numbers, dates, percentages and money (QLocale() everywhere) follow the interface language
    // when it is not the system's: `--lang ru` on an English desktop shows "38,00 $", not "$38.00".
    QLocale::setDefault(OperationFormat::interfaceLocale(languageCode, QLocale::system()));
    // English loads its own file too: it holds the plural forms ("1 new refund", "2 new refunds").
    const bool loaded = console.load(QStringLiteral("refund-console_") + languageCode, qmDirectory);
    if (loaded)
        QCoreApplication::installTranslator(&console);
    if (languageCode != QLatin1String("en")
        && qt.load(qtFile(languageCode), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    return loaded;
}

bool InterfaceLanguage::hasQtTranslation(const QString& languageCode)
{
    QTranslator probe;
    return probe.load(qtFile(languageCode), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}
