#pragma once

#include "Clock.h"
#include "db/SettingsStore.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <optional>

class ConsoleDataService;
class MessageBanner;
class QCheckBox;
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
 * (R21), and that refusal is shown as it is.
 *
 * No SQL runs on the GUI thread (issue 12): reads and the save are jobs on the console's
 * ConsoleDataService (submit()), and their answers land here later: loaded(ok) after a reload,
 * saveFinished(ok) after a save. An answer for an older reload, or one from before
 * setDataService() was called again, is dropped. A save is Retry::Never (setMany is not a
 * compare-and-set: run twice it would audit the change twice); when its answer is lost with
 * the connection the tab reads the settings again and reports saved if they hold what was saved.
 */
class SettingsTab : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsTab(const Clock& clock = Clock::system(), QWidget* parent = nullptr);
    ~SettingsTab() override;

    /**
     * Where the tab reads and saves (not owned; it outlives the tab or is reset first), then
     * reloads. Before the service has opened the reload waits for it. False when service is null.
     */
    bool setDataService(ConsoleDataService* service);
    /** Who saves: written to settings.updated_by and the audit log. */
    void setActor(const QString& actor, const QString& role);
    /** False: fields are read-only and Save is hidden behind a note (not an admin). */
    void setEditable(bool editable);

    /** Asks for the values (discarding unsaved edits when they land) and the change history; loaded()
     * follows. */
    bool reload();
    /**
     * Saves the changed fields in the background; false (nothing asked) when invalid, unchanged,
     * or already saving. saveFinished() follows; on a refusal the banner says why.
     */
    bool save();
    bool isSaving() const { return m_saving; }
    /** Values have been read at least once. */
    bool isLoaded() const { return m_loadedOnce; }

    /** The message shown next to key's field; empty when valid. */
    QString fieldError(const QString& key) const;
    bool hasChanges() const;
    bool isValid() const;

signals:
    /** Values were saved (the refund tool uses them from its next call). */
    void saved(const SettingsStore::Values& values);
    /** A reload's answer landed: ok, or the banner says why not. */
    void loaded(bool ok);
    /** A save's answer landed: ok (then saved() too), or the banner says why not. */
    void saveFinished(bool ok);

private:
    void buildUi();
    QString textOf(const QString& key) const;
    void setTextOf(const QString& key, const QString& text);
    void revalidate();
    /** Every field to SettingsStore::defaultText() (admins; saved only by Save). */
    void fillDefaults();
    /** What one job reads: the values and the change history (its own error: the values still count). */
    struct Read
    {
        SettingsStore::Values values;
        QList<SettingsStore::Change> history;
        std::optional<StoreError> historyError;
    };
    static StoreResult<Read> readAll(SettingsStore& store, StoreResult<SettingsStore::Values> values);
    void showHistory(const Read& read);
    void onSaved(const Read& read, int count);
    void onSaveLost(const QMap<QString, QString>& changes, const StoreError& error);

    const Clock& m_clock;
    ConsoleDataService* m_service = nullptr;
    quint64 m_ticket = 0; // the reload or save whose answer is awaited; older answers are dropped
    bool m_saving = false;
    SettingsStore::Values m_loaded;
    bool m_loadedOnce = false;
    bool m_editable = true;
    QString m_actor;
    QString m_role = QStringLiteral("admin");

    MessageBanner* m_banner = nullptr;
    QMap<QString, QLineEdit*> m_edits;
    QMap<QString, QCheckBox*> m_switches; // on/off settings (SettingsStore::isSwitch)
    QComboBox* m_api = nullptr;
    QMap<QString, QLabel*> m_errors;
    QLabel* m_retention = nullptr;
    QLabel* m_readOnlyNote = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_reload = nullptr;
    QPushButton* m_defaults = nullptr;
    QTableWidget* m_history = nullptr;
};
