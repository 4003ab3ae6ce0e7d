#include "OperationFilterBar.h"

#include "Money.h"
#include "StatusPalette.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>

namespace {
constexpr qint64 kDayMs = 24LL * 3600 * 1000;

qint64 utcMidnightMs(const QDate& date)
{
    return QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
}

QDate utcDateOf(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).date();
}
} // namespace

OperationFilterBar::OperationFilterBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("operationFilterBar"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(6);

    const QDate today = QDateTime::currentDateTimeUtc().date();
    m_fromCheck = new QCheckBox(tr("Created from"), this);
    m_fromCheck->setObjectName(QStringLiteral("filterFromCheck"));
    m_fromCheck->setToolTip(tr("Only operations created on or after this UTC date"));
    m_from = new QDateEdit(today.addDays(-7), this);
    m_from->setObjectName(QStringLiteral("filterFrom"));
    m_toCheck = new QCheckBox(tr("to"), this);
    m_toCheck->setObjectName(QStringLiteral("filterToCheck"));
    m_toCheck->setToolTip(tr("Only operations created on or before this UTC date"));
    m_to = new QDateEdit(today, this);
    m_to->setObjectName(QStringLiteral("filterTo"));
    for (QDateEdit* edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setTimeSpec(Qt::UTC);
        connect(edit, &QDateEdit::dateChanged, this, &OperationFilterBar::filtersEdited);
    }
    for (QCheckBox* check : {m_fromCheck, m_toCheck})
        connect(check, &QCheckBox::toggled, this, [this] {
            updateEnabled();
            emit filtersEdited();
        });

    m_currency = new QComboBox(this);
    m_currency->setObjectName(QStringLiteral("filterCurrency"));
    m_currency->setEditable(true);
    m_currency->setInsertPolicy(QComboBox::NoInsert);
    m_currency->setToolTip(tr("One currency (an ISO 4217 code such as USD); an amount range needs one"));
    m_currency->addItem(tr("Any currency"), QString());
    for (const char* code : {"usd", "eur", "gbp", "jpy", "rub", "try", "cad", "aud", "chf"})
        m_currency->addItem(QString::fromLatin1(code).toUpper(), QString::fromLatin1(code));
    connect(m_currency, &QComboBox::currentTextChanged, this, [this] {
        updateEnabled();
        emit filtersEdited();
    });

    m_minAmount = new QLineEdit(this);
    m_minAmount->setObjectName(QStringLiteral("filterMinAmount"));
    m_minAmount->setPlaceholderText(tr("min amount"));
    m_maxAmount = new QLineEdit(this);
    m_maxAmount->setObjectName(QStringLiteral("filterMaxAmount"));
    m_maxAmount->setPlaceholderText(tr("max amount"));
    for (QLineEdit* edit : {m_minAmount, m_maxAmount}) {
        edit->setClearButtonEnabled(true);
        edit->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 14);
        edit->setToolTip(tr("In the chosen currency's units, both ends included (e.g. 38.50)"));
        connect(edit, &QLineEdit::textEdited, this, &OperationFilterBar::filtersEdited);
    }

    m_clear = new QPushButton(tr("Clear filters"), this);
    m_clear->setObjectName(QStringLiteral("filterClear"));
    connect(m_clear, &QPushButton::clicked, this, [this] {
        setFilters({});
        emit filtersEdited();
    });
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("filterError"));
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, StatusPalette::toneForeground(StatusPalette::Tone::Danger));
    m_error->setPalette(errorPalette);
    m_error->setWordWrap(true);

    row->addWidget(m_fromCheck);
    row->addWidget(m_from);
    row->addWidget(m_toCheck);
    row->addWidget(m_to);
    row->addSpacing(8);
    row->addWidget(m_currency);
    row->addWidget(m_minAmount);
    row->addWidget(new QLabel(QStringLiteral("–"), this));
    row->addWidget(m_maxAmount);
    row->addWidget(m_clear);
    row->addWidget(m_error, 1);
    setLocale(QLocale());
    updateEnabled();
}

void OperationFilterBar::setLocale(const QLocale& locale)
{
    m_locale = locale;
    for (QDateEdit* edit : {m_from, m_to}) {
        edit->setLocale(locale);
        edit->setDisplayFormat(locale.dateFormat(QLocale::ShortFormat));
    }
}

