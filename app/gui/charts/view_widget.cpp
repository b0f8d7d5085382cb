#include "view_widget.h"

#include "chart_view.h"
#include "gui/charts/hover_readout.h"
#include "legend_delegate.h"
#include "gui/charts/legend_menu.h"
#include "legend_model.h"
#include "nice_range.h"
#include "plot_grid_item.h"
#include "plot_lines_item.h"
#include "view_data.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace perfscope::gui {
namespace {

QString format_duration(qint64 ms)
{
    const qint64 s = ms / 1000;
    const QString frac = ms % 1000 ? QStringLiteral(".%1").arg(ms % 1000, 3, 10, QLatin1Char('0')) : QString();
    return QStringLiteral("%1:%2:%3%4")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'))
        .arg(frac);
}

constexpr int kValueTicks = 5;

// An axis range and tick count, given to the axis only when they changed:
// each change lays the axis's labels out again.
void setAxisRange(QValueAxis* axis, const NiceRange& range)
{
    if (axis->min() != range.min || axis->max() != range.max)
        axis->setRange(range.min, range.max);
    if (axis->tickCount() != range.ticks)
        axis->setTickCount(range.ticks);
}

void style_chart(QChart* chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    // Room for the first and last time labels, centred on the plot edges.
    chart->setMargins(QMargins(18, 10, 30, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
}

}  // namespace

ViewWidget::ViewWidget(ViewData* view_data, QWidget* parent) : QWidget(parent), m_data(view_data)
{
    m_legend_model = new LegendModel(m_data, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_legend_model);
    m_proxy->setSortRole(Qt::UserRole);
    buildUi();
    m_stats_timer = new QTimer(this);
    m_stats_timer->setSingleShot(true);
    connect(m_stats_timer, &QTimer::timeout, this, &ViewWidget::publishStatistics);
    for (int row = 0; row < m_data->seriesCount(); ++row)
        onSeriesAdded(row);
    connect(m_data, &ViewData::seriesAdded, this, &ViewWidget::onSeriesAdded);
    connect(m_data, &ViewData::seriesAboutToBeRemoved, this, &ViewWidget::onSeriesAboutToBeRemoved);
    connect(m_data, &ViewData::seriesChanged, this, &ViewWidget::onSeriesChanged);
    connect(m_data, &ViewData::cleared, this, &ViewWidget::onCleared);
    connect(m_data, &ViewData::appended, this, [this] {
        if (m_frozen)
            updateScrollBar();
        else
            scheduleRefresh(false);
    });
    connect(m_data, &ViewData::errorChanged, this, [this](const QString& error) {
        m_error->setText(error);
        m_error->setVisible(!error.isEmpty());
    });
    m_error->setText(m_data->error());
    m_error->setVisible(!m_data->error().isEmpty());
}

ViewWidget::~ViewWidget() = default;

void ViewWidget::buildUi()
{
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { padding: 4px; border: 1px solid palette(mid); }"));
    m_error->hide();

    m_line_chart = new QChart();
    style_chart(m_line_chart);
    m_y_axis = new QValueAxis(m_line_chart);
    m_y_axis->setLabelFormat(QStringLiteral("%.6g"));
    m_y_axis->setRange(0, 100);
    // The grid and the axis line are PlotGridItem's (see there why).
    m_y_axis->setGridLineVisible(false);
    m_y_axis->setLineVisible(false);
    m_line_chart->addAxis(m_y_axis, Qt::AlignLeft);
    // The frame, grid and time axis, then the lines above them: items over
    // the plot area (children of the chart, so exports render them).
    m_grid = new PlotGridItem(m_line_chart);
    m_grid->setZValue(5);
    m_grid->setLabelFont(m_y_axis->labelsFont());
    QMargins margins = m_line_chart->margins();
    margins.setBottom(margins.bottom() + m_grid->labelBandHeight());
    m_line_chart->setMargins(margins);
    m_lines = new PlotLinesItem(m_line_chart);
    m_lines->setZValue(10);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_grid->setTimeRange(now - m_window_ms, now);
    m_lines->setRanges(double(now - m_window_ms), double(now), 0, 100);
    connect(m_line_chart, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        m_grid->setPlotArea(area);
        m_lines->setPlotArea(area);
    });
    m_chart_view = new ChartView(m_line_chart, this);
    m_chart_view->setPlotLines(m_lines);
    connect(m_chart_view, &ChartView::hovered, this, &ViewWidget::onHover);
    // A click on a line selects it (and its legend row).
    connect(m_chart_view, &ChartView::clicked, this, [this](const QPointF& position) {
        if (const std::optional<int> row = m_lines->lineAt(position, HoverReadout::kMaxDistancePx)) {
            setSelectedRow(*row);
            m_legend_view->scrollTo(m_legend_view->currentIndex());
        }
    });
    connect(m_chart_view, &ChartView::zoomRequested, this, &ViewWidget::onZoomRequested);
    connect(m_chart_view, &ChartView::resetZoomRequested, this, &ViewWidget::resetZoom);
    connect(m_chart_view, &ChartView::resized, this, [this] {
        // Columns depend on the plot width: decimate again.
        for (RowPlot& p : m_plots)
            p.decimator.reset();
        scheduleRefresh();
    });

    m_bar_chart = new QChart();
    style_chart(m_bar_chart);
    m_bars = new QBarSeries(m_bar_chart);
    m_bars->setBarWidth(0.9);
    m_bar_chart->addSeries(m_bars);
    m_bar_x = new QBarCategoryAxis(m_bar_chart);
    m_bar_x->append(QStringLiteral(" "));
    m_bar_x->setGridLineVisible(false);
    m_bar_y = new QValueAxis(m_bar_chart);
    m_bar_y->setLabelFormat(QStringLiteral("%.6g"));
    m_bar_chart->addAxis(m_bar_x, Qt::AlignBottom);
    m_bar_chart->addAxis(m_bar_y, Qt::AlignLeft);
    m_bars->attachAxis(m_bar_x);
    m_bars->attachAxis(m_bar_y);
    m_bar_view = new ChartView(m_bar_chart, this);
    m_bar_view->setToolTip(QString());

    m_report = new QTreeWidget(this);
    m_report->setColumnCount(2);
    m_report->setHeaderLabels({tr("Object / counter / instance"), tr("Value")});
    m_report->setRootIsDecorated(true);
    m_report->setUniformRowHeights(true);
    m_report->setSelectionMode(QAbstractItemView::NoSelection);
    m_report->setFocusPolicy(Qt::NoFocus);
    m_report->header()->setStretchLastSection(false);
    m_report->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_report->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_chart_view);
    m_stack->addWidget(m_bar_view);
    m_stack->addWidget(m_report);

