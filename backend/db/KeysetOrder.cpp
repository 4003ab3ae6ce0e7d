#include "db/KeysetOrder.h"

#include <QStringList>

QString KeysetOrder::clause(const QList<Term>& terms, bool later, bool inclusive, QVariantList* binds)
{
    const auto cmp = [later](const Term& t) {
        return t.ascending == later ? QStringLiteral(">") : QStringLiteral("<");
    };
    QString sql = QStringLiteral("(%1 %2= ? AND (").arg(terms.first().expr, cmp(terms.first()));
    *binds << terms.first().value;
    QStringList alternatives;
    for (int i = 0; i <= terms.size(); ++i) {
        if (i == terms.size() && !inclusive)
            break;
        QStringList parts;
        for (int j = 0; j < i && j < terms.size(); ++j) {
            parts << terms.at(j).expr + QStringLiteral(" = ?");
            *binds << terms.at(j).value;
        }
        if (i < terms.size()) {
            parts << QStringLiteral("%1 %2 ?").arg(terms.at(i).expr, cmp(terms.at(i)));
            *binds << terms.at(i).value;
        }
        alternatives << QStringLiteral("(") + parts.join(QStringLiteral(" AND ")) + QStringLiteral(")");
    }
    return sql + alternatives.join(QStringLiteral(" OR ")) + QStringLiteral("))");
}

QString KeysetOrder::orderBy(const QList<Term>& terms, bool reversed)
{
    QStringList order;
    for (const Term& t : terms)
        order << t.expr + (t.ascending != reversed ? QStringLiteral(" ASC") : QStringLiteral(" DESC"));
    return order.join(QStringLiteral(", "));
}
