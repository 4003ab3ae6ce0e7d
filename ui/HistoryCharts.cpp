#include "HistoryCharts.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QDateTime>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTimeZone>
#include <QToolTip>
#include <QValueAxis>

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
    return chart;
}

// A y axis with whole-number ticks from 0 to a little above max.
QValueAxis* countAxis(qint64 max, const QString& title)
{
    auto* axis = new QValueAxis;
    const qint64 top = qMax<qint64>(max, 1);
    axis->setRange(0, double(top) * 1.1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTickCount(5);
    axis->applyNiceNumbers();
    axis->setTitleText(title);
    return axis;
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
            QToolTip::showText(QCursor::pos(),
                               QStringLiteral("%1 — %2: %3").arg(category, set->label()).arg(set->at(index)));
        });
}
} // namespace

QList<HistoryCharts::Period> HistoryCharts::periods(const HistoryStats::Snapshot& s)
{
    QList<Period> out;
    const int step = s.days.size() > kWeeklyAboveDays ? 7 : 1;
    for (int i = 0; i < s.days.size(); i += step) {
        const QDate day = QDateTime::fromMSecsSinceEpoch(s.days[i].startMs, QTimeZone::utc()).date();
        // QDate::toString(format) uses the C locale: "Nov 24" in every UI language, like the CSV.
        out << Period{day.toString(QStringLiteral("MMM d")), i,
                      int(qMin<qsizetype>(i + step, s.days.size()) - 1)};
    }
    return out;
}

QChart* HistoryCharts::outcomesPerDay(const HistoryStats::Snapshot& s)
{
    const QList<Period> ps = periods(s);
    const bool weekly = ps.size() < s.days.size();
    QChart* chart =
        newChart(weekly ? tr("Operations per week by outcome") : tr("Operations per day by outcome"));
    auto* series = new QStackedBarSeries;
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
            *set << double(n);
            totals[i] += n;
        }
        series->append(set);
    }
    for (qint64 t : totals)
        max = qMax(max, t);
    series->setBarWidth(0.7);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("Created (UTC)"));
    attach(chart, series, x, countAxis(max, tr("Operations")));
    tooltipOnHover(series, categories);
    return chart;
}

QChart* HistoryCharts::duplicatesPerDay(const HistoryStats::Snapshot& s)
{
    const QList<Period> ps = periods(s);
    const bool weekly = ps.size() < s.days.size();
    QChart* chart = newChart(weekly ? tr("Duplicate refunds prevented per week")
                                    : tr("Duplicate refunds prevented per day"));
    auto* series = new QLineSeries;
    series->setName(HistoryStats::title(HistoryStats::Figure::DuplicatesPrevented));
    series->setPointsVisible(true);
    QPen pen(StatusPalette::seriesColor(StatusPalette::Series::DuplicatesPrevented));
    pen.setWidth(2);
    series->setPen(pen);
    QStringList categories;
    qint64 max = 0;
    for (int i = 0; i < ps.size(); ++i) {
        qint64 n = 0;
        for (int d = ps[i].firstDay; d <= ps[i].lastDay; ++d)
            n += s.days[d].duplicatesPrevented;
        series->append(i, double(n));
        categories << ps[i].label;
        max = qMax(max, n);
    }
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("Operation created (UTC)"));
    // Labelled as the figure it plots (issue 15: "Key reuses" read as another figure).
    attach(chart, series, x, countAxis(max, tr("Duplicate refunds prevented")));
    chart->legend()->hide();
    QObject::connect(series, &QLineSeries::hovered, series, [categories](const QPointF& point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const int i = qRound(point.x());
        QToolTip::showText(QCursor::pos(),
                           tr("%1 — %2 duplicates prevented")
                               .arg(i >= 0 && i < categories.size() ? categories[i] : QString())
                               .arg(qRound64(point.y())));
    });
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
    QChart* chart = newChart(tr("Time to resolve (operations a reviewer resolved)"));
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
    x->setTitleText(tr("resolved_at - created_at"));
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