    m_scroll = new QScrollBar(Qt::Horizontal, this);
    m_scroll->setToolTip(tr("Scroll back through the history (while frozen)"));
    m_scroll->hide();
    connect(m_scroll, &QScrollBar::valueChanged, this, &ViewWidget::onScroll);

    m_value_bar = new QLabel(this);
    m_value_bar->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_value_bar->setContentsMargins(4, 2, 4, 2);

    m_legend_view = new QTableView(this);
    m_legend_view->setModel(m_proxy);
    m_legend_view->setItemDelegate(new LegendDelegate(m_legend_view));
    m_legend_view->setSortingEnabled(true);
    m_legend_view->sortByColumn(-1, Qt::AscendingOrder);
    m_legend_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_legend_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_legend_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_legend_view->verticalHeader()->hide();
    m_legend_view->verticalHeader()->setDefaultSectionSize(m_legend_view->fontMetrics().height() + 6);
    // Counter and Instance share what the fixed-width columns leave.
    m_legend_view->horizontalHeader()->setStretchLastSection(false);
    m_legend_view->horizontalHeader()->setSectionResizeMode(LegendModel::Counter, QHeaderView::Stretch);
    m_legend_view->horizontalHeader()->setSectionResizeMode(LegendModel::Instance, QHeaderView::Stretch);
    const int em = m_legend_view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    // Value columns hold a byte count with its three decimals
    // ("24703184440.000"): an elided number reads as a smaller one.
    const int widths[] = {4, 4, 5, 14, 10, 6, 8, 10, 10, 10, 10};
    for (int column = 0; column < LegendModel::ColumnCount; ++column)
        m_legend_view->setColumnWidth(column, widths[column] * em);
    connect(m_legend_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ViewWidget::onSelectionChanged);
    new LegendMenu(this);

