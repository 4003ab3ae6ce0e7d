#include "cli/RefundToolCli.h"

#include "Logging.h"
#include "cli/CliCommands.h"

#include <QRegularExpression>

// The dispatcher: finds the command by its words, parses its options (negative numbers are
// values) and runs it. The commands themselves live one group per file (CliCommands.h).
namespace {
using Cli::Command;

QList<Command> commands()
{
    QList<Command> all;
    for (auto group : {Cli::dbCommands, Cli::orderCommands, Cli::settingsCommands, Cli::reviewCommands,
                       Cli::refundCommands, Cli::historyCommands, Cli::messageCommands, Cli::reconcileCommands})
        all += group();
    return all;
}

void printOverview(QTextStream& out, const QString& program)
{
    out << "Usage: " << program << " <command> [options]\n\n"
        << "Refund tool for idempotent refunds: one committed operation and one idempotency key per logical refund.\n\n"
        << "Commands:\n";
    for (const Command& c : commands())
        out << "  " << qSetFieldWidth(22) << Qt::left << c.words.join(QLatin1Char(' ')) << qSetFieldWidth(0) << c.summary
            << '\n';
    out << "\nRun `" << program << " <command> --help` for a command's options.\n";
    out.flush();
}

} // namespace

int RefundToolCli::run(const QStringList& arguments)
{
    const QString program = arguments.isEmpty() ? QStringLiteral("refund-tool") : arguments.first();
    const QStringList args = arguments.mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")
        || args.first() == QLatin1String("help")) {
        printOverview(args.isEmpty() ? m_err : m_out, program);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == QLatin1String("--version")) {
        m_out << "refund-tool " << REFUND_VERSION << Qt::endl;
        return 0;
    }

    const QList<Command> all = commands();
    const Command* match = nullptr;
    for (const Command& c : all) {
        if (args.size() >= c.words.size() && args.mid(0, c.words.size()) == c.words) {
            match = &c;
            break;
        }
    }
    if (!match) {
        m_err << program << ": unknown command \"" << args.mid(0, 2).join(QLatin1Char(' ')) << "\"; run `" << program
              << " --help` for the list" << Qt::endl;
        return 2;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(match->summary);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this command's options."));
    parser.addOption(help);
    match->options(parser);
    for (const QString& name : match->positional)
        parser.addPositionalArgument(name, QStringLiteral("Setting %1.").arg(name));

    // Negative numbers ("settings set max_attempts_per_call -1") are values, not options:
    // move them behind "--" so the parser hands them over and validation can say what is wrong.
    QStringList options, values;
    static const QRegularExpression negativeNumber(QStringLiteral("^-[0-9]"));
    const QStringList rest = args.mid(match->words.size());
    for (int i = 0; i < rest.size(); ++i) {
        const bool optionValue = i > 0 && rest[i - 1].startsWith(QLatin1Char('-')) && !rest[i - 1].contains(QLatin1Char('='))
            && !negativeNumber.match(rest[i - 1]).hasMatch();
        (negativeNumber.match(rest[i]).hasMatch() && !optionValue ? values : options) << rest[i];
    }
    QStringList toParse{program + QLatin1Char(' ') + match->words.join(QLatin1Char(' '))};
    toParse += options;
    if (!values.isEmpty())
        toParse << QStringLiteral("--") << values;
    if (!parser.parse(toParse)) {
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": " << parser.errorText() << Qt::endl;
        return 2;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        m_out << text;
        m_out.flush();
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != match->positional.size()) {
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": expected "
              << (match->positional.isEmpty() ? QStringLiteral("no arguments")
                                              : match->positional.join(QLatin1Char(' ')))
              << ", got " << (positional.isEmpty() ? QStringLiteral("none") : positional.join(QLatin1Char(' '))) << Qt::endl;
        return 2;
    }
    try {
        const int rc = match->run(parser, positional, m_out);
        m_out.flush();
        return rc;
    } catch (const CliError& e) {
        m_out.flush();
        m_err << program << " " << match->words.join(QLatin1Char(' ')) << ": " << Logging::redact(e.message) << Qt::endl;
        return e.exitCode;
    }
}
