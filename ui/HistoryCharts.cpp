#include "HistoryCharts.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QFontMetrics>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QDateTime>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QStackedBarSeries>
#include <QTimeZone>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {
constexpr int kWeeklyAboveDays = 45;

QChart* newChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    QFont f = chart->titleFont();
    f.setBold(true);
    chart->setTitleFont(f);
    // Axis numbers in the interface language, with its thousands separator ("12,500", "12 500").
    chart->setLocalizeNumbers(true);
    chart->setLocale(QLocale());
    return chart;
}

// The x axis of a chart per day (or per week): one slot per period, labelled every k-th
// period, k the smallest step at which the labels fit side by side (a month of days at 1024 px
// showed every label elided to "…"; a year of weeks, "Au… Se…"). Days are labelled every 1, 2,
// 7, 14, 28... days, weeks every 1, 2, 4, 13, 26, 52... weeks. The step follows the plot's
// width as the window is resized; labels stand at their period's bar or point.
QCategoryAxis* periodAxis(QChart* chart, const QStringList& labels, bool weekly, const QString& title)
{
    auto* axis = new QCategoryAxis;
    axis->setTitleText(title);
    axis->setStartValue(-0.5);
    axis->setRange(-0.5, double(labels.size()) - 0.5);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setGridLineVisible(false); // a category's line would run through the labelled bar
    const auto relabel = [axis, labels, weekly](double plotWidth) {
        if (labels.isEmpty())
            return;
        const QFontMetrics metrics(axis->labelsFont());
        int widest = 0;
        for (const QString& label : labels)
            widest = qMax(widest, metrics.horizontalAdvance(label));
        // Qt's own test, so nothing is elided: a category axis has one tick more than labels,
        // gives each label the axis's width over that many slots, less 8 px, and elides a label
        // wider than that (its width measured with a pixel to spare). The plot's width stands
        // in for the axis's (a little wider, by the y axis): the step errs towards fewer labels.
        const auto fits = [&](int step) {
            const int shown = (int(labels.size()) + step - 1) / step;
            return plotWidth / double(shown + 1) - 8.0 >= double(widest + 2 + metrics.averageCharWidth());
        };
        QList<int> steps = weekly ? QList<int>{1, 2, 4, 13, 26, 52} : QList<int>{1, 2, 7, 14, 28};
        while (steps.last() < labels.size())
            steps << steps.last() * 2;
        int step = steps.last();
        for (int candidate : steps)
            if (fits(candidate)) {
                step = candidate;
                break;
            }
        if (axis->property("labelStep").toInt() == step)
            return;
        axis->setProperty("labelStep", step);
        for (const QString& old : axis->categoriesLabels())
            axis->remove(old);
        for (int i = 0; i < labels.size(); i += step)
            axis->append(labels[i], i);
    };
    relabel(600); // until the chart is laid out
    QObject::connect(chart, &QChart::plotAreaChanged, axis, [relabel](const QRectF& plot) { relabel(plot.width()); });
    return axis;
}

// A y axis with whole-number ticks from 0 to a little above max: a step of 1, 2 or 5 times a
// power of ten, so a maximum of 1 never shows the ticks 0, 0, 1, 1, 2 ("%.0f" of 0.5 steps).
QValueAxis* countAxis(qint64 max, const QString& title)
{
    auto* axis = new QValueAxis;
    const double top = double(qMax<qint64>(max, 1)) * 1.1;
    double step = 1;
    for (double magnitude = 1;; magnitude *= 10) {
        const double candidates[] = {magnitude, 2 * magnitude, 5 * magnitude};
        const auto fits = std::find_if(std::begin(candidates), std::end(candidates),
                                       [top](double c) { return top / c <= 5; });
        if (fits != std::end(candidates)) {
            step = *fits;
            break;
        }
    }
    axis->setRange(0, std::ceil(top / step) * step);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTitleText(title);
    return axis;
}

// Below 1 so that a count of 1 still has a visible bar; a zero count is drawn at this floor
// (no bar). Whole decades above: 1, 10, 100, ...
constexpr double kLogFloor = 0.8;