    auto* graph = new QWidget(this);
    auto* graph_layout = new QVBoxLayout(graph);
    graph_layout->setContentsMargins(0, 0, 0, 0);
    graph_layout->setSpacing(2);
    graph_layout->addWidget(m_error);
    graph_layout->addWidget(m_stack, 1);
    graph_layout->addWidget(m_scroll);
    graph_layout->addWidget(m_value_bar);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(graph);
    splitter->addWidget(m_legend_view);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    applyPalette();
}

// Charts follow the widget palette (so a dark system theme gives a dark graph)
// instead of Qt Charts' own light theme.
void ViewWidget::applyPalette()
{
    const QPalette pal = palette();
    for (QChart* chart : {m_line_chart, m_bar_chart}) {
        // No chart background (ChartView paints the view's once): no plot area one either.
        chart->setPlotAreaBackgroundVisible(false);
        for (QAbstractAxis* axis : chart->axes()) {
            axis->setLabelsColor(pal.color(QPalette::Text));
            axis->setLinePenColor(pal.color(QPalette::Mid));
            QColor grid = pal.color(QPalette::Text);
            grid.setAlpha(40);
            axis->setGridLineColor(grid);
            axis->setTitleBrush(pal.brush(QPalette::Text));
        }
    }
    m_grid->setColors(pal.color(QPalette::Base), pal.color(QPalette::Text), pal.color(QPalette::Mid));
    m_chart_view->setBackgroundBrush(pal.brush(QPalette::Base));
    m_bar_view->setBackgroundBrush(pal.brush(QPalette::Base));
}

void ViewWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void ViewWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        scheduleRefresh();
}

void ViewWidget::scheduleRefresh(bool stats)
{
    m_dirty = true;
    m_stats_due = m_stats_due || stats;
    if (m_pending || !isVisible())
        return;
    m_pending = true;
    // Refreshes at most every m_min_refresh_ms: at 0.1 s intervals the graph
    // still moves every 200 ms, at half the cost of following every batch.
    const qint64 since = m_since_refresh.isValid() ? m_since_refresh.elapsed() : m_min_refresh_ms;
    const int delay = static_cast<int>(std::clamp<qint64>(m_min_refresh_ms - since, 0, m_min_refresh_ms));
    QTimer::singleShot(delay, this, [this] {
        m_pending = false;
        if (m_dirty && isVisible())
            refreshNow(m_stats_due || !m_since_stats.isValid() ||
                       m_since_stats.elapsed() >= kStatsIntervalMs - kStatsSlackMs);
    });
}

int ViewWidget::plotWidthPx() const
{
    const int w = static_cast<int>(m_line_chart->plotArea().width());
    return w > 10 ? w : std::max(100, m_chart_view->width() - 80);
}

std::pair<qint64, qint64> ViewWidget::visibleRange() const
{
    if (m_frozen)
        return {m_view_to - m_view_span, m_view_to};
    // A view without data yet shows the window ending now, not at the epoch.
    const qint64 to = m_data->lastTime() > 0 ? m_data->lastTime() : QDateTime::currentMSecsSinceEpoch();
    return {to - m_window_ms, to};
}

