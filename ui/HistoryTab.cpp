#include "HistoryTab.h"

#include "HistoryCharts.h"
#include "HistoryTableModel.h"
#include "Logging.h"
#include "MessageBanner.h"
#include "Money.h"
#include "OperationFormat.h"
#include "SplitRowLayout.h"
#include "StatusPalette.h"
#include "console/ConsoleDataService.h"
#include "history/HistoryCsvExporter.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QFileDialog>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTextDocument>
#include <QTimeZone>
#include <QVBoxLayout>

namespace {
QString figureKey(HistoryStats::Figure f)
{
    switch (f) {
    case HistoryStats::Figure::Operations:
        return QStringLiteral("operations");
    case HistoryStats::Figure::ToolCalls:
        return QStringLiteral("toolCalls");
    case HistoryStats::Figure::JoinedToolCalls:
        return QStringLiteral("joinedToolCalls");
    case HistoryStats::Figure::LostInsertRaces:
        return QStringLiteral("lostInsertRaces");
    case HistoryStats::Figure::ProviderReplays:
        return QStringLiteral("providerReplays");
    case HistoryStats::Figure::AttemptsBeyondFirst:
        return QStringLiteral("attemptsBeyondFirst");
    case HistoryStats::Figure::MaxRefundsPerLogicalRefund:
        return QStringLiteral("maxRefundsPerLogicalRefund");
    case HistoryStats::Figure::DuplicatesPrevented:
        return QStringLiteral("duplicatesPrevented");
    case HistoryStats::Figure::UnknownRate:
        return QStringLiteral("unknownRate");
    case HistoryStats::Figure::UnknownMoney:
        return QStringLiteral("unknownMoney");
    case HistoryStats::Figure::UnknownNow:
        return QStringLiteral("unknownNow");
    case HistoryStats::Figure::UnknownMoneyNow:
        return QStringLiteral("unknownMoneyNow");
    case HistoryStats::Figure::MedianTimeToResolve:
        return QStringLiteral("medianTimeToResolve");
    case HistoryStats::Figure::P90TimeToResolve:
        return QStringLiteral("p90TimeToResolve");
    case HistoryStats::Figure::AutoResolved:
        return QStringLiteral("autoResolved");
    case HistoryStats::Figure::MedianSettleByReconciler:
        return QStringLiteral("medianSettleByReconciler");
    case HistoryStats::Figure::MedianSettleByPeople:
        return QStringLiteral("medianSettleByPeople");
    case HistoryStats::Figure::Reversals:
        return QStringLiteral("reversals");
    case HistoryStats::Figure::ReversedMoney:
        return QStringLiteral("reversedMoney");
    case HistoryStats::Figure::UnmatchedEvents:
        return QStringLiteral("unmatchedEvents");
    }
    return {};
}

QChartView* newChartView(const QString& name)
{
    auto* view = new QChartView;
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(150); // two rows of charts, the tiles and the table still fit 1280x800
    return view;
}
} // namespace

HistoryTab::HistoryTab(const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_clock(clock)
{
    setObjectName(QStringLiteral("historyTab"));
    m_model = new HistoryTableModel(this);
    buildUi();
    // Default: the last 7 UTC days, today included.
    const QDate today = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs(), QTimeZone::utc()).date();
    {
        const QSignalBlocker a(m_from), b(m_to); // the "Last 7 days" preset, not a custom range
        m_from->setDate(today.addDays(-6));
        m_to->setDate(today);
    }
}

HistoryTab::~HistoryTab()
{
    // The jobs belong to the service, which drops their answers for a tab that is gone; an
    // export still running stops at its next page and writes nothing.
    if (m_cancelExport)
        m_cancelExport->store(true);
}

