#pragma once

#include <QDialog>
#include <QUrl>

class QCheckBox;
class QLabel;
class QLineEdit;

/**
 * "Connect to…": the operation database URL and the provider URL and read key.
 *
 * The URLs are remembered with QSettings without any password (DatabaseUrl::display());
 * the key is never written there (R22): it is kept only in memory, or in the system
 * keychain when the user ticks "Remember in the system keychain".
 */
class ConnectionDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectionDialog(QWidget* parent = nullptr);

    /** Pre-fills from QSettings (remembered URLs). */
    void loadRemembered();
    /** Saves the URLs (no password) to QSettings. */
    void remember() const;

    QString databaseUrl() const;     ///< as typed, possibly with a password: never log it
    void setDatabaseUrl(const QString& url);
    QUrl providerUrl() const;
    void setProviderUrl(const QUrl& url);
    QString providerKey() const;     ///< empty: keep the environment/keychain key
    bool rememberKeyInKeychain() const;

    /** The remembered database URL (no password), or empty. */
    static QString rememberedDatabaseUrl();
    static QUrl rememberedProviderUrl();

    void accept() override;

private:
    void validate();

    QLineEdit* m_dbUrl = nullptr;
    QLineEdit* m_providerUrl = nullptr;
    QLineEdit* m_key = nullptr;
    QCheckBox* m_rememberKey = nullptr;
    QLabel* m_problem = nullptr;
};