void ViewWidget::setKind(Kind kind)
{
    m_kind = kind;
    m_stack->setCurrentIndex(static_cast<int>(kind));
    m_scroll->setVisible(m_frozen && kind == Kind::Line);
    scheduleRefresh();
}

void ViewWidget::setTimeWindow(double seconds)
{
    m_window_ms = std::max<qint64>(1000, static_cast<qint64>(seconds * 1000.0));
    if (!m_zoomed)
        m_view_span = m_window_ms;
    scheduleRefresh();
}

void ViewWidget::setYRangeAuto()
{
    m_y_fixed.reset();
    scheduleRefresh();
}

void ViewWidget::setYRange(double min, double max)
{
    if (!(max > min))
        return;
    m_y_fixed = std::make_pair(min, max);
    scheduleRefresh();
}

std::pair<double, double> ViewWidget::yRange() const
{
    return {m_y_axis->min(), m_y_axis->max()};
}

void ViewWidget::setFrozen(bool frozen)
{
    if (frozen == m_frozen)
        return;
    if (frozen) {
        const auto [from, to] = visibleRange();
        m_view_to = to;
        m_view_span = to - from;
    } else {
        m_zoomed = false;
        m_y_zoom.reset();
        m_view_span = m_window_ms;
    }
    m_frozen = frozen;
    m_chart_view->setFrozenMark(frozen);
    m_bar_view->setFrozenMark(frozen);
    m_scroll->setVisible(m_frozen && m_kind == Kind::Line);
    updateScrollBar();
    emit frozenChanged(m_frozen);
    scheduleRefresh();
}

void ViewWidget::zoomTo(qint64 from_ms, qint64 to_ms, std::optional<std::pair<double, double>> y)
{
    if (to_ms <= from_ms)
        return;
    setFrozen(true);
    m_zoomed = true;
    m_view_to = to_ms;
    m_view_span = to_ms - from_ms;
    m_y_zoom = y;
    updateScrollBar();
    scheduleRefresh();
}

void ViewWidget::resetZoom()
{
    if (!m_zoomed)
        return;
    m_zoomed = false;
    m_y_zoom.reset();
    m_view_span = m_window_ms;
    updateScrollBar();
    scheduleRefresh();
}

void ViewWidget::onZoomRequested(const QRectF& rect)
{
    zoomTo(static_cast<qint64>(rect.left()), static_cast<qint64>(rect.right()),
           std::make_pair(rect.top(), rect.bottom()));
}

void ViewWidget::scrollTo(qint64 to_ms)
{
    if (!m_frozen)
        return;
    const qint64 first = m_data->firstTime();
    const qint64 last = m_data->lastTime();
    m_view_to = std::clamp(to_ms, std::min(first + m_view_span, last), last);
    updateScrollBar();
    scheduleRefresh();
}

// The scroll bar counts in steps of 1/100 window relative to the oldest point,
// so its int range holds any history.
void ViewWidget::updateScrollBar()
{
    if (!m_frozen)
        return;
    const qint64 first = m_data->firstTime();
    const qint64 last = m_data->lastTime();
    m_scroll_unit_ms = std::max<qint64>(1, m_view_span / 100);
    const qint64 lo = first + m_view_span;
    m_updating_scroll = true;
    m_scroll->setRange(0, static_cast<int>(std::max<qint64>(0, last - lo) / m_scroll_unit_ms));
    m_scroll->setPageStep(100);
    m_scroll->setSingleStep(10);
    m_scroll->setValue(static_cast<int>(std::max<qint64>(0, m_view_to - lo) / m_scroll_unit_ms));
    m_updating_scroll = false;
}

void ViewWidget::onScroll(int value)
{
    if (m_updating_scroll || !m_frozen)
        return;
    m_view_to = m_data->firstTime() + m_view_span + qint64(value) * m_scroll_unit_ms;
    scheduleRefresh();
}