void HistoryTab::buildUi()
{
    auto* outer = new QVBoxLayout(this);
    m_banner = new MessageBanner(this);
    m_banner->setObjectName(QStringLiteral("historyBanner"));
    outer->addWidget(m_banner);

    // The range and state at the left, the figures' status and Export at the right: one row
    // when they fit, else the status and Export on a row of their own (issue 15: at 1024 px in
    // Russian and Turkish the one row made the tab scroll sideways).
    auto* filters = new QWidget(this);
    auto* bar = new QHBoxLayout(filters);
    bar->setContentsMargins(0, 0, 0, 0);
    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("historyPreset"));
    m_preset->addItem(tr("Last 7 days"), 7);
    m_preset->addItem(tr("Last 30 days"), 30);
    m_preset->addItem(tr("Last 90 days"), 90);
    m_preset->addItem(tr("All time"), 0);
    m_preset->addItem(tr("Custom range"), -1);
    bar->addWidget(m_preset);
    bar->addWidget(new QLabel(tr("From (UTC)"), this));
    m_from = new QDateEdit(this);
    m_from->setObjectName(QStringLiteral("historyFrom"));
    m_from->setCalendarPopup(true);
    m_from->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    bar->addWidget(m_from);
    bar->addWidget(new QLabel(tr("to (UTC, inclusive)"), this));
    m_to = new QDateEdit(this);
    m_to->setObjectName(QStringLiteral("historyTo"));
    m_to->setCalendarPopup(true);
    m_to->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    bar->addWidget(m_to);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("State"), this));
    m_state = new QComboBox(this);
    m_state->setObjectName(QStringLiteral("historyState"));
    m_state->addItem(tr("All states"), -1);
    for (OperationStatus s : {OperationStatus::Refunded, OperationStatus::Failed, OperationStatus::Unknown,
                              OperationStatus::Open})
        m_state->addItem(OperationFormat::statusTitle(s), int(s));
    bar->addWidget(m_state);
    m_refresh = new QPushButton(tr("Refresh"), this);
    m_refresh->setObjectName(QStringLiteral("historyRefresh"));
    bar->addWidget(m_refresh);
    auto* actions = new QWidget(this);
    auto* actionsLayout = new QHBoxLayout(actions);
    actionsLayout->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("historyStatus"));
    actionsLayout->addWidget(m_status);
    m_export = new QPushButton(tr("Export CSV…"), this);
    m_export->setObjectName(QStringLiteral("historyExport"));
    actionsLayout->addWidget(m_export);
    auto* barRows = new SplitRowLayout;
    barRows->addWidget(filters);
    barRows->addWidget(actions);
    outer->addLayout(barRows);

    outer->addWidget(buildTiles());

    auto* split = new QSplitter(Qt::Vertical, this);
    m_chartStack = new QStackedWidget(split);
    auto* charts = new QWidget(m_chartStack);
    m_chartGrid = new QGridLayout(charts);
    m_chartGrid->setContentsMargins(0, 0, 0, 0);
    m_outcomesView = newChartView(QStringLiteral("chartOutcomes"));
    m_duplicatesView = newChartView(QStringLiteral("chartDuplicates"));
    m_attemptsView = newChartView(QStringLiteral("chartAttempts"));
    m_resolveView = newChartView(QStringLiteral("chartTimeToResolve"));
    placeCharts(2); // reflow() makes it one column where two would cut the legend or title
    // Issue 15: one busy day flattened the others. Each per-day chart has its own log scale box,
    // in the chart's top right corner (no row of its own: the table below must still show at
    // 1280x800), ticked for a snapshot whose busiest day dominates (HistoryCharts::dominance()).
    m_outcomesLog = new QCheckBox(tr("Log scale"), m_outcomesView->viewport());
    m_outcomesLog->setObjectName(QStringLiteral("chartOutcomesLog"));
    m_duplicatesLog = new QCheckBox(tr("Log scale"), m_duplicatesView->viewport());
    m_duplicatesLog->setObjectName(QStringLiteral("chartDuplicatesLog"));
    for (QCheckBox* box : {m_outcomesLog, m_duplicatesLog}) {
        auto* corner = new QHBoxLayout(box->parentWidget());
        corner->setContentsMargins(0, 4, 10, 0);
        corner->addWidget(box, 0, Qt::AlignRight | Qt::AlignTop);
        connect(box, &QCheckBox::toggled, this, [this, box] {
            // A person's choice (the automatic one is set with signals blocked): kept for every
            // snapshot of this range.
            m_logScaleChosen.insert(box);
            if (m_snapshot)
                showPerDayCharts(*m_snapshot);
        });
    }
    m_chartStack->addWidget(charts);
    m_emptyState = new QLabel(m_chartStack);
    m_emptyState->setObjectName(QStringLiteral("historyEmpty"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_chartStack->addWidget(m_emptyState);
    split->addWidget(m_chartStack);

    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // Every column sorts (issue 15), in SQL over the whole range; created, oldest first, to start.
    m_table->horizontalHeader()->setSortIndicator(HistoryTableModel::CreatedColumn, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    split->addWidget(m_table);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    m_table->setMinimumHeight(120);
    outer->addWidget(split, 1);

    connect(m_refresh, &QPushButton::clicked, this, &HistoryTab::refresh);
    connect(m_from, &QDateEdit::dateChanged, this, &HistoryTab::onDatesEdited);
    connect(m_to, &QDateEdit::dateChanged, this, &HistoryTab::onDatesEdited);
    connect(m_preset, &QComboBox::activated, this, [this](int index) { applyPreset(m_preset->itemData(index).toInt()); });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (const Operation* op = m_model->operationAt(index.row()))
            emit operationActivated(op->operationId);
    });
    connect(m_model, &HistoryTableModel::readFinished, this, [this](bool ok) {
        if (ok && std::exchange(m_resizeOnRead, false))
            m_table->resizeColumnsToContents();
        if (!ok)
            m_banner->showMessage(MessageBanner::Level::Error,
                                  tr("The operations table could not be read: %1")
                                      .arg(Logging::redact(m_model->lastError().message)));
    });
    connect(m_state, &QComboBox::currentIndexChanged, this, &HistoryTab::refresh);
    connect(m_export, &QPushButton::clicked, this, &HistoryTab::onExportClicked);
}

