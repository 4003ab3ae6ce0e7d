#include "review/MessageLanguage.h"

namespace MessageLanguages {

QList<MessageLanguage> all()
{
    return {MessageLanguage::English, MessageLanguage::Russian, MessageLanguage::Turkish};
}

QString code(MessageLanguage language)
{
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral("en");
    case MessageLanguage::Russian:
        return QStringLiteral("ru");
    case MessageLanguage::Turkish:
        return QStringLiteral("tr");
    }
    return QStringLiteral("en");
}

QString nativeName(MessageLanguage language)
{
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral("English");
    case MessageLanguage::Russian:
        return QStringLiteral("Русский");
    case MessageLanguage::Turkish:
        return QStringLiteral("Türkçe");
    }
    return QString();
}

std::optional<MessageLanguage> fromCode(const QString& text)
{
    const QString t = text.trimmed().toLower();
    const bool shaped = t.size() == 2 || (t.size() > 2 && (t.at(2) == QLatin1Char('_') || t.at(2) == QLatin1Char('-')));
    if (!shaped)
        return std::nullopt;
    const QString c = t.left(2);
    if (c == QLatin1String("en"))
        return MessageLanguage::English;
    if (c == QLatin1String("ru"))
        return MessageLanguage::Russian;
    if (c == QLatin1String("tr"))
        return MessageLanguage::Turkish;
    return std::nullopt;
}

MessageLanguage fromLocale(const QLocale& locale)
{
    switch (locale.language()) {
    case QLocale::Russian:
        return MessageLanguage::Russian;
    case QLocale::Turkish:
        return MessageLanguage::Turkish;
    default:
        return MessageLanguage::English;
    }
}

QLocale locale(MessageLanguage language)
{
    switch (language) {
    case MessageLanguage::English:
        return QLocale(QLocale::English, QLocale::UnitedStates);
    case MessageLanguage::Russian:
        return QLocale(QLocale::Russian, QLocale::Russia);
    case MessageLanguage::Turkish:
        return QLocale(QLocale::Turkish, QLocale::Turkey);
    }
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

} // namespace MessageLanguages