QLogValueAxis* logCountAxis(qint64 max, const QString& title)
{
    auto* axis = new QLogValueAxis;
    axis->setBase(10);
    double top = 10;
    while (top < double(max) * 1.5)
        top *= 10;
    axis->setRange(kLogFloor, top);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setMinorTickCount(0);   // decades only: 2..9 between them drew a dashed grid that hid the bars
    axis->setTitleText(title);
    return axis;
}

// The chart says, under its title, that it is on a log scale, why when it was proposed (one
// period dominates), and what the scale cannot draw.
void noteLogScale(QChart* chart, const QList<qint64>& perPeriod, bool weekly, const QString& zeroNote)
{
    const double ratio = HistoryCharts::dominance(perPeriod);
    const QString ratioText = QLocale().toString(qRound(ratio));
    const QString scale = ratio <= HistoryCharts::kDominanceRatio
        ? HistoryCharts::tr("Log scale")
        : weekly ? HistoryCharts::tr("Log scale (busiest week: %1× the median)").arg(ratioText)
                 : HistoryCharts::tr("Log scale (busiest day: %1× the median)").arg(ratioText);
    chart->setTitle(QStringLiteral("<b>%1</b><br><small>%2 · %3</small>")
                        .arg(chart->title().toHtmlEscaped(), scale.toHtmlEscaped(), zeroNote.toHtmlEscaped()));
}

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void tooltipOnHover(QAbstractBarSeries* series, const QStringList& categories)
{
    QObject::connect(
        series, &QAbstractBarSeries::hovered, series, [categories](bool status, int index, QBarSet* set) {
            if (!status) {
                QToolTip::hideText();
                return;
            }
            const QString category = index >= 0 && index < categories.size() ? categories[index] : QString();
            // On a log scale a zero is drawn at the axis floor: the tooltip says 0, not the floor.
            const double value = set->at(index) < 1 ? 0 : set->at(index);
            QToolTip::showText(QCursor::pos(), QStringLiteral("%1 — %2: %3")
                                                   .arg(category, set->label(), QLocale().toString(qRound64(value))));
        });
}
} // namespace

QList<HistoryCharts::Period> HistoryCharts::periods(const HistoryStats::Snapshot& s)
{
    QList<Period> out;
    const int step = s.days.size() > kWeeklyAboveDays ? 7 : 1;
    // Over a year, "Nov 28" would name two weeks (and the axis keeps one label of a kind).
    const bool withYear = s.days.size() > 365;
    for (int i = 0; i < s.days.size(); i += step) {
        const QDate day = QDateTime::fromMSecsSinceEpoch(s.days[i].startMs, QTimeZone::utc()).date();
        out << Period{withYear ? OperationFormat::shortDayWithYear(day) : OperationFormat::shortDay(day), i,
                      int(qMin<qsizetype>(i + step, s.days.size()) - 1)};
    }
    return out;
}

QList<qint64> HistoryCharts::operationsPerPeriod(const HistoryStats::Snapshot& s)
{
    QList<qint64> out;
    for (const Period& p : periods(s)) {
        qint64 n = 0;
        for (int d = p.firstDay; d <= p.lastDay; ++d)
            n += s.days[d].refunded + s.days[d].failed + s.days[d].reversed + s.days[d].unknown + s.days[d].open;
        out << n;
    }
    return out;
}

QList<qint64> HistoryCharts::duplicatesPerPeriod(const HistoryStats::Snapshot& s)
{
    QList<qint64> out;
    for (const Period& p : periods(s)) {
        qint64 n = 0;
        for (int d = p.firstDay; d <= p.lastDay; ++d)
            n += s.days[d].duplicatesPrevented;
        out << n;
    }
    return out;
}

double HistoryCharts::dominance(const QList<qint64>& perPeriod)
{
    QList<qint64> some;
    for (qint64 v : perPeriod)
        if (v > 0)
            some << v;
    if (some.size() < 2)
        return 0;
    std::sort(some.begin(), some.end());
    const qsizetype n = some.size();
    const double median = n % 2 ? double(some[n / 2]) : (double(some[n / 2 - 1]) + double(some[n / 2])) / 2;
    return double(some.last()) / median;
}