QWidget* HistoryTab::buildTiles()
{
    auto* box = new QWidget(this);
    m_tileGrid = new QGridLayout(box);
    m_tileGrid->setContentsMargins(0, 0, 0, 0);
    m_tileGrid->setSpacing(6);
    for (const HistoryStats::Figure f : HistoryStats::figures()) {
        const bool wide = f == HistoryStats::Figure::UnknownMoney || f == HistoryStats::Figure::UnknownMoneyNow;
        const bool list = wide || f == HistoryStats::Figure::ReversedMoney; // one amount per currency
        auto* tile = new QFrame(box);
        tile->setObjectName(QStringLiteral("tile_") + figureKey(f));
        tile->setFrameShape(QFrame::StyledPanel);
        tile->setToolTip(HistoryStats::definition(f));
        tile->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
        auto* v = new QVBoxLayout(tile);
        v->setContentsMargins(8, 4, 8, 4);
        v->setSpacing(2);
        auto* title = new QLabel(HistoryStats::title(f), tile);
        QFont tf = title->font();
        tf.setPointSizeF(tf.pointSizeF() * 0.9);
        title->setFont(tf);
        title->setStyleSheet(QStringLiteral("color: palette(dark);"));
        title->setWordWrap(true); // eight tiles a row: long titles (and Russian ones) take two lines
        auto* value = new QLabel(QStringLiteral("—"), tile);
        value->setObjectName(QStringLiteral("figure_") + figureKey(f));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont vf = value->font();
        vf.setPointSizeF(vf.pointSizeF() * (list ? 1.0 : 1.35));
        vf.setBold(true);
        value->setFont(vf);
        if (list) {
            // One amount per currency: room for two lines, so a long list wraps instead of being cut off.
            value->setWordWrap(true);
            value->setMinimumHeight(QFontMetrics(vf).lineSpacing() * 2);
            value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        }
        v->addWidget(title);
        v->addWidget(value);
        m_tileCells.append({tile, wide ? 3 : 1});
        m_tiles.insert(f, value);
    }
    placeTiles(8);
    return box;
}

void HistoryTab::placeTiles(int columns)
{
    // Equal columns; money in unknown lists one amount per currency, so it spans three, and the
    // other money tile wraps its list instead. 8, 6 and 4 columns all fill their rows (3, 4, 6).
    m_tileColumns = columns;
    for (const auto& [tile, span] : std::as_const(m_tileCells))
        m_tileGrid->removeWidget(tile);
    int cell = 0;
    for (const auto& [tile, span] : std::as_const(m_tileCells)) {
        if (cell % columns + span > columns)
            cell += columns - cell % columns;
        m_tileGrid->addWidget(tile, cell / columns, cell % columns, 1, span);
        cell += span;
    }
    for (int c = 0; c < m_tileGrid->columnCount(); ++c)
        m_tileGrid->setColumnStretch(c, c < columns ? 1 : 0);
}