void ViewWidget::clearData()
{
    m_data->clear();
}

void ViewWidget::onCleared()
{
    for (RowPlot& p : m_plots) {
        p.decimator.reset();
        p.stats = WindowStats{};
    }
    scheduleRefresh();
}

int ViewWidget::selectedRow() const
{
    const QModelIndexList rows = m_legend_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return -1;
    return m_proxy->mapToSource(rows.front()).row();
}

void ViewWidget::setSelectedRow(int row)
{
    if (row < 0 || row >= m_data->seriesCount()) {
        m_legend_view->clearSelection();
        return;
    }
    const QModelIndex index = m_proxy->mapFromSource(m_legend_model->index(row, 0));
    m_legend_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_legend_view->setCurrentIndex(index);
}

void ViewWidget::removeSelected()
{
    const int row = selectedRow();
    if (row >= 0)
        m_data->removeSeries(row);
}

void ViewWidget::highlightSelected(bool on)
{
    m_highlight = on;
    applyPens();
}

void ViewWidget::onSelectionChanged()
{
    applyPens();
    const auto [from, to] = visibleRange();
    refreshValueBar(from, to);
    emit selectedRowChanged(selectedRow());
}

// The selected series 2.5 px (4 px highlighted) with round joins, drawn last;
// every other series a 1 px cosmetic pen (PlotLinesItem::pen).
void ViewWidget::applyPens()
{
    m_lines->setSelected(selectedRow(), m_highlight);
}

// Over a line: its name, the value nearest in time and that time, as Qt
// Charts' hovered signal gave before (one handler for every line).
void ViewWidget::onHover(const QPointF& position)
{
    const std::optional<int> row = m_lines->plotArea().contains(position)
                                       ? m_lines->lineAt(position, HoverReadout::kMaxDistancePx)
                                       : std::nullopt;
    if (!row) {
        if (m_hover_row >= 0)
            QToolTip::hideText();
        m_hover_row = -1;
        return;
    }
    m_hover_row = *row;
    const qint64 time = static_cast<qint64>(std::llround(m_lines->mapToValue(position).x()));
    QToolTip::showText(QCursor::pos(), tooltipText(*row, time), m_chart_view);
}

void ViewWidget::onSeriesAdded(int row)
{
    m_plots.insert(m_plots.begin() + row, RowPlot{});
    m_lines->insertLine(row, m_data->series(row).color);
    applyPens();
    m_bars_dirty = true;
    m_report_dirty = true;
    scheduleRefresh();
}

void ViewWidget::onSeriesAboutToBeRemoved(int row)
{
    m_plots.erase(m_plots.begin() + row);
    m_lines->removeLine(row);
    m_hover_row = -1;
    m_bars_dirty = true;
    m_report_dirty = true;
    scheduleRefresh();
}

void ViewWidget::onSeriesChanged(int row)
{
    m_lines->setColor(row, m_data->series(row).color);
    m_bars_dirty = true;
    m_report_dirty = true;  // ended instances are marked in the report
    scheduleRefresh();
}

int ViewWidget::lineSegmentCount(int row) const
{
    return static_cast<int>(m_lines->stretches(row).size());
}

const QList<QList<QPointF>>& ViewWidget::lineSegments(int row) const
{
    return m_lines->stretches(row);
}

QWidget* ViewWidget::graphWidget() const
{
    return m_stack->currentWidget();
}

QString ViewWidget::tooltipText(int row, qint64 time_ms) const
{
    if (row < 0 || row >= m_data->seriesCount())
        return {};
    return HoverReadout::text(m_data->series(row), time_ms);
}

void ViewWidget::setMinRefreshInterval(int ms)
{
    m_min_refresh_ms = std::max(0, ms);
}

void ViewWidget::refresh()
{
    refreshNow(true);
}

