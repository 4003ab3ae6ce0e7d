#pragma once

#include <QList>
#include <QLocale>
#include <QString>

#include <optional>

/** The languages customer messages are drafted in (R19). */
enum class MessageLanguage { English, Russian, Turkish };

namespace MessageLanguages {

/** English, Russian, Turkish: the order of the language picker. */
QList<MessageLanguage> all();
/** "en", "ru", "tr". */
QString code(MessageLanguage language);
/** The language's own name: "English", "Русский", "Türkçe". */
QString nativeName(MessageLanguage language);
/** From "en", "ru", "tr" (any case, "ru_RU" too); nullopt otherwise. */
std::optional<MessageLanguage> fromCode(const QString& code);
/** The locale's language when it is one of ours, else English (e.g. the system locale). */
MessageLanguage fromLocale(const QLocale& locale);
/** QLocale for formatting amounts: en_US, ru_RU, tr_TR. */
QLocale locale(MessageLanguage language);

} // namespace MessageLanguages