void HistoryTab::placeCharts(int columns)
{
    m_chartColumns = columns;
    // Two rows of two charts fit 1280x800 with the tiles and the table; one chart a row (1024 px
    // in Russian) gets more height instead, so its axis titles and legend are not squeezed.
    for (QChartView* view : {m_outcomesView, m_duplicatesView, m_attemptsView, m_resolveView})
        view->setMinimumHeight(columns == 1 ? 210 : 150);
    const QList<QChartView*> views = {m_outcomesView, m_duplicatesView, m_attemptsView, m_resolveView};
    for (QChartView* view : views)
        m_chartGrid->removeWidget(view);
    for (int i = 0; i < views.size(); ++i)
        m_chartGrid->addWidget(views[i], i / columns, i % columns);
    for (int c = 0; c < m_chartGrid->columnCount(); ++c)
        m_chartGrid->setColumnStretch(c, c < columns ? 1 : 0);
}

int HistoryTab::tileWidthNeeded() const
{
    // A tile is as narrow as its longest word (titles and amount lists wrap at spaces) or its
    // one-line value: "Несопоставленные" was cut at eight columns in 1024 px.
    int needed = 0;
    for (const auto& [tile, span] : std::as_const(m_tileCells)) {
        int w = 0;
        for (const QLabel* label : tile->findChildren<QLabel*>()) {
            const QFontMetrics fm(label->font());
            if (label->wordWrap()) {
                for (const QString& word : label->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
                    w = qMax(w, fm.horizontalAdvance(word));
            } else {
                w = qMax(w, fm.horizontalAdvance(label->text()));
            }
        }
        const QMargins m = tile->layout()->contentsMargins();
        w += m.left() + m.right() + 2 * static_cast<const QFrame*>(tile)->frameWidth() + 2;
        // A tile over several columns has their spacing too.
        needed = qMax(needed, (w - (span - 1) * m_tileGrid->horizontalSpacing() + span - 1) / span);
    }
    return needed;
}

int HistoryTab::chartWidthNeeded(int fullWidth) const
{
    // Room for the legend's entries side by side, and for the title between the chart's edges
    // and the Log scale box in its top right corner (the title is centred).
    int needed = 0;
    for (const QChartView* view : {m_outcomesView, m_duplicatesView, m_attemptsView, m_resolveView}) {
        const QChart* chart = view->chart();
        if (!chart)
            continue;
        int w = 0;
        if (chart->legend()->isVisible()) {
            const QFontMetrics fm(chart->legend()->font());
            for (const QLegendMarker* marker : chart->legend()->markers())
                w += fm.horizontalAdvance(marker->label()) + fm.height() + fm.averageCharWidth();
        }
        QTextDocument title;
        title.setHtml(chart->title());
        const QFontMetrics tfm(chart->titleFont());
        int titleW = 0;
        for (const QString& line : title.toPlainText().split(QLatin1Char('\n')))
            titleW = qMax(titleW, tfm.horizontalAdvance(line));
        int corner = 0;
        for (const QCheckBox* box : view->viewport()->findChildren<QCheckBox*>())
            corner = qMax(corner, box->sizeHint().width() + 10);
        w = qMax(w, titleW + 2 * corner);
        // The histograms' x labels whole (attempts, "1 h – 4 h"), beside the y axis's numbers
        // and title, where a whole-width chart can show them. The per-day charts need no room
        // here: their axis labels as many days as fit (HistoryCharts' periodAxis).
        for (QAbstractAxis* axis : chart->axes(Qt::Horizontal))
            if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
                const QFontMetrics fm(categories->labelsFont());
                int labels = 0;
                for (const QString& label : categories->categories())
                    labels += fm.horizontalAdvance(label) + 2 * fm.averageCharWidth();
                labels += 8 * fm.averageCharWidth() + 2 * fm.height();
                if (labels <= fullWidth)
                    w = qMax(w, labels);
            }
        const QMargins m = chart->margins();
        needed = qMax(needed, w + m.left() + m.right() + 40);
    }
    return needed;
}