QChart* HistoryCharts::outcomesPerDay(const HistoryStats::Snapshot& s, Scale scale)
{
    const QList<Period> ps = periods(s);
    const bool weekly = ps.size() < s.days.size();
    const bool log = scale == Scale::Log;
    QChart* chart =
        newChart(weekly ? tr("Operations per week by outcome") : tr("Operations per day by outcome"));
    // Stacked on a linear scale; side by side on a log one, where stacked segments would not
    // add up by eye and a small Failed count on top of a big day would still vanish.
    QAbstractBarSeries* series = log ? static_cast<QAbstractBarSeries*>(new QBarSeries) : new QStackedBarSeries;
    struct Outcome
    {
        OperationStatus status;
        qint64 HistoryStats::Day::*field;
    };
    const Outcome outcomes[] = {{OperationStatus::Refunded, &HistoryStats::Day::refunded},
                                {OperationStatus::Failed, &HistoryStats::Day::failed},
                                {OperationStatus::Reversed, &HistoryStats::Day::reversed},
                                {OperationStatus::Unknown, &HistoryStats::Day::unknown},
                                {OperationStatus::Open, &HistoryStats::Day::open}};
    QStringList categories;
    for (const Period& p : ps)
        categories << p.label;
    qint64 max = 0;
    QList<qint64> totals(ps.size(), 0);
    for (const Outcome& o : outcomes) {
        auto* set = new QBarSet(OperationFormat::statusTitle(o.status));
        set->setColor(StatusPalette::statusColor(o.status));
        set->setBorderColor(StatusPalette::statusColor(o.status));
        for (int i = 0; i < ps.size(); ++i) {
            qint64 n = 0;
            for (int d = ps[i].firstDay; d <= ps[i].lastDay; ++d)
                n += s.days[d].*(o.field);
            *set << (log && n == 0 ? kLogFloor : double(n));
            totals[i] += n;
            if (log)
                max = qMax(max, n);
        }
        series->append(set);
    }
    if (!log)
        for (qint64 t : totals)
            max = qMax(max, t);
    series->setBarWidth(log ? 0.85 : 0.7);
    QCategoryAxis* x = periodAxis(chart, categories, weekly, tr("Created (UTC)"));
    if (log) {
        attach(chart, series, x, logCountAxis(max, tr("Operations")));
        noteLogScale(chart, operationsPerPeriod(s), weekly, tr("side by side, 0: no bar"));
    } else {
        attach(chart, series, x, countAxis(max, tr("Operations")));
    }
    tooltipOnHover(series, categories);
    return chart;
}

QChart* HistoryCharts::duplicatesPerDay(const HistoryStats::Snapshot& s, Scale scale)
{
    const QList<Period> ps = periods(s);
    const bool weekly = ps.size() < s.days.size();
    const bool log = scale == Scale::Log;
    QChart* chart = newChart(weekly ? tr("Duplicate refunds prevented per week")
                                    : tr("Duplicate refunds prevented per day"));
    QPen pen(StatusPalette::seriesColor(StatusPalette::Series::DuplicatesPrevented));
    pen.setWidth(2);
    QStringList categories;
    for (const Period& p : ps)
        categories << p.label;
    const QList<qint64> values = duplicatesPerPeriod(s);
    qint64 max = 0;
    for (qint64 n : values)
        max = qMax(max, n);
    // One line on a linear scale; on a log one, a line per run of periods that have any: a
    // zero cannot be drawn there, and joining across it would draw values that are not there.
    QList<QLineSeries*> lines;
    for (int i = 0; i < values.size(); ++i) {
        if (log && values[i] == 0)
            continue;
        if (lines.isEmpty() || (log && values[i - 1] == 0)) {
            auto* line = new QLineSeries;
            line->setName(HistoryStats::title(HistoryStats::Figure::DuplicatesPrevented));
            line->setPointsVisible(true);
            line->setPen(pen);
            lines << line;
        }
        lines.last()->append(i, double(values[i]));
    }
    QCategoryAxis* x = periodAxis(chart, categories, weekly, tr("Operation created (UTC)"));
    // The chart's title and its line carry the figure's name (issue 15: "Key reuses" read as
    // another figure); the axis says what is counted, short enough to stand upright beside a
    // small chart without being cut ("Duplicate refunds prevented" was elided at 1024x640).
    const QString counted = tr("Calls and retries");
    QAbstractAxis* y = log ? static_cast<QAbstractAxis*>(logCountAxis(max, counted)) : countAxis(max, counted);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries* line : lines) {
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        QObject::connect(line, &QLineSeries::hovered, line, [categories](const QPointF& point, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            const int i = qRound(point.x());
            QToolTip::showText(QCursor::pos(),
                               tr("%1 — %2 duplicates prevented")
                                   .arg(i >= 0 && i < categories.size() ? categories[i] : QString(),
                                        QLocale().toString(qRound64(point.y()))));
        });
    }
    if (log)
        noteLogScale(chart, values, weekly, tr("0: a gap"));
    chart->legend()->hide();
    return chart;
}

