#include "SettingsTab.h"

#include "LocalUser.h"
#include "Logging.h"
#include "MessageBanner.h"
#include "OperationFormat.h"
#include "StatusPalette.h"
#include "console/ConsoleDataService.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {
const QString kApiKey = QStringLiteral("provider_api");

QString fieldTitle(const QString& key)
{
    if (key == QLatin1String("max_attempts_per_call"))
        return SettingsTab::tr("Attempts per tool call");
    if (key == QLatin1String("max_attempts_per_operation"))
        return SettingsTab::tr("Attempts per operation");
    if (key == QLatin1String("backoff_base_ms"))
        return SettingsTab::tr("Backoff base (ms)");
    if (key == QLatin1String("backoff_cap_ms"))
        return SettingsTab::tr("Backoff cap (ms)");
    if (key == QLatin1String("request_timeout_ms"))
        return SettingsTab::tr("Request timeout (ms)");
    if (key == QLatin1String("provider_api"))
        return SettingsTab::tr("Provider API version");
    if (key == QLatin1String("lookup_concurrency"))
        return SettingsTab::tr("Parallel provider lookups");
    if (key == QLatin1String("repeat_window_hours"))
        return SettingsTab::tr("Repeat window (hours)");
    if (key == QLatin1String("auto_resolve_refunded"))
        return SettingsTab::tr("Reconciler settles refunds");
    return key;
}

// An on/off setting's stored text ("true"/"false") in the change history, in words.
QString valueText(const QString& key, const QString& text)
{
    if (!SettingsStore::isSwitch(key))
        return text;
    if (text == QLatin1String("true"))
        return SettingsTab::tr("on");
    if (text == QLatin1String("false"))
        return SettingsTab::tr("off");
    return text;
}
} // namespace