void HistoryTab::reflow()
{
    // The tab's own width, whatever the scroll area around it: it never asks for more than that.
    const QMargins margins = layout()->contentsMargins();
    const int width = this->width() - margins.left() - margins.right();
    const int spacing = m_tileGrid->horizontalSpacing();
    const int tileW = tileWidthNeeded();
    int columns = 4;
    for (int c : {8, 6})
        if ((width - (c - 1) * spacing) / c >= tileW) {
            columns = c;
            break;
        }
    if (columns != m_tileColumns)
        placeTiles(columns);
    const int charts = (width - m_chartGrid->horizontalSpacing()) / 2 >= chartWidthNeeded(width) ? 2 : 1;
    if (charts != m_chartColumns)
        placeCharts(charts);
}

void HistoryTab::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    reflow();
}

bool HistoryTab::setDataService(ConsoleDataService* service)
{
    m_service = service;
    ++m_generation; // figures asked of the previous service are dropped
    m_computing = false;
    if (m_exporting) {
        // Its answer is dropped with the old connection: stop it and offer Export again.
        m_cancelExport->store(true);
        finishExport({false, 0, tr("Export cancelled: no file was written.")});
    }
    if (!m_service) {
        m_model->setReader({});
        return false;
    }
    // Pages in the default order are short reads on the service thread; any other order sorts
    // the whole range for each page, a worker's job (the model tells which).
    m_model->setReader([service,
                        model = m_model](HistoryTableModel::PageRead read, bool heavy,
                                         std::function<void(StoreResult<HistoryTableModel::Page>)> done) {
        if (heavy)
            service->submitOnWorker(
                model, [read](Database& db, const std::atomic_bool&) { return read(db); }, std::move(done));
        else
            service->submit(
                model, [read](Database& db, OperationStore&) { return read(db); }, std::move(done));
    });
    m_banner->clearMessage();
    refresh();
    return true;
}

void HistoryTab::applyPreset(int days)
{
    if (days < 0)
        return; // custom: the dates as they are
    const QDate today = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs(), QTimeZone::utc()).date();
    m_preset->setCurrentIndex(m_preset->findData(days)); // first: refresh() reads it
    // "All time" asks from the epoch; the worker starts it at the first operation's day.
    setRange(days == 0 ? QDate(1970, 1, 1) : today.addDays(-(days - 1)), today);
}

void HistoryTab::onDatesEdited()
{
    // A date typed by hand is a custom range, and a new range: the scales are proposed again.
    m_logScaleChosen.clear();
    const QSignalBlocker block(m_preset);
    m_preset->setCurrentIndex(m_preset->findData(-1));
    refresh();
}

void HistoryTab::setRange(const QDate& fromUtc, const QDate& toUtc)
{
    m_logScaleChosen.clear(); // a new range: its own automatic scales
    const QSignalBlocker a(m_from), b(m_to);
    m_from->setDate(fromUtc);
    m_to->setDate(toUtc);
    refresh();
}

void HistoryTab::setStateFilter(std::optional<OperationStatus> status)
{
    const QSignalBlocker block(m_state);
    m_state->setCurrentIndex(status ? m_state->findData(int(*status)) : 0);
    refresh();
}

