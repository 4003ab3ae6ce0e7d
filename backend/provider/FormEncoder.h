#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

/**
 * application/x-www-form-urlencoded encoding the way Stripe's SDKs send it: UTF-8, every
 * byte outside A-Z a-z 0-9 - . _ ~ percent-encoded (so '+', '&', '=', ' ' and non-ASCII
 * survive any form decoder), except that square brackets in keys stay literal
 * (`metadata[operation_id]=op_1`, as stripe-ruby sends them). Pair order is kept: the
 * same parameters always give the same bytes.
 */
class FormEncoder
{
public:
    using Pairs = QList<QPair<QString, QString>>;

    /** "k1=v1&k2=v2" with the encoding above. */
    static QByteArray encode(const Pairs& pairs);
    /** One key, brackets kept. */
    static QByteArray encodeKey(const QString& key);
    /** One value, everything but unreserved characters encoded. */
    static QByteArray encodeValue(const QString& value);
};
