#include "provider/ProviderText.h"

bool ProviderText::isToken(const QString& text)
{
    if (text.isEmpty() || text.size() > kMaxTokenLength)
        return false;
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7E)
            return false;
    }
    return true;
}

QString ProviderText::cleanMessage(const QString& text, int maxLength)
{
    QString out;
    out.reserve(qMin<qsizetype>(text.size(), maxLength));
    for (const QChar c : text) {
        if (out.size() >= maxLength) {
            out += QStringLiteral("...");
            return out;
        }
        const char16_t u = c.unicode();
        if (u == u'\t' || u == u'\n' || u == u'\r')
            out += QLatin1Char(' ');
        else if (u < 0x20 || (u >= 0x7F && u <= 0x9F))
            continue;
        else
            out += c;
    }
    return out;
}

QString ProviderText::quote(const QString& text)
{
    QString out = QLatin1Char('"') + cleanMessage(text.left(40), 40) + QLatin1Char('"');
    if (text.size() > 40)
        out += QStringLiteral(" (%1 chars)").arg(text.size());
    return out;
}
