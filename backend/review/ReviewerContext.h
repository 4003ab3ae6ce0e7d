#pragma once

#include "Clock.h"
#include "provider/ProviderConfig.h"

#include <QString>

/**
 * Who reviews, against which database and provider: what the review dialogs and the unknown
 * sweep need from the console, handed over by value so they open their own connections (Qt SQL
 * connections belong to one thread; lookups run in workers).
 *
 * databaseUrl may hold a password and provider.apiKey is a secret (R22): neither is shown or
 * logged. provider must be the read-only key (R13); nothing in the review workflow writes to
 * the provider.
 */
struct ReviewerContext
{
    QString databaseUrl;
    ProviderConfig provider;
    QString actor;                        ///< the reviewer's login, written to the audit log
    QString role = QStringLiteral("support"); ///< support, finance or admin (R21)
    const Clock* clock = &Clock::system();
};