// Statistics cost little to compute but much to show: a changed legend
// repaints its whole table of text. So while only new data arrives the legend
// and the value bar follow once per second, the graph every refresh; the
// histogram and the report show the last values and need them every time.
void ViewWidget::refreshNow(bool stats)
{
    m_since_refresh.start();
    m_dirty = false;
    ++m_refreshes;
    const auto [from, to] = visibleRange();
    const int width = plotWidthPx();
    const qint64 column_ms = std::max<qint64>(1, (to - from) / width + ((to - from) % width ? 1 : 0));
    for (int row = 0; row < static_cast<int>(m_plots.size()); ++row)
        m_plots[static_cast<size_t>(row)].decimator.update(m_data->series(row).history, from, to, column_ms);
    m_shown_from = from;
    m_shown_to = to;
    if (stats) {
        publishStatistics();
    } else {
        if (m_kind != Kind::Line) {
            for (RowPlot& p : m_plots)
                p.stats = p.decimator.stats();
        }
        // The last batch before a pause must still reach the legend.
        if (!m_stats_timer->isActive())
            m_stats_timer->start(static_cast<int>(
                std::clamp<qint64>(kStatsIntervalMs - m_since_stats.elapsed(), 0, kStatsIntervalMs)));
    }

    if (m_kind == Kind::Line) {
        refreshLine(from, to);
    } else if (m_kind == Kind::Histogram) {
        refreshHistogram();
    } else {
        refreshReport();
    }
    emit refreshed();
}

void ViewWidget::publishStatistics()
{
    std::vector<WindowStats> all;
    all.reserve(m_plots.size());
    for (RowPlot& p : m_plots) {
        p.stats = p.decimator.stats();
        all.push_back(p.stats);
    }
    m_legend_model->setStatistics(std::move(all));
    refreshValueBar(m_shown_from, m_shown_to);
    m_stats_due = false;
    m_since_stats.start();
    m_stats_timer->stop();
}

// The lines are one item: each row's stretches go to it; the value axis gets a
// range only when it changed (a moved range lays its labels out again); the
// grid item follows the time range (its labels scroll, see PlotGridItem).
void ViewWidget::refreshLine(qint64 from, qint64 to)
{
    double y_min = std::numeric_limits<double>::infinity();
    double y_max = -std::numeric_limits<double>::infinity();
    for (int row = 0; row < static_cast<int>(m_plots.size()); ++row) {
        QList<QList<QPointF>> stretches;
        const ViewSeries& s = m_data->series(row);
        if (s.visible)
            m_plots[static_cast<size_t>(row)].decimator.segments(s.scaleFactor(), stretches);
        for (const QList<QPointF>& stretch : stretches)
            for (const QPointF& point : stretch) {
                y_min = std::min(y_min, point.y());
                y_max = std::max(y_max, point.y());
            }
        m_lines->setColor(row, s.color);
        m_lines->setStretches(row, std::move(stretches));
    }

    if (m_y_zoom) {
        setAxisRange(m_y_axis, {m_y_zoom->first, m_y_zoom->second, kValueTicks});
    } else if (m_y_fixed) {
        setAxisRange(m_y_axis, {m_y_fixed->first, m_y_fixed->second, kValueTicks});
    } else if (y_min <= y_max) {
        const double lo = std::min(0.0, y_min);
        double hi = y_max > lo ? y_max : lo + 1.0;
        hi += (hi - lo) * 0.05;
        setAxisRange(m_y_axis, niceRange(lo, hi, kValueTicks));
    } else {
        setAxisRange(m_y_axis, {0, 100, kValueTicks});
    }
    m_grid->setPlotArea(m_line_chart->plotArea());
    m_grid->setTimeRange(from, to);
    m_grid->setValueTicks(m_y_axis->min(), m_y_axis->max(), m_y_axis->tickCount());
    m_lines->setPlotArea(m_line_chart->plotArea());
    m_lines->setRanges(double(from), double(to), m_y_axis->min(), m_y_axis->max());
}

