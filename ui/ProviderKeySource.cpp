#include "ProviderKeySource.h"

#include "Logging.h"

#include <QEventLoop>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace {

const QString kService = QStringLiteral(REFUND_APP_ID);

QString entryName(const QUrl& providerUrl)
{
    return QStringLiteral("provider-read-key@") + providerUrl.host() + QLatin1Char(':')
        + QString::number(providerUrl.port(providerUrl.scheme() == QLatin1String("https") ? 443 : 80));
}

// Runs a keychain job to completion in a local loop. The job is not auto-deleted: it is read
// after the loop and then deleted later by the caller's event loop.
bool runJob(QKeychain::Job* job, QString* error, QString* textData = nullptr)
{
    QEventLoop loop;
    bool finished = false;
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&] {
        finished = true;
        if (job->error() != QKeychain::NoError)
            *error = job->errorString();
        else if (auto* read = qobject_cast<QKeychain::ReadPasswordJob*>(job); read && textData)
            *textData = read->textData();
        loop.quit();
    });
    job->setAutoDelete(false);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    job->start();
    if (!finished)
        loop.exec();
    job->deleteLater();
    if (!finished) {
        *error = ProviderKeySource::tr("the system keychain did not answer within 5 s");
        return false;
    }
    return error->isEmpty();
}

} // namespace

ProviderKeySource::Key ProviderKeySource::load(const QUrl& providerUrl)
{
    Key key;
    const QString fromEnv = qEnvironmentVariable("PROVIDER_API_KEY").trimmed();
    if (!fromEnv.isEmpty()) {
        key.value = fromEnv;
        key.origin = tr("the PROVIDER_API_KEY environment variable");
        return key;
    }
    auto* job = new QKeychain::ReadPasswordJob(kService);
    job->setInsecureFallback(false);   // R22: never a plain-text fallback file
    job->setKey(entryName(providerUrl));
    QString error;
    QString secret;
    if (!runJob(job, &error, &secret)) {
        key.problem = error;
        Logging::info(QStringLiteral("provider key: not in the system keychain (%1)").arg(Logging::redact(error)));
        return key;
    }
    key.value = secret.trimmed();
    if (!key.value.isEmpty())
        key.origin = tr("system keychain");
    return key;
}

bool ProviderKeySource::save(const QUrl& providerUrl, const QString& key, QString* error)
{
    auto* job = new QKeychain::WritePasswordJob(kService);
    job->setInsecureFallback(false);
    job->setKey(entryName(providerUrl));
    job->setTextData(key);
    QString why;
    const bool ok = runJob(job, &why);
    if (!ok && error)
        *error = why;
    return ok;
}

bool ProviderKeySource::isWriteKey(const QString& key)
{
    return key.startsWith(QLatin1String("sk_"));
}

bool ProviderKeySource::isRestrictedKey(const QString& key)
{
    return key.startsWith(QLatin1String("rk_"));
}

QString ProviderKeySource::masked(const QString& key)
{
    if (key.size() < 8)
        return QStringLiteral("***");
    return key.left(3) + QStringLiteral("…") + key.right(4);
}
