#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

/**
 * A small, strict RFC 4180 reader for the tests: records end with CRLF, fields may be quoted
 * (quotes doubled inside), quoted fields may hold commas, CR and LF. Anything else (a bare LF
 * outside quotes, a quote inside an unquoted field, text after a closing quote) is an error,
 * so the exporter cannot pass by writing something a lenient reader would accept.
 */
struct CsvReader
{
    /** Parses all records; on a format error returns false and sets *error. */
    static bool parse(const QByteArray& utf8, QList<QStringList>* records, QString* error)
    {
        const QString text = QString::fromUtf8(utf8);
        QStringList record;
        QString field;
        int i = 0;
        const int n = text.size();
        bool fieldStarted = false;
        while (i < n) {
            const QChar c = text[i];
            if (!fieldStarted && c == QLatin1Char('"')) {
                ++i;
                for (;;) {
                    if (i >= n) {
                        *error = QStringLiteral("unterminated quoted field");
                        return false;
                    }
                    if (text[i] == QLatin1Char('"')) {
                        if (i + 1 < n && text[i + 1] == QLatin1Char('"')) {
                            field += QLatin1Char('"');
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    field += text[i++];
                }
                fieldStarted = true;
                if (i < n && text[i] != QLatin1Char(',') && text[i] != QLatin1Char('\r')) {
                    *error = QStringLiteral("text after a closing quote at %1").arg(i);
                    return false;
                }
                continue;
            }
            if (c == QLatin1Char(',')) {
                record << field;
                field.clear();
                fieldStarted = false;
                ++i;
            } else if (c == QLatin1Char('\r')) {
                if (i + 1 >= n || text[i + 1] != QLatin1Char('\n')) {
                    *error = QStringLiteral("CR without LF at %1").arg(i);
                    return false;
                }
                record << field;
                *records << record;
                record.clear();
                field.clear();
                fieldStarted = false;
                i += 2;
            } else if (c == QLatin1Char('\n')) {
                *error = QStringLiteral("bare LF outside quotes at %1").arg(i);
                return false;
            } else if (c == QLatin1Char('"')) {
                *error = QStringLiteral("quote inside an unquoted field at %1").arg(i);
                return false;
            } else {
                field += c;
                fieldStarted = true;
                ++i;
            }
        }
        if (fieldStarted || !record.isEmpty()) {
            *error = QStringLiteral("the last record does not end with CRLF");
            return false;
        }
        return true;
    }
};
