#pragma once

#include <QString>
#include <QVariant>

#include <optional>

/**
 * SQL NULL at the edges of Database's statements, for every store on it: an empty text binds
 * as NULL (a null QVariant of type QString), and a NULL column reads as no value.
 */
namespace SqlNull {

/** NULL for an empty text (an optional column: provider ids, codes, reasons), else the text. */
inline QVariant nullableText(const QString& s)
{
    return s.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(s);
}

/** nullopt for NULL (a time not reached yet), else the milliseconds. */
inline std::optional<qint64> optionalMs(const QVariant& v)
{
    if (v.isNull())
        return std::nullopt;
    return v.toLongLong();
}

} // namespace SqlNull