HistoryFilter HistoryTab::filter() const
{
    HistoryFilter f;
    f.fromMs = QDateTime(m_from->date(), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    f.toMs = QDateTime(m_to->date().addDays(1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    const int s = m_state->currentData().toInt();
    if (s >= 0)
        f.status = OperationStatus(s);
    return f;
}

void HistoryTab::refresh()
{
    if (!m_service)
        return;
    const HistoryFilter f = filter();
    if (auto r = f.validate(); !r) {
        m_banner->showMessage(MessageBanner::Level::Warning,
                              tr("The end date is before the start date: pick a later end date."));
        // The tiles show no figures of another range, and a computation still running for it is
        // dropped when it lands (its generation is stale).
        ++m_generation;
        m_snapshot.reset();
        for (QLabel* tile : std::as_const(m_tiles)) {
            tile->setText(QStringLiteral("—"));
            tile->setStyleSheet(QString());
        }
        m_status->setText(tr("No figures: the range is not valid."));
        // Nor do the charts and the table: they would still show the previous range.
        m_emptyState->setText(tr("The end date is before the start date: pick a later end date."));
        m_chartStack->setCurrentWidget(m_emptyState);
        m_model->clear(); // the next valid range reads again
        return;
    }
    m_banner->clearMessage();
    m_model->setFilter(f);
    m_resizeOnRead = true; // when its first page lands (readFinished)
    const quint64 generation = ++m_generation;
    m_computing = true;
    m_status->setText(tr("Computing…"));
    const bool allTime = m_preset->currentData().toInt() == 0;
    // A long job: a worker connection of its own, never in front of the service's short reads.
    m_service->submitOnWorker(
        this,
        [f, allTime](Database& db, const std::atomic_bool&) -> StoreResult<HistoryStats::Snapshot> {
            HistoryFilter range = f;
            if (allTime) {
                // All time starts at the first operation's day, not at 1970.
                auto r = HistoryStats::allTime(db, f);
                if (!r)
                    return r.error();
                range = r.value();
            }
            return HistoryStats::compute(db, range);
        },
        [this, generation](StoreResult<HistoryStats::Snapshot> r) { onStatsReady(generation, r); });
}

void HistoryTab::onStatsReady(quint64 generation, const StoreResult<HistoryStats::Snapshot>& result)
{
    if (generation != m_generation)
        return; // superseded by a newer refresh, which is still running
    m_computing = false;
    if (!result) {
        m_status->clear();
        m_banner->showMessage(
            MessageBanner::Level::Error,
            tr("The history could not be computed: %1").arg(Logging::redact(result.error().message)));
        emit statsUpdated(false);
        return;
    }
    m_snapshot = result.value();
    if (m_preset->currentData().toInt() == 0) {
        const QSignalBlocker block(m_from); // the range the figures cover, not a custom edit
        m_from->setDate(QDateTime::fromMSecsSinceEpoch(m_snapshot->filter.fromMs, QTimeZone::utc()).date());
    }
    showSnapshot(*m_snapshot);
    emit statsUpdated(true);
}

void HistoryTab::setTile(HistoryStats::Figure figure, const QString& value, bool warn)
{
    QLabel* label = m_tiles.value(figure);
    label->setText(value);
    label->setStyleSheet(warn ? StatusPalette::toneStyleSheet(StatusPalette::Tone::Danger, palette())
                              : QString());
}

void HistoryTab::showSnapshot(const HistoryStats::Snapshot& s)
{
    using F = HistoryStats::Figure;
    const QLocale locale;
    auto n = [&](qint64 v) { return locale.toString(v); };
    setTile(F::Operations, n(s.operations));
    setTile(F::ToolCalls, n(s.toolCalls));
    setTile(F::JoinedToolCalls, n(s.joinedToolCalls));
    setTile(F::LostInsertRaces, n(s.lostInsertRaces));
    setTile(F::ProviderReplays, n(s.providerReplays));
    setTile(F::AttemptsBeyondFirst, n(s.attemptsBeyondFirst));
    setTile(F::MaxRefundsPerLogicalRefund,
            s.maxRefundsPerLogicalRefund ? n(s.maxRefundsPerLogicalRefund) : tr("no refunds"),
            s.maxRefundsPerLogicalRefund > 1);
    // Which logical refunds were paid more than once, so finance can open them (ids are copyable
    // from the Operations tab's search).
    QStringList paidTwice;
    for (const auto& o : s.overRefunded.mid(0, 10))
        paidTwice << tr("Order %1, %2%3: refunds %4")
                         .arg(o.orderId, Money::withCode(o.amountCents, o.currency, locale),
                              o.requestRef.isEmpty() ? QString() : tr(", request %1").arg(o.requestRef),
                              o.refundIds.join(QStringLiteral(", ")));
    if (s.overRefunded.size() > 10)
        paidTwice << tr("and %n more", nullptr, int(s.overRefunded.size() - 10));
    m_tiles.value(F::MaxRefundsPerLogicalRefund)->setToolTip(paidTwice.join(QLatin1Char('\n')));
    setTile(F::DuplicatesPrevented, n(s.duplicatesPrevented), s.maxRefundsPerLogicalRefund > 1);
    setTile(F::UnknownRate, OperationFormat::percent(s.unknownRate() * 100.0, 1, locale));
    QStringList money;
    for (const auto& m : s.unknownMoney)
        money << Money::withCode(m.minorUnits, m.currency, locale);
    setTile(F::UnknownMoney, money.isEmpty() ? tr("none") : money.join(QStringLiteral("  ·  ")));
    m_tiles.value(F::UnknownMoney)->setToolTip(money.join(QLatin1Char('\n')));
    // As of now, beside the range's figures: every unknown operation, whatever its creation day.
    setTile(F::UnknownNow, n(s.unknownNowOperations));
    QStringList moneyNow;
    for (const auto& m : s.unknownNowMoney)
        moneyNow << Money::withCode(m.minorUnits, m.currency, locale);
    setTile(F::UnknownMoneyNow, moneyNow.isEmpty() ? tr("none") : moneyNow.join(QStringLiteral("  ·  ")));
    m_tiles.value(F::UnknownMoneyNow)->setToolTip(moneyNow.join(QLatin1Char('\n')));
    setTile(F::MedianTimeToResolve,
            s.medianResolveMs ? HistoryCharts::duration(*s.medianResolveMs) : tr("none resolved"));
    setTile(F::P90TimeToResolve,
            s.p90ResolveMs ? HistoryCharts::duration(*s.p90ResolveMs) : tr("none resolved"));
    setTile(F::AutoResolved, n(s.autoResolvedOperations));
    setTile(F::MedianSettleByReconciler, s.medianSettleByReconcilerMs
                                             ? HistoryCharts::duration(*s.medianSettleByReconcilerMs)
                                             : tr("none"));
    setTile(F::MedianSettleByPeople,
            s.medianSettleByPeopleMs ? HistoryCharts::duration(*s.medianSettleByPeopleMs) : tr("none"));
    setTile(F::Reversals, n(s.reversedOperations), s.reversedOperations > 0);
    QStringList reversed;
    for (const auto& m : s.reversedMoney)
        reversed << Money::withCode(m.minorUnits, m.currency, locale);
    setTile(F::ReversedMoney, reversed.isEmpty() ? tr("none") : reversed.join(QLatin1Char('\n')),
            !reversed.isEmpty());
    m_tiles.value(F::ReversedMoney)->setToolTip(reversed.join(QLatin1Char('\n')));
    setTile(F::UnmatchedEvents, n(s.unmatchedEvents));

    m_status->setText(tr("%1 operations · computed in %2 ms").arg(n(s.operations)).arg(s.elapsedMs));
    if (s.operations == 0) {
        m_emptyState->setText(
            tr("No operations were created in this range%1.\nPick a wider date range or another "
               "state to see the duplicate-prevention history.")
                .arg(s.filter.status
                         ? tr(" with state %1").arg(OperationFormat::statusTitle(*s.filter.status))
                         : QString()));
        m_chartStack->setCurrentWidget(m_emptyState);
        return;
    }
    m_chartStack->setCurrentIndex(0);
    // QChartView takes ownership of the new chart; delete the old one.
    auto replace = [](QChartView* view, QChart* chart) {
        QChart* old = view->chart();
        view->setChart(chart);
        delete old;
    };
    replace(m_attemptsView, HistoryCharts::attemptsHistogram(s));
    replace(m_resolveView, HistoryCharts::timeToResolve(s));
    // A log scale only where one period dominates (the chart says so under its title), and only
    // for a box nobody has chosen for this range: a new snapshot of the same range (Refresh, a
    // change in the database, another state) keeps what the person ticked or unticked (issue 15).
    const auto propose = [this](QCheckBox* box, double ratio) {
        if (m_logScaleChosen.contains(box))
            return;
        const QSignalBlocker block(box);
        box->setChecked(ratio > HistoryCharts::kDominanceRatio);
    };
    propose(m_outcomesLog, HistoryCharts::dominance(HistoryCharts::operationsPerPeriod(s)));
    propose(m_duplicatesLog, HistoryCharts::dominance(HistoryCharts::duplicatesPerPeriod(s)));
    showPerDayCharts(s);
}

void HistoryTab::showPerDayCharts(const HistoryStats::Snapshot& s)
{
    const auto scale = [](const QCheckBox* box) {
        return box->isChecked() ? HistoryCharts::Scale::Log : HistoryCharts::Scale::Linear;
    };
    // QChartView takes ownership of the new chart; delete the old one.
    auto replace = [](QChartView* view, QChart* chart) {
        QChart* old = view->chart();
        view->setChart(chart);
        delete old;
    };
    replace(m_outcomesView, HistoryCharts::outcomesPerDay(s, scale(m_outcomesLog)));
    replace(m_duplicatesView, HistoryCharts::duplicatesPerDay(s, scale(m_duplicatesLog)));
    reflow(); // new legends and titles, new values in the tiles
}

void HistoryTab::onExportClicked()
{
    QString path;
    if (m_exportPath) {
        path = m_exportPath();
    } else {
        const HistoryFilter f = filter();
        const QString suggested =
            QStringLiteral("refund-history-%1-%2.csv")
                .arg(m_from->date().toString(Qt::ISODate), m_to->date().toString(Qt::ISODate));
        path = QFileDialog::getSaveFileName(this, tr("Export history as CSV"), suggested,
                                            tr("CSV files (*.csv)"));
        Q_UNUSED(f);
    }
    if (!path.isEmpty())
        exportCsvTo(path);
}

void HistoryTab::exportCsvTo(const QString& path)
{
    if (m_exporting || !m_service)
        return;
    const HistoryFilter f = filter();
    m_exporting = true;
    m_export->setEnabled(false);
    m_cancelExport = std::make_shared<std::atomic_bool>(false);
    const qint64 expected = m_model->totalCount();
    if (expected >= m_progressThreshold) {
        m_progress = new QProgressDialog(tr("Exporting %1 operations…").arg(QLocale().toString(expected)),
                                         tr("Cancel"), 0, 100, this);
        m_progress->setObjectName(QStringLiteral("historyExportProgress"));
        m_progress->setWindowModality(Qt::WindowModal);
        m_progress->setMinimumDuration(0);
        m_progress->setAutoClose(false);
        m_progress->setAutoReset(false);
        auto cancel = m_cancelExport;
        connect(m_progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    }
    auto cancel = m_cancelExport;
    QPointer<HistoryTab> self(this);
    // A long job (a million rows): on a worker connection of its own.
    m_service->submitOnWorker(
        this,
        [f, path, cancel, self](Database& db,
                                const std::atomic_bool& stopping) -> StoreResult<ExportOutcome> {
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return ExportOutcome{false, 0, tr("Cannot write %1: %2").arg(path, file.errorString())};
            HistoryCsvExporter::Options options;
            options.cancel = cancel.get();
            options.progress = [self, cancel, &stopping](qint64 done, qint64 total) {
                if (stopping.load())
                    cancel->store(true); // the console closed or reconnected: stop at the next page
                QMetaObject::invokeMethod(
                    self.data(),
                    [self, done, total] {
                        if (self)
                            self->onExportProgress(done, total);
                    },
                    Qt::QueuedConnection);
            };
            auto r = HistoryCsvExporter(db).write(file, f, options);
            if (!r) {
                file.cancelWriting();
                return ExportOutcome{
                    false, 0,
                    tr("The export failed, no file was written: %1").arg(Logging::redact(r.error().message))};
            }
            if (r.value().cancelled) {
                file.cancelWriting();
                return ExportOutcome{false, r.value().rows, tr("Export cancelled: no file was written.")};
            }
            if (!file.commit())
                return ExportOutcome{false, 0, tr("Cannot write %1: %2").arg(path, file.errorString())};
            return ExportOutcome{true, r.value().rows,
                                 tr("Exported %1 operations to %2.").arg(r.value().rows).arg(path)};
        },
        [this](StoreResult<ExportOutcome> r) {
            finishExport(
                r ? r.value()
                  : ExportOutcome{
                        false, 0,
                        tr("The export could not start: %1").arg(Logging::redact(r.error().message))});
        });
}

void HistoryTab::finishExport(const ExportOutcome& outcome)
{
    m_exporting = false;
    m_export->setEnabled(true);
    if (m_progress)
        m_progress->deleteLater();
    m_banner->showMessage(outcome.ok ? MessageBanner::Level::Info : MessageBanner::Level::Warning,
                          outcome.message);
    emit exportFinished(outcome.ok, outcome.rows, outcome.message);
}

void HistoryTab::onExportProgress(qint64 done, qint64 total)
{
    if (!m_progress || total <= 0)
        return;
    m_progress->setValue(int(done * 100 / total));
}
