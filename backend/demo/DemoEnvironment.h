#pragma once

#include "db/StoreError.h"

#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>

class QProcess;
class QTemporaryDir;

/**
 * The embedded demo behind `refund-console --demo` (and run.sh): a fresh SQLite operation
 * database, a real sandbox-provider process on a free loopback port, orders registered on
 * both sides, and the real RefundTool driven through scenarios that leave real rows in every
 * state (SPEC section 8's worked example, plain successes, a saved 500, concurrent tool calls
 * for one order, rate limits, a row whose key retention has passed, a definite refusal, a few
 * operations within an hour of key expiry). No row is inserted by hand.
 *
 * Blocking: create() takes seconds; run it off the GUI thread. The sandbox process lives as
 * long as the DemoEnvironment object.
 */
class DemoEnvironment
{
public:
    struct Options
    {
        QString directory;              ///< keep the database and sandbox files here (ops.db, sandbox.db are replaced); empty = a temporary folder removed with the object
        QString sandboxExecutable;      ///< path of sandbox-provider; empty = next to the running program, then PATH
        std::function<void(const QString& step)> progress;   ///< called with a human sentence per step
    };

    ~DemoEnvironment();

    /**
     * Builds the demo. Errors: NotFound (field "sandbox": no sandbox-provider executable, the
     * message lists where it looked), ConnectionFailed (the sandbox did not start or a control
     * call failed; the database could not be created), other StoreError codes from the stores.
     */
    static StoreResult<std::unique_ptr<DemoEnvironment>> create(const Options& options);

    QString databaseUrl() const;        ///< "sqlite:/…/ops.db"
    QUrl providerUrl() const;           ///< the sandbox, e.g. http://127.0.0.1:41234
    QString readKey() const;            ///< restricted read-only key of the sandbox (R13)
    QString secretKey() const;          ///< the sandbox's write key (for the tool only, never the console)
    QString seedOperationId() const;    ///< the worked example's operation (order 4417, $38.00), status unknown
    QString directory() const;
    /** Lines telling a person where things are and how to connect (printed by the console). */
    QStringList describe() const;

private:
    DemoEnvironment();
    struct Private;
    std::unique_ptr<Private> d;
};