SettingsTab::SettingsTab(const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_clock(clock)
{
    setObjectName(QStringLiteral("settingsTab"));
    const QString user = LocalUser::name();
    m_actor = user.isEmpty() ? QStringLiteral("console") : user;
    buildUi();
}

SettingsTab::~SettingsTab() = default;

void SettingsTab::buildUi()
{
    auto* outer = new QVBoxLayout(this);
    m_banner = new MessageBanner(this);
    m_banner->setObjectName(QStringLiteral("settingsBanner"));
    outer->addWidget(m_banner);

    auto* note =
        new QLabel(tr("These values are shared by the refund tool and every console. The refund tool "
                      "reads them at each call, so a saved change applies from its next call; other consoles "
                      "show it when they refresh. Every change is audited with the old and new value."),
                   this);
    note->setObjectName(QStringLiteral("settingsPropagationNote"));
    note->setWordWrap(true);
    outer->addWidget(note);

    auto* box = new QGroupBox(tr("Retry budgets, backoff and provider"), this);
    auto* form = new QFormLayout(box);
    for (const QString& key : SettingsStore::keys()) {
        auto* row = new QWidget(box);
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        QWidget* editor = nullptr;
        if (key == kApiKey) {
            m_api = new QComboBox(row);
            m_api->setObjectName(QStringLiteral("setting_") + key);
            m_api->addItem(tr("Stripe API v1 (keys kept 24 h)"), QStringLiteral("stripe_v1"));
            m_api->addItem(tr("Stripe API v2 (keys kept 30 days)"), QStringLiteral("stripe_v2"));
            connect(m_api, &QComboBox::currentIndexChanged, this, &SettingsTab::revalidate);
            editor = m_api;
        } else if (SettingsStore::isSwitch(key)) {
            // No text of its own: the row's label says what ticking it does, and a greyed "On"
            // beside it would read as a status to those who cannot change it.
            auto* box = new QCheckBox(row);
            box->setObjectName(QStringLiteral("setting_") + key);
            box->setAccessibleName(fieldTitle(key));
            connect(box, &QCheckBox::toggled, this, &SettingsTab::revalidate);
            m_switches.insert(key, box);
            editor = box;
        } else {
            auto* edit = new QLineEdit(row);
            edit->setObjectName(QStringLiteral("setting_") + key);
            edit->setMaximumWidth(120);
            connect(edit, &QLineEdit::textEdited, this, &SettingsTab::revalidate);
            m_edits.insert(key, edit);
            editor = edit;
        }
        editor->setToolTip(SettingsStore::describe(key));
        h->addWidget(editor);
        if (key == kApiKey) {
            m_retention = new QLabel(row);
            m_retention->setObjectName(QStringLiteral("settingsRetention"));
            h->addWidget(m_retention);
        }
        auto* error = new QLabel(row);
        error->setObjectName(QStringLiteral("error_") + key);
        error->setStyleSheet(StatusPalette::toneStyleSheet(StatusPalette::Tone::Danger, palette()));
        error->setWordWrap(true);
        h->addWidget(error, 1);
        m_errors.insert(key, error);
        auto* label = new QLabel(fieldTitle(key), box);
        label->setToolTip(SettingsStore::describe(key));
        label->setBuddy(editor); // screen readers name the field by its label
        form->addRow(label, row);
    }
    outer->addWidget(box);

    auto* buttons = new QHBoxLayout;
    m_readOnlyNote = new QLabel(tr("Only an admin can change settings."), this);
    m_readOnlyNote->setObjectName(QStringLiteral("settingsReadOnlyNote"));
    m_readOnlyNote->hide();
    buttons->addWidget(m_readOnlyNote);
    buttons->addStretch();
    m_reload = new QPushButton(tr("Refresh"), this);
    m_reload->setObjectName(QStringLiteral("settingsRefresh"));
    m_defaults = new QPushButton(tr("Reset to defaults"), this);
    m_defaults->setObjectName(QStringLiteral("settingsResetDefaults"));
    m_defaults->setToolTip(tr("Fills in every default; nothing changes until you save."));
    buttons->addWidget(m_defaults);
    m_save = new QPushButton(tr("Save"), this);
    m_save->setObjectName(QStringLiteral("settingsSave"));
    m_save->setDefault(true);
    m_save->setEnabled(false);
    buttons->addWidget(m_reload);
    buttons->addWidget(m_save);
    outer->addLayout(buttons);

    outer->addWidget(new QLabel(tr("Change history"), this));
    m_history = new QTableWidget(0, 5, this);
    m_history->setObjectName(QStringLiteral("settingsHistory"));
    m_history->setHorizontalHeaderLabels({tr("Who"), tr("When (UTC)"), tr("Setting"), tr("Old"), tr("New")});
    m_history->verticalHeader()->hide();
    m_history->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_history->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_history->horizontalHeader()->setStretchLastSection(true);
    outer->addWidget(m_history, 1);

    connect(m_reload, &QPushButton::clicked, this, &SettingsTab::reload);
    connect(m_defaults, &QPushButton::clicked, this, &SettingsTab::fillDefaults);
    connect(m_save, &QPushButton::clicked, this, &SettingsTab::save);
}

bool SettingsTab::setDataService(ConsoleDataService* service)
{
    m_service = service;
    ++m_ticket; // an answer asked of the previous service is dropped
    m_saving = false;
    if (!m_service) {
        revalidate();
        return false;
    }
    return reload();
}

StoreResult<SettingsTab::Read> SettingsTab::readAll(SettingsStore& store,
                                                    StoreResult<SettingsStore::Values> values)
{
    if (!values)
        return values.error();
    Read read;
    read.values = values.value();
    if (auto h = store.history())
        read.history = h.value();
    else
        read.historyError = h.error();
    return read;
}

void SettingsTab::setActor(const QString& actor, const QString& role)
{
    m_actor = actor;
    m_role = role;
}

void SettingsTab::setEditable(bool editable)
{
    m_editable = editable;
    // Disabled, not just read-only: a read-only field looks editable and ignores typing.
    for (QLineEdit* e : std::as_const(m_edits)) {
        e->setReadOnly(!editable);
        e->setEnabled(editable);
    }
    for (QCheckBox* box : std::as_const(m_switches))
        box->setEnabled(editable);
    m_api->setEnabled(editable);
    m_save->setVisible(editable);
    m_defaults->setVisible(editable);
    m_readOnlyNote->setVisible(!editable);
}

bool SettingsTab::reload()
{
    if (!m_service)
        return false;
    const quint64 ticket = ++m_ticket;
    m_saving = false; // a save still under way is no longer awaited: what the reload reads wins
    m_service->submit(
        this,
        [clock = &m_clock](Database& db, OperationStore&) -> StoreResult<Read> {
            SettingsStore store(db, *clock);
            return readAll(store, store.load());
        },
        [this, ticket](StoreResult<Read> r) {
            if (ticket != m_ticket)
                return; // a newer reload or save is awaited
            if (!r) {
                m_banner->showMessage(
                    MessageBanner::Level::Error,
                    tr("Settings cannot be read: %1").arg(Logging::redact(r.error().message)));
                revalidate();
                emit loaded(false);
                return;
            }
            m_banner->clearMessage();
            m_loaded = r.value().values;
            m_loadedOnce = true;
            for (const QString& key : SettingsStore::keys())
                setTextOf(key, m_loaded.get(key).toString());
            revalidate();
            showHistory(r.value());
            emit loaded(true);
        });
    return true;
}

QString SettingsTab::textOf(const QString& key) const
{
    if (key == kApiKey)
        return m_api->currentData().toString();
    if (QCheckBox* box = m_switches.value(key))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    return m_edits.value(key)->text();
}

void SettingsTab::setTextOf(const QString& key, const QString& text)
{
    if (key == kApiKey) {
        const QSignalBlocker block(m_api);
        m_api->setCurrentIndex(qMax(0, m_api->findData(text)));
        return;
    }
    if (QCheckBox* box = m_switches.value(key)) {
        const QSignalBlocker block(box); // callers revalidate once every field is set
        box->setChecked(text == QLatin1String("true"));
        return;
    }
    m_edits.value(key)->setText(text);
}

void SettingsTab::fillDefaults()
{
    if (!m_editable)
        return;
    for (const QString& key : SettingsStore::keys())
        setTextOf(key, SettingsStore::defaultText(key));
    revalidate();
}

void SettingsTab::revalidate()
{
    SettingsStore::Values candidate = m_loaded;
    QMap<QString, QString> errors;
    for (const QString& key : SettingsStore::keys()) {
        if (auto r = SettingsStore::assign(candidate, key, textOf(key)); !r)
            errors.insert(key, r.error().message);
    }
    // Cross-field rules (per call <= per operation, cap >= base) once every field parses.
    if (errors.isEmpty()) {
        if (auto r = SettingsStore::validate(candidate); !r)
            errors.insert(r.error().field.isEmpty() ? SettingsStore::keys().first() : r.error().field,
                          r.error().message);
    }
    for (const QString& key : SettingsStore::keys()) {
        // The store's message starts with the key; the field is labelled already.
        QString text = errors.value(key);
        if (text.startsWith(key + QStringLiteral(": ")))
            text = text.mid(key.size() + 2);
        m_errors.value(key)->setText(text);
        if (QLineEdit* e = m_edits.value(key))
            e->setStyleSheet(
                text.isEmpty()
                    ? QString()
                    : QStringLiteral("border: 1px solid %1;")
                          .arg(StatusPalette::toneForeground(StatusPalette::Tone::Danger, palette()).name()));
    }
    const bool v2 = textOf(kApiKey) == QLatin1String("stripe_v2");
    m_retention->setText(v2 ? tr("keys kept 30 days") : tr("keys kept 24 h"));
    m_save->setEnabled(m_service && !m_saving && m_editable && isValid() && hasChanges());
}

QString SettingsTab::fieldError(const QString& key) const
{
    QLabel* l = m_errors.value(key);
    return l ? l->text() : QString();
}

bool SettingsTab::isValid() const
{
    for (QLabel* l : m_errors) {
        if (!l->text().isEmpty())
            return false;
    }
    return true;
}

bool SettingsTab::hasChanges() const
{
    if (!m_loadedOnce)
        return false;
    for (const QString& key : SettingsStore::keys()) {
        if (textOf(key).trimmed() != m_loaded.get(key).toString())
            return true;
    }
    return false;
}

bool SettingsTab::save()
{
    if (!m_service || m_saving || !m_editable || !isValid() || !hasChanges())
        return false;
    QMap<QString, QString> changes;
    for (const QString& key : SettingsStore::keys()) {
        if (textOf(key).trimmed() != m_loaded.get(key).toString())
            changes.insert(key, textOf(key).trimmed());
    }
    const quint64 ticket = ++m_ticket;
    m_saving = true;
    revalidate();
    // Retry::Never: setMany() run again after a lost answer would write and audit it twice.
    m_service->submit(
        this,
        [clock = &m_clock, changes, actor = m_actor, role = m_role](Database& db,
                                                                    OperationStore&) -> StoreResult<Read> {
            SettingsStore store(db, *clock);
            return readAll(store, store.setMany(changes, actor, role));
        },
        [this, ticket, changes](StoreResult<Read> r) {
            if (ticket != m_ticket)
                return;
            m_saving = false;
            if (!r && r.error().code == StoreError::Code::ConnectionFailed)
                return onSaveLost(changes, r.error());
            if (!r) {
                // e.g. permission denied for a non-admin on PostgreSQL (R21), or a value another console
                // saved meanwhile.
                m_banner->showMessage(MessageBanner::Level::Error,
                                      tr("Settings were not saved: %1").arg(r.error().message));
                revalidate();
                emit saveFinished(false);
                return;
            }
            onSaved(r.value(), int(changes.size()));
        },
        ConsoleDataService::Retry::Never);
    return true;
}

// The connection went while saving: the save may have committed with its answer lost. Read
// again; what the database holds says whether it was saved (never saved twice, never a false failure).
void SettingsTab::onSaveLost(const QMap<QString, QString>& changes, const StoreError& error)
{
    const quint64 ticket = ++m_ticket;
    m_service->submit(
        this,
        [clock = &m_clock](Database& db, OperationStore&) -> StoreResult<Read> {
            SettingsStore store(db, *clock);
            return readAll(store, store.load());
        },
        [this, ticket, changes, error](StoreResult<Read> r) {
            if (ticket != m_ticket)
                return;
            if (!r) {
                // Neither the answer nor the settings can be read: the save may have committed.
                m_banner->showMessage(MessageBanner::Level::Error,
                                      tr("It is not known whether the settings were saved: %1. Reload to see what "
                                         "the database holds.")
                                          .arg(Logging::redact(error.message)));
                revalidate();
                emit saveFinished(false);
                return;
            }
            bool saved = !changes.isEmpty();
            for (auto it = changes.cbegin(); saved && it != changes.cend(); ++it)
                saved = r.value().values.get(it.key()).toString() == it.value();
            if (!saved) {
                m_banner->showMessage(MessageBanner::Level::Error,
                                      tr("Settings were not saved: %1").arg(Logging::redact(error.message)));
                revalidate();
                emit saveFinished(false);
                return;
            }
            onSaved(r.value(), int(changes.size()));
        });
}

void SettingsTab::onSaved(const Read& read, int count)
{
    m_loaded = read.values;
    m_banner->showMessage(
        MessageBanner::Level::Info,
        tr("Saved %n setting(s). The refund tool uses them from its next call.", nullptr, count));
    revalidate();
    showHistory(read);
    emit saved(m_loaded);
    emit saveFinished(true);
}

void SettingsTab::showHistory(const Read& read)
{
    if (read.historyError) {
        m_banner->showMessage(MessageBanner::Level::Warning,
                              tr("The change history cannot be read: %1").arg(read.historyError->message));
        return;
    }
    const QList<SettingsStore::Change>& h = read.history;
    m_history->setRowCount(int(h.size()));
    for (int i = 0; i < h.size(); ++i) {
        const SettingsStore::Change& c = h[i];
        const QStringList cells = {c.actor, OperationFormat::utcTime(c.at), fieldTitle(c.key),
                                    valueText(c.key, c.oldValue), valueText(c.key, c.newValue)};
        for (int col = 0; col < cells.size(); ++col)
            m_history->setItem(i, col, new QTableWidgetItem(cells[col]));
        m_history->item(i, 2)->setToolTip(c.key); // the key, as `refund-tool settings` names it
    }
    m_history->resizeColumnsToContents();
}
