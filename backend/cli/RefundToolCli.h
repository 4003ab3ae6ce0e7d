#pragma once

#include <QStringList>
#include <QTextStream>

/**
 * The `refund-tool` command line, as a library so tests run it in-process.
 *
 *   refund-tool db migrate --db URL
 *   refund-tool db generate --db URL --ops N [--seed S] [--now-ms MS]
 *   refund-tool db roles --db URL                     (PostgreSQL, R21)
 *   refund-tool db grant --db URL --user LOGIN --role support|finance|admin|tool
 *   refund-tool order add --db URL --order ID --amount-cents N --currency usd --payment-intent pi_...
 *   refund-tool settings show --db URL [--json]
 *   refund-tool settings set KEY VALUE --db URL [--actor NAME]
 *   refund-tool refund --db URL --provider-url URL --tool-call-id ID --order ID --amount-cents N
 *   refund-tool mcp --db URL --provider-url URL [--workers N]   MCP server on stdio (issue 13)
 *   refund-tool history stats|export --db URL ...      (R12)
 *   refund-tool message draft --db URL --operation OP [--lang en|ru|tr]
 *   refund-tool message check --status STATUS --lang LANG < draft   (R19)
 *
 * Exit codes: 0 success (and every R8 status of `refund`), 2 bad usage, bad values or a
 * configuration that does not work (one line on stderr, nothing written), 1 other failures.
 */
class RefundToolCli
{
public:
    RefundToolCli(QTextStream& out, QTextStream& err) : m_out(out), m_err(err) {}

    /** arguments[0] is the program name, as in QCoreApplication::arguments(). */
    int run(const QStringList& arguments);

private:
    QTextStream& m_out;
    QTextStream& m_err;
};
