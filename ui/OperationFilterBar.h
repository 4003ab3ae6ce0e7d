#pragma once

#include "db/OperationStore.h"

#include <QLocale>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;

/**
 * The Operations view's row filters beside the state (issue 15): created between two UTC dates
 * (each end optional, both inclusive), one currency, and an amount range typed in that
 * currency's major units in the interface's locale ("38,50" in ru). An amount range needs a
 * currency: 500 jpy and 5.00 usd are not comparable, so the amount fields are off under "Any
 * currency". The bar only edits: MainWindow keeps one set of filters per state view and
 * applies them to the model (OperationTableModel::setRowFilters).
 */
class OperationFilterBar : public QWidget
{
    Q_OBJECT

public:
    explicit OperationFilterBar(QWidget* parent = nullptr);

    void setLocale(const QLocale& locale);

    /**
     * The filters as typed; nullopt when the input is not valid, with why (translated, naming
     * the field) in *error. The cross-field checks are OperationStore::validateFilters.
     */
    std::optional<OperationStore::RowFilters> filters(QString* error = nullptr) const;
    /** Shows filters (e.g. another view's); emits nothing. */
    void setFilters(const OperationStore::RowFilters& filters);
    /** How many of created / currency / amount are set in the filters as typed (0..3). */
    int activeCount() const;
    /** Shows why the last filters were refused, or clears it (empty). */
    void showError(const QString& message);

signals:
    /** The user changed a filter (typing is debounced by the window). */
    void filtersEdited();

private:
    void updateEnabled();
    QString currencyCode() const;

    QLocale m_locale;
    QCheckBox* m_fromCheck;
    QDateEdit* m_from;
    QCheckBox* m_toCheck;
    QDateEdit* m_to;
    QComboBox* m_currency;
    QLineEdit* m_minAmount;
    QLineEdit* m_maxAmount;
    QPushButton* m_clear;
    QLabel* m_error;
};
