#include "ConnectionDialog.h"

#include "ProviderKeySource.h"
#include "StatusPalette.h"
#include "db/DatabaseUrl.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace {
const QString kDbKey = QStringLiteral("connection/databaseUrl");
const QString kProviderKey = QStringLiteral("connection/providerUrl");
} // namespace

ConnectionDialog::ConnectionDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("connectionDialog"));
    setWindowTitle(tr("Connect"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_dbUrl = new QLineEdit(this);
    m_dbUrl->setObjectName(QStringLiteral("databaseUrlEdit"));
    m_dbUrl->setPlaceholderText(QStringLiteral("postgresql://user@host:5432/refunds  or  sqlite:/path/ops.db"));
    m_dbUrl->setToolTip(tr("The password may also come from PGPASSWORD. It is never saved."));
    m_providerUrl = new QLineEdit(this);
    m_providerUrl->setObjectName(QStringLiteral("providerUrlEdit"));
    m_providerUrl->setPlaceholderText(QStringLiteral("https://api.stripe.com"));
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("providerKeyEdit"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)"));
    m_rememberKey = new QCheckBox(tr("Remember the key in the system keychain"), this);
    m_rememberKey->setObjectName(QStringLiteral("rememberKeyCheck"));
    form->addRow(tr("Operation database:"), m_dbUrl);
    form->addRow(tr("Provider URL:"), m_providerUrl);
    form->addRow(tr("Provider read key:"), m_key);
    form->addRow(QString(), m_rememberKey);
    layout->addLayout(form);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("connectionProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(StatusPalette::toneStyleSheet(StatusPalette::Tone::Danger, palette()));
    m_problem->hide();
    layout->addWidget(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    // Named here, not by Qt: without Qt's own translations installed it said "Cancel" in ru and tr.
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);
    layout->addWidget(buttons);
    connect(m_key, &QLineEdit::textChanged, this, &ConnectionDialog::validate);
    connect(m_dbUrl, &QLineEdit::textChanged, this, &ConnectionDialog::validate);
    resize(620, sizeHint().height());
}

void ConnectionDialog::loadRemembered()
{
    m_dbUrl->setText(rememberedDatabaseUrl());
    m_providerUrl->setText(rememberedProviderUrl().toString());
}

void ConnectionDialog::remember() const
{
    QSettings settings;
    if (const auto url = DatabaseUrl::parse(databaseUrl()))
        settings.setValue(kDbKey, url->display());   // R22: no password in the settings file
    settings.setValue(kProviderKey, providerUrl().toString(QUrl::RemoveUserInfo));
}

QString ConnectionDialog::databaseUrl() const
{
    return m_dbUrl->text().trimmed();
}

void ConnectionDialog::setDatabaseUrl(const QString& url)
{
    m_dbUrl->setText(url);
}

QUrl ConnectionDialog::providerUrl() const
{
    return QUrl::fromUserInput(m_providerUrl->text().trimmed());
}

void ConnectionDialog::setProviderUrl(const QUrl& url)
{
    m_providerUrl->setText(url.toString());
}

QString ConnectionDialog::providerKey() const
{
    return m_key->text().trimmed();
}

bool ConnectionDialog::rememberKeyInKeychain() const
{
    return m_rememberKey->isChecked();
}

QString ConnectionDialog::rememberedDatabaseUrl()
{
    return QSettings().value(kDbKey).toString();
}

QUrl ConnectionDialog::rememberedProviderUrl()
{
    return QUrl(QSettings().value(kProviderKey).toString());
}

void ConnectionDialog::validate()
{
    QString problem;
    QString urlError;
    if (!databaseUrl().isEmpty() && !DatabaseUrl::parse(databaseUrl(), &urlError))
        problem = tr("Database URL: %1").arg(urlError);
    else if (ProviderKeySource::isWriteKey(providerKey()))
        problem = tr("This is a write key (sk_…). The console only reads from the provider and will not use it: "
                     "create a restricted read-only key (rk_…).");
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

void ConnectionDialog::accept()
{
    validate();
    QString urlError;
    if (!DatabaseUrl::parse(databaseUrl(), &urlError)) {
        m_problem->setText(tr("Database URL: %1").arg(urlError.isEmpty() ? tr("required") : urlError));
        m_problem->show();
        return;
    }
    if (ProviderKeySource::isWriteKey(providerKey()))
        return;
    QDialog::accept();
}
