#pragma once

#include <QString>

/**
 * A refund-tool command that cannot run: bad usage, a bad value, or a configuration that does
 * not work (database unreachable, schema too new). The command prints message as one line on
 * stderr and exits with exitCode (2 for usage and configuration, 1 for runtime failures).
 */
struct CliError
{
    int exitCode = 2;
    QString message;
};
