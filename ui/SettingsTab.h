#pragma once

#include "Clock.h"
#include "db/Database.h"
#include "db/SettingsStore.h"

#include <QMap>
#include <QWidget>

#include <memory>

class MessageBanner;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

/**
 * Shared settings (R20): retry budgets, backoff base and cap, request timeout, lookup
 * concurrency and the provider API version (which fixes the key retention, R10: "keys kept
 * 24 h" / "30 days"). Every field is checked as it is typed with SettingsStore::assign() and
 * the whole set with SettingsStore::validate(); the message stands next to the field it is
 * about and Save stays disabled while anything is invalid or nothing changed. Save writes the
 * changed keys with SettingsStore::setMany() (one transaction, audited with old and new
 * value); the change history (who, when UTC, key, old, new) comes from SettingsStore::history().
 *
 * Only admins may save (setEditable); on PostgreSQL the database refuses anyone else anyway
 * (R21), and that refusal is shown as it is. The tab owns its GUI-thread connection, opened
 * from setDatabaseUrl() (may hold a password: never shown or logged).
 */
class SettingsTab : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsTab(const Clock& clock = Clock::system(), QWidget* parent = nullptr);
    ~SettingsTab() override;

    /** Opens the connection and loads values and history; false (with a banner) on failure. */
    bool setDatabaseUrl(const QString& url);
    /** Who saves: written to settings.updated_by and the audit log. */
    void setActor(const QString& actor, const QString& role);
    /** False: fields are read-only and Save is hidden behind a note (not an admin). */
    void setEditable(bool editable);

    /** Re-reads values (discarding unsaved edits) and the change history. */
    bool reload();
    /** Saves the changed fields; false when invalid, unchanged, or refused (banner says why). */
    bool save();

    /** The message shown next to key's field; empty when valid. */
    QString fieldError(const QString& key) const;
    bool hasChanges() const;
    bool isValid() const;

signals:
    /** Values were saved (the refund tool uses them from its next call). */
    void saved(const SettingsStore::Values& values);

private:
    void buildUi();
    QString textOf(const QString& key) const;
    void setTextOf(const QString& key, const QString& text);
    void revalidate();
    /** Every field to SettingsStore::defaultText() (admins; saved only by Save). */
    void fillDefaults();
    void loadHistory();

    const Clock& m_clock;
    std::unique_ptr<Database> m_db;
    SettingsStore::Values m_loaded;
    bool m_loadedOnce = false;
    bool m_editable = true;
    QString m_actor;
    QString m_role = QStringLiteral("admin");

    MessageBanner* m_banner = nullptr;
    QMap<QString, QLineEdit*> m_edits;
    QComboBox* m_api = nullptr;
    QMap<QString, QLabel*> m_errors;
    QLabel* m_retention = nullptr;
    QLabel* m_readOnlyNote = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_reload = nullptr;
    QPushButton* m_defaults = nullptr;
    QTableWidget* m_history = nullptr;
};