QChart* HistoryCharts::attemptsHistogram(const HistoryStats::Snapshot& s)
{
    QChart* chart = newChart(tr("Provider attempts per operation"));
    auto* set = new QBarSet(tr("Operations"));
    set->setColor(StatusPalette::seriesColor(StatusPalette::Series::AttemptsPerOperation));
    set->setBorderColor(set->color());
    QStringList categories;
    qint64 max = 0;
    for (int i = 0; i < s.attemptsHistogram.size(); ++i) {
        *set << double(s.attemptsHistogram[i]);
        categories << QString::number(i + 1);
        max = qMax(max, s.attemptsHistogram[i]);
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.7);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("Attempts (same key)"));
    attach(chart, series, x, countAxis(max, tr("Operations")));
    chart->legend()->hide();
    tooltipOnHover(series, categories);
    return chart;
}

QChart* HistoryCharts::timeToResolve(const HistoryStats::Snapshot& s)
{
    QChart* chart = newChart(tr("Time to resolve (operations a person or the reconciler resolved)"));
    auto* set = new QBarSet(tr("Resolved operations"));
    set->setColor(StatusPalette::seriesColor(StatusPalette::Series::TimeToResolve));
    set->setBorderColor(set->color());
    QStringList categories;
    qint64 max = 0;
    for (const auto& b : s.resolveBuckets) {
        *set << double(b.operations);
        categories << bucketLabel(b);
        max = qMax(max, b.operations);
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.7);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("From created to resolved"));
    attach(chart, series, x, countAxis(max, tr("Operations")));
    chart->legend()->hide();
    tooltipOnHover(series, categories);
    return chart;
}

QString HistoryCharts::bucketLabel(const HistoryStats::Bucket& b)
{
    auto short_ = [](qint64 ms) {
        constexpr qint64 hour = 3600LL * 1000;
        return ms % (24 * hour) == 0 && ms >= 24 * hour ? tr("%1 d").arg(ms / (24 * hour))
                                                        : tr("%1 h").arg(ms / hour);
    };
    // No "<" or ">": chart labels are rich text and "< 1 h" would vanish as a tag.
    if (b.fromMs == 0)
        return tr("under %1").arg(short_(b.toMs));
    if (b.toMs == 0)
        return tr("over %1").arg(short_(b.fromMs));
    return tr("%1 – %2").arg(short_(b.fromMs), short_(b.toMs));
}

QString HistoryCharts::duration(qint64 ms)
{
    const qint64 s = ms / 1000;
    const qint64 d = s / 86400, h = (s % 86400) / 3600, m = (s % 3600) / 60;
    if (d > 0)
        return tr("%1 d %2 h").arg(d).arg(h);
    if (h > 0)
        return tr("%1 h %2 min").arg(h).arg(m);
    if (m > 0)
        return tr("%1 min").arg(m);
    return tr("%1 s").arg(s);
}