void ViewWidget::rebuildBars()
{
    m_bars->clear();
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& s = m_data->series(row);
        if (!s.visible)
            continue;
        auto* set = new QBarSet(s.displayName());
        set->setColor(s.color);
        set->setBorderColor(s.color);
        set->setProperty("row", row);
        set->append(0.0);
        m_bars->append(set);
    }
    m_bars_dirty = false;
}

void ViewWidget::refreshHistogram()
{
    if (m_bars_dirty)
        rebuildBars();
    double hi = 0.0;
    double lo = 0.0;
    for (QBarSet* set : m_bars->barSets()) {
        const int row = set->property("row").toInt();
        const ViewSeries& s = m_data->series(row);
        const double last = m_plots[static_cast<size_t>(row)].stats.last;
        const double v = std::isnan(last) ? 0.0 : last * s.scaleFactor();
        set->replace(0, v);
        hi = std::max(hi, v);
        lo = std::min(lo, v);
    }
    if (m_y_fixed)
        setAxisRange(m_bar_y, {m_y_fixed->first, m_y_fixed->second, kValueTicks});
    else
        setAxisRange(m_bar_y, niceRange(lo, hi > lo ? hi + (hi - lo) * 0.05 : lo + 1.0, kValueTicks));
}

// Report: object → counter → instance, like PerfMon's report view.
void ViewWidget::rebuildReport()
{
    m_report->clear();
    m_report_items.assign(static_cast<size_t>(m_data->seriesCount()), nullptr);
    std::map<QString, QTreeWidgetItem*> objects;
    std::map<std::pair<QString, QString>, QTreeWidgetItem*> counters;
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& s = m_data->series(row);
        if (!s.visible)
            continue;
        QTreeWidgetItem*& object = objects[s.info.object];
        if (!object) {
            object = new QTreeWidgetItem(m_report, {s.info.object});
            QFont bold = object->font(0);
            bold.setBold(true);
            object->setFont(0, bold);
        }
        QTreeWidgetItem*& counter = counters[{s.info.object, s.info.counter}];
        if (!counter)
            counter = new QTreeWidgetItem(object, {s.info.counter});
        QTreeWidgetItem* item = counter;
        if (!s.info.instance.isEmpty()) {
            item = new QTreeWidgetItem(counter, {s.ended ? tr("%1 (ended)").arg(s.info.instance) : s.info.instance});
        } else if (s.ended) {
            item->setText(0, tr("%1 (ended)").arg(s.info.counter));
        }
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setForeground(0, s.color.isValid() ? QBrush(s.color) : QBrush());
        m_report_items[static_cast<size_t>(row)] = item;
    }
    m_report->expandAll();
    m_report_dirty = false;
}

void ViewWidget::refreshReport()
{
    if (m_report_dirty)
        rebuildReport();
    for (size_t row = 0; row < m_report_items.size(); ++row) {
        if (QTreeWidgetItem* item = m_report_items[row])
            item->setText(1, LegendModel::formatValue(m_plots[row].stats.last));
    }
}

void ViewWidget::refreshValueBar(qint64 from, qint64 to)
{
    const int row = selectedRow();
    const WindowStats st = row >= 0 && row < static_cast<int>(m_plots.size()) ? m_plots[static_cast<size_t>(row)].stats
                                                                               : WindowStats{};
    m_value_bar->setText(tr("Last %1    Average %2    Minimum %3    Maximum %4    Duration %5")
                             .arg(LegendModel::formatValue(st.last), LegendModel::formatValue(st.average),
                                  LegendModel::formatValue(st.minimum), LegendModel::formatValue(st.maximum),
                                  format_duration(to - from)));
}

QString ViewWidget::valueBarText() const
{
    return m_value_bar->text();
}

}  // namespace perfscope::gui
