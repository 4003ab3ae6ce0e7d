#pragma once

#include <QString>

class QTranslator;

/**
 * The console's interface language: its own translation and Qt's (the standard buttons, the
 * text fields' context menus, the file dialog), and the default locale for numbers, dates and
 * money. One place, so the console's main() and the tests that render it in ru and tr install
 * the same files in the same order.
 */
class InterfaceLanguage
{
public:
    /**
     * Installs the translations for languageCode ("en", "ru" or "tr") and sets QLocale's default
     * to the language's locale (keeping the system's when it already speaks it).
     * qmDirectory holds refund-console_<lang>.qm (":/i18n" in the console, the build's
     * directory in tests); Qt's own qtbase_<lang>.qm comes from Qt's translations directory
     * (Debian package qt6-translations-l10n) and is skipped, not an error, when absent.
     * The translators must outlive their use; remove them with QCoreApplication::removeTranslator.
     * Returns false when the console's own file for the language cannot be loaded.
     */
    static bool install(const QString& languageCode, const QString& qmDirectory, QTranslator& console,
                        QTranslator& qt);

    /** Whether Qt's own translation for languageCode is installed on this machine. */
    static bool hasQtTranslation(const QString& languageCode);
};
