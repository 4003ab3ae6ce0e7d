// Fuzzes the database URL parser (DatabaseUrl, sqlite:PATH and postgresql://...): a parsed URL
// names a host, user and database (or a file), its display() never shows the password (R22),
// and toSecretString(), handed to child processes, parses back to the same place.
#include "FuzzCheck.h"
#include "db/DatabaseUrl.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const bool noEnvPassword = [] {
        qunsetenv("PGPASSWORD"); // the password must come from the URL alone here
        return true;
    }();
    (void)noEnvPassword;
    const QString text = QString::fromUtf8(fuzzBytes(data, size));
    QString error;
    const std::optional<DatabaseUrl> url = DatabaseUrl::parse(text, &error);
    FUZZ_CHECK(url.has_value() == error.isEmpty(), error);
    if (!url)
        return 0;
    const QString display = url->display();
    if (url->isSqlite()) {
        FUZZ_CHECK(!url->path().isEmpty(), text);
    } else {
        FUZZ_CHECK(!url->host().isEmpty() && !url->user().isEmpty() && !url->databaseName().isEmpty(), text);
        FUZZ_CHECK(url->port() >= 1 && url->port() <= 65535, QString::number(url->port()));
        // display() is exactly the documented shape, so no part of it can carry the password.
        const QString expected = QStringLiteral("postgresql://") + url->user() + QLatin1Char('@') +
                                 url->host() + QLatin1Char(':') + QString::number(url->port()) +
                                 QLatin1Char('/') + url->databaseName();
        FUZZ_CHECK(display == expected, display);
    }
    QString againError;
    const std::optional<DatabaseUrl> again = DatabaseUrl::parse(url->toSecretString(), &againError);
    FUZZ_CHECK(again.has_value(), againError);
    FUZZ_CHECK(again->engine() == url->engine() && again->path() == url->path() &&
                   again->host() == url->host() && again->port() == url->port() &&
                   again->user() == url->user() && again->password() == url->password() &&
                   again->databaseName() == url->databaseName(),
               display + QStringLiteral(" -> ") + again->display());
    return 0;
}
