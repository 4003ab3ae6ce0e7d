#include "db/OperationSearch.h"

#include "db/Database.h"

namespace {

// What an operation is found by, joined by U+001F (in no id anyone types), so no candidate comes
// from a term spanning two ids; the refund id has a row of its own once the provider names it.
QString idsTerms(const QString& row, bool sqlite)
{
    const QString sep = sqlite ? QStringLiteral(" || char(31) || ") : QStringLiteral(" || chr(31) || ");
    return row + QStringLiteral("order_id") + sep + row + QStringLiteral("operation_id") + sep + row +
           QStringLiteral("idempotency_key");
}

// Prefix search over a B-tree: [s, bound) holds exactly the strings that start with s.
QString prefixUpperBound(const QString& s)
{
    QString bound = s;
    bound.append(QChar(0xFFFF));
    return bound;
}

// FTS5 query syntax: a phrase in double quotes, a double quote inside written twice. With the
// trigram tokenizer a phrase matches wherever its characters stand in a row, as a substring.
QString ftsPhrase(const QString& term)
{
    QString phrase = term;
    phrase.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + phrase + QLatin1Char('"');
}

// LIKE with '\' as escape: the user's % and _ are characters, not wildcards.
QString likeContains(const QString& term)
{
    QString escaped = term;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    escaped.replace(QLatin1Char('%'), QLatin1String("\\%"));
    escaped.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

// The exact test on the row itself: the index only proposes candidates (trigram matching folds
// case its own way, and an older refund id may stay in it), the row's current columns decide.
// Both sides are lowered by the same lower(), so a term typed as stored always matches.
QString rowContains(bool sqlite)
{
    const QString f = sqlite ? QStringLiteral("instr(lower(%1), lower(?)) > 0") : QStringLiteral("strpos(lower(%1), lower(?)) > 0");
    return QStringLiteral("(") + f.arg(QStringLiteral("o.order_id")) + QStringLiteral(" OR ") +
           f.arg(QStringLiteral("o.operation_id")) + QStringLiteral(" OR ") + f.arg(QStringLiteral("o.idempotency_key")) +
           QStringLiteral(" OR ") + f.arg(QStringLiteral("COALESCE(o.provider_refund_id, '')")) + QStringLiteral(")");
}

} // namespace

namespace OperationSearch {

QString clause(Database& db, const QString& term, QVariantList* binds, Purpose purpose)
{
    const QString s = term.trimmed();
    if (s.toUcs4().size() < minimumSubstringLength()) {   // FTS5 counts code points, not UTF-16 units
        // Exact on order and refund ids, prefix on operation id and key: each term can use an index.
        *binds << s << s << s << prefixUpperBound(s) << s.toLower() << prefixUpperBound(s.toLower());
        return QStringLiteral("(o.order_id = ? OR o.provider_refund_id = ? OR "
                              "(o.operation_id >= ? AND o.operation_id < ?) OR "
                              "(o.idempotency_key >= ? AND o.idempotency_key < ?))");
    }
    const bool sqlite = db.isSqlite();
    const QString candidates = sqlite
        ? QStringLiteral("SELECT operation_id FROM refund_ops_search WHERE refund_ops_search MATCH ?")
        : QStringLiteral("SELECT operation_id FROM refund_ops_search WHERE terms ILIKE ? ESCAPE '\\'");
    const QVariant pattern = sqlite ? ftsPhrase(s) : likeContains(s);
    const QVariantList rowBinds{s, s, s, s};
    const int common = purpose == Purpose::Page ? commonTermCandidates() : countThroughIndexCandidates();

    auto count = db.runPrepared(QStringLiteral("SELECT count(*) FROM (") + candidates + QStringLiteral(" LIMIT ?) c"),
                                {pattern, common + 1}, QStringLiteral("search index"));
    const bool rare = count && count.value()->next() && count.value()->value(0).toInt() <= common;
    if (count)
        count.value()->finish();
    if (!rare) {
        *binds += rowBinds;
        return rowContains(sqlite);
    }
    *binds << pattern;
    *binds += rowBinds;
    return QStringLiteral("o.operation_id IN (") + candidates + QStringLiteral(") AND ") + rowContains(sqlite);
}

QStringList createStatements(bool sqlite)
{
    if (sqlite) {
        return {
            QStringLiteral("CREATE VIRTUAL TABLE refund_ops_search USING fts5(operation_id UNINDEXED, terms, "
                           "tokenize = 'trigram')"),
            QStringLiteral("INSERT INTO refund_ops_search (operation_id, terms) SELECT operation_id, %1 FROM refund_ops")
                .arg(idsTerms(QString(), true)),
            QStringLiteral("INSERT INTO refund_ops_search (operation_id, terms) "
                           "SELECT operation_id, provider_refund_id FROM refund_ops WHERE provider_refund_id IS NOT NULL"),
            QStringLiteral("CREATE TRIGGER refund_ops_search_insert AFTER INSERT ON refund_ops BEGIN "
                           "INSERT INTO refund_ops_search (operation_id, terms) VALUES (NEW.operation_id, %1); "
                           "INSERT INTO refund_ops_search (operation_id, terms) SELECT NEW.operation_id, NEW.provider_refund_id "
                           "WHERE NEW.provider_refund_id IS NOT NULL; END")
                .arg(idsTerms(QStringLiteral("NEW."), true)),
            // Added, not replaced (FTS5 has no key but its rowid); the row test drops an old id.
            QStringLiteral("CREATE TRIGGER refund_ops_search_refund AFTER UPDATE OF provider_refund_id ON refund_ops "
                           "WHEN NEW.provider_refund_id IS NOT NULL AND NEW.provider_refund_id IS NOT OLD.provider_refund_id "
                           "BEGIN INSERT INTO refund_ops_search (operation_id, terms) "
                           "VALUES (NEW.operation_id, NEW.provider_refund_id); END"),
        };
    }
    return {
        // Trusted since PostgreSQL 13: a database owner may create it (Debian's server package has it).
        QStringLiteral("CREATE EXTENSION IF NOT EXISTS pg_trgm"),
        // One 'ids' row and at most one 'refund' row per operation: a login that may rewrite an
        // open row's refund id (the tool) cannot grow the index by doing it again and again.
        QStringLiteral("CREATE TABLE refund_ops_search (operation_id TEXT NOT NULL REFERENCES refund_ops(operation_id), "
                       "kind TEXT NOT NULL CHECK (kind IN ('ids', 'refund')), terms TEXT NOT NULL, "
                       "PRIMARY KEY (operation_id, kind))"),
        QStringLiteral("INSERT INTO refund_ops_search (operation_id, kind, terms) SELECT operation_id, 'ids', %1 FROM refund_ops")
            .arg(idsTerms(QString(), false)),
        QStringLiteral("INSERT INTO refund_ops_search (operation_id, kind, terms) "
                       "SELECT operation_id, 'refund', provider_refund_id FROM refund_ops WHERE provider_refund_id IS NOT NULL"),
        QStringLiteral("CREATE INDEX refund_ops_search_terms ON refund_ops_search USING gin (terms gin_trgm_ops)"),
        // SECURITY DEFINER like the rollups: the tool's login inserts operations but may not
        // write the index itself; `db roles` hands the function to the guard role.
        QStringLiteral(R"(CREATE FUNCTION refund_ops_search_index() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO refund_ops_search (operation_id, kind, terms) VALUES (NEW.operation_id, 'ids', %1);
                END IF;
                IF NEW.provider_refund_id IS NOT NULL
                   AND (TG_OP = 'INSERT' OR NEW.provider_refund_id IS DISTINCT FROM OLD.provider_refund_id) THEN
                    INSERT INTO refund_ops_search (operation_id, kind, terms) VALUES (NEW.operation_id, 'refund', NEW.provider_refund_id)
                        ON CONFLICT (operation_id, kind) DO UPDATE SET terms = EXCLUDED.terms;
                END IF;
                RETURN NULL;
            END $$)").arg(idsTerms(QStringLiteral("NEW."), false)),
        QStringLiteral("DO $$ BEGIN EXECUTE format('ALTER FUNCTION refund_ops_search_index() SET search_path = %I, pg_temp', "
                       "current_schema()); END $$"),
        QStringLiteral("CREATE TRIGGER refund_ops_search_insert AFTER INSERT ON refund_ops "
                       "FOR EACH ROW EXECUTE FUNCTION refund_ops_search_index()"),
        QStringLiteral("CREATE TRIGGER refund_ops_search_refund AFTER UPDATE OF provider_refund_id ON refund_ops "
                       "FOR EACH ROW WHEN (NEW.provider_refund_id IS NOT NULL AND "
                       "NEW.provider_refund_id IS DISTINCT FROM OLD.provider_refund_id) "
                       "EXECUTE FUNCTION refund_ops_search_index()"),
    };
}

QStringList postgresFunctionSignatures()
{
    return {QStringLiteral("refund_ops_search_index()")};
}

QStringList tables()
{
    return {QStringLiteral("refund_ops_search")};
}

} // namespace OperationSearch