QString OperationFilterBar::currencyCode() const
{
    const int index = m_currency->findText(m_currency->currentText(), Qt::MatchFixedString);
    if (index >= 0)
        return m_currency->itemData(index).toString();
    return m_currency->currentText().trimmed().toLower();
}

void OperationFilterBar::updateEnabled()
{
    m_from->setEnabled(m_fromCheck->isChecked());
    m_to->setEnabled(m_toCheck->isChecked());
    const bool currency = !currencyCode().isEmpty();
    m_minAmount->setEnabled(currency);
    m_maxAmount->setEnabled(currency);
}

std::optional<OperationStore::RowFilters> OperationFilterBar::filters(QString* error) const
{
    const auto refuse = [&](const QString& why) -> std::optional<OperationStore::RowFilters> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    // The store's own check (OperationStore::validateFilters), said in the interface's language.
    const auto refused = [&](const OperationStore::RowFilters& f) -> std::optional<QString> {
        const auto valid = OperationStore::validateFilters(f);
        if (valid)
            return std::nullopt;
        const QString field = valid.error().field;
        if (field == QLatin1String("created-to"))
            return tr("Created: the end date is before the start date.");
        if (field == QLatin1String("currency"))
            return tr("Currency: “%1” is not a three-letter code such as USD.").arg(m_currency->currentText());
        return tr("Amount: the minimum is above the maximum.");   // min-amount (the bar types no negative)
    };
    OperationStore::RowFilters f;
    if (m_fromCheck->isChecked())
        f.createdFromMs = utcMidnightMs(m_from->date());
    if (m_toCheck->isChecked())
        f.createdToMs = utcMidnightMs(m_to->date()) + kDayMs;   // the whole "to" day
    f.currency = currencyCode();
    if (const auto why = refused(f))   // dates and currency, before any amount is read in it
        return refuse(*why);
    if (!f.currency.isEmpty()) {
        const auto parse = [&](QLineEdit* edit, const QString& field, std::optional<qint64>* out) {
            const QString text = edit->text().trimmed();
            if (text.isEmpty())
                return true;
            *out = Money::fromMajor(text, f.currency, m_locale);
            if (!*out && error)
                *error = tr("%1: “%2” is not an amount in %3 (at most %n decimal(s)).", nullptr,
                            Money::decimals(f.currency))
                             .arg(field, text, f.currency.toUpper());
            return out->has_value();
        };
        if (!parse(m_minAmount, tr("Min amount"), &f.minAmountCents)
            || !parse(m_maxAmount, tr("Max amount"), &f.maxAmountCents))
            return std::nullopt;
        if (const auto why = refused(f))
            return refuse(*why);
    }
    if (error)
        error->clear();
    return f;
}

void OperationFilterBar::setFilters(const OperationStore::RowFilters& filters)
{
    const QSignalBlocker blockers[] = {QSignalBlocker(m_fromCheck), QSignalBlocker(m_from),
                                       QSignalBlocker(m_toCheck),   QSignalBlocker(m_to),
                                       QSignalBlocker(m_currency),  QSignalBlocker(m_minAmount),
                                       QSignalBlocker(m_maxAmount)};
    const QDate today = QDateTime::currentDateTimeUtc().date();
    m_fromCheck->setChecked(filters.createdFromMs.has_value());
    m_from->setDate(filters.createdFromMs ? utcDateOf(*filters.createdFromMs) : today.addDays(-7));
    m_toCheck->setChecked(filters.createdToMs.has_value());
    m_to->setDate(filters.createdToMs ? utcDateOf(*filters.createdToMs - 1) : today);
    const QString code = filters.currency.trimmed().toLower();
    const int index = code.isEmpty() ? 0 : m_currency->findData(code);
    if (index >= 0)
        m_currency->setCurrentIndex(index);
    else
        m_currency->setEditText(code.toUpper());
    const auto major = [&](const std::optional<qint64>& cents) {
        return cents ? Money::toMajor(*cents, code).replace(QLatin1Char('.'), m_locale.decimalPoint()) : QString();
    };
    m_minAmount->setText(major(filters.minAmountCents));
    m_maxAmount->setText(major(filters.maxAmountCents));
    updateEnabled();
    showError({});
}

int OperationFilterBar::activeCount() const
{
    const bool currency = !currencyCode().isEmpty();
    return int(m_fromCheck->isChecked() || m_toCheck->isChecked()) + int(currency)
        + int(currency && !(m_minAmount->text().trimmed().isEmpty() && m_maxAmount->text().trimmed().isEmpty()));
}

void OperationFilterBar::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}
