// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/view_widget.h"

#include "gui/charts/chart_view.h"
#include "gui/charts/legend_column_sizer.h"
#include "gui/charts/legend_delegate.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/legend_table_view.h"
#include "gui/charts/nice_range.h"
#include "gui/charts/plot_grid_item.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/view_data.h"
#include "gui/charts/value_format.h"
#include "gui/charts/histogram_graph.h"
#include "gui/charts/legend_filter_proxy.h"
#include "gui/charts/line_graph.h"
#include "gui/charts/report_graph.h"
#include "gui/charts/hover_readout.h"
#include "gui/charts/legend_menu.h"
#include "gui/charts/steady_size.h"

#include <QChart>
#include <QCheckBox>
#include <QCursor>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMetaMethod>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>
#include <cmath>

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

}  // namespace

ViewWidget::ViewWidget(ViewData* view_data, QWidget* parent) : QWidget(parent), m_data(view_data)
{
    m_legend_model = new LegendModel(m_data, this);
    m_proxy = new LegendFilterProxy(this);
    m_proxy->setSourceModel(m_legend_model);
    m_legend_model->setEndedShown(m_proxy->showsEnded());
    buildUi();
    followEndedDrop();
    m_stats_timer = new QTimer(this);
    m_stats_timer->setSingleShot(true);
    connect(m_stats_timer, &QTimer::timeout, this, &ViewWidget::publishStatistics);
    for (int row = 0; row < m_data->seriesCount(); ++row)
        onSeriesAdded(row);
    connect(m_data, &ViewData::seriesAdded, this, &ViewWidget::onSeriesAdded);
    connect(m_data, &ViewData::seriesAboutToBeRemoved, this, &ViewWidget::onSeriesAboutToBeRemoved);
    // Many rows at once may reset the legend: the selection follows its series,
    // and those who follow the selection learn its row number after the removals.
    connect(m_data, &ViewData::manySeriesAboutToBeRemoved, this, [this] {
        const int row = selectedRow();
        m_selected_before_reset = row >= 0 ? m_data->series(row).info.id : 0;
    });
    connect(m_data, &ViewData::manySeriesRemoved, this, [this] {
        const int row = m_selected_before_reset ? m_data->rowOf(m_selected_before_reset) : -1;
        if (row >= 0 && selectedRow() != row)
            setSelectedRow(row);
        else
            onSelectionChanged();
    });
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

    m_line = std::make_unique<LineGraph>(m_data, m_window_ms, this);
    m_chart_view = m_line->chartView();
    m_line_chart = m_line->chart();
    m_grid = m_line->grid();
    m_lines = m_line->lines();
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
    m_histogram = std::make_unique<HistogramGraph>(m_data, this);
    connect(m_histogram->view(), &HistogramView::rowClicked, this, &ViewWidget::setSelectedRow);
    m_report = std::make_unique<ReportGraph>(m_data, this);
    m_report->onCurrentSeries([this](int row) { setSelectedRow(row); });

    m_stack = new QStackedWidget(this);
    for (Kind kind : {Kind::Line, Kind::Histogram, Kind::Report})
        m_stack->addWidget(graph(kind)->widget());

    m_scroll = new QScrollBar(Qt::Horizontal, this);
    m_scroll->setToolTip(tr("Scroll back through the history (while frozen)"));
    m_scroll->hide();
    connect(m_scroll, &QScrollBar::valueChanged, this, &ViewWidget::onScroll);

    m_value_bar = new QLabel(this);
    m_value_bar->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_value_bar->setContentsMargins(4, 2, 4, 2);

    m_legend_view = new LegendTableView(this);
    m_legend_view->setModel(m_proxy);
    m_legend_view->setItemDelegate(new LegendDelegate(m_legend_view));
    m_legend_view->setSortingEnabled(true);
    m_legend_view->sortByColumn(-1, Qt::AscendingOrder);
    m_legend_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_legend_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_legend_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_legend_view->verticalHeader()->hide();
    m_legend_view->verticalHeader()->setDefaultSectionSize(m_legend_view->fontMetrics().height() + 6);
    m_legend_view->horizontalHeader()->setStretchLastSection(false);
    const int em = m_legend_view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    // Value columns hold a formatted value with its unit ("22.09 GiB",
    // "1,234 /s"), at most about eight characters: the rest of the width
    // goes to Counter and Instance, which a user reads first.
    const int widths[] = {4, 4, 5, 14, 10, 5, 8, 9, 7, 7, 7, 7};
    static_assert(std::size(widths) == LegendModel::ColumnCount);
    for (int column = 0; column < LegendModel::ColumnCount; ++column)
        m_legend_view->setColumnWidth(column, widths[column] * em);
    // Shown once the view holds more than one machine's counters (showMachines).
    m_legend_view->setColumnHidden(LegendModel::Computer, true);
    // Counter and Instance share what the fixed-width columns leave, down to a readable minimum.
    new LegendColumnSizer(m_legend_view, LegendModel::Counter, LegendModel::Instance);
    connect(m_legend_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ViewWidget::onSelectionChanged);
    new LegendMenu(this);

    m_ended_bar = new QWidget(this);
    auto* ended_layout = new QHBoxLayout(m_ended_bar);
    ended_layout->setContentsMargins(4, 0, 4, 0);
    m_show_ended = new QCheckBox(m_ended_bar);
    m_show_ended->setToolTip(tr("Show the instances that have ended in the legend and the report"));
    connect(m_show_ended, &QCheckBox::toggled, this, &ViewWidget::setShowEnded);
    auto* remove_ended = new QToolButton(m_ended_bar);
    remove_ended->setText(tr("Remove ended"));
    remove_ended->setToolTip(tr("Remove every ended instance from this view"));
    connect(remove_ended, &QToolButton::clicked, this, &ViewWidget::removeEnded);
    ended_layout->addWidget(m_show_ended);
    ended_layout->addWidget(remove_ended);
    ended_layout->addStretch(1);
    m_ended_bar->hide();

    auto* legend = new QWidget(this);
    auto* legend_layout = new QVBoxLayout(legend);
    legend_layout->setContentsMargins(0, 0, 0, 0);
    legend_layout->setSpacing(0);
    legend_layout->addWidget(m_legend_view, 1);
    legend_layout->addWidget(m_ended_bar);

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
    splitter->addWidget(legend);
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
    for (Kind kind : {Kind::Line, Kind::Histogram, Kind::Report})
        graph(kind)->applyPalette(palette());
}

Graph* ViewWidget::graph(Kind kind) const
{
    switch (kind) {
    case Kind::Histogram: return m_histogram.get();
    case Kind::Report: return m_report.get();
    case Kind::Line: break;
    }
    return m_line.get();
}

void ViewWidget::setShowEnded(bool show)
{
    if (show == m_proxy->showsEnded())
        return;
    m_proxy->setShowEnded(show);
    m_legend_model->setEndedShown(show);
    m_report->setShowEnded(show);
    if (m_show_ended->isChecked() != show)
        m_show_ended->setChecked(show);
    emit showEndedChanged(show);
}

bool ViewWidget::showsEnded() const
{
    return m_proxy->showsEnded();
}

void ViewWidget::removeEnded()
{
    QList<quint64> ended;
    ended.reserve(m_data->endedCount());
    for (int row = 0; row < m_data->seriesCount(); ++row)
        if (m_data->series(row).ended)
            ended.push_back(m_data->series(row).info.id);
    requestRemoval(ended);
}

void ViewWidget::requestRemoval(const QList<quint64>& series_ids)
{
    if (series_ids.isEmpty())
        return;
    if (isSignalConnected(QMetaMethod::fromSignal(&ViewWidget::removeRequested)))
        emit removeRequested(series_ids);
    else
        m_data->takeSeriesOf(std::vector<quint64>(series_ids.cbegin(), series_ids.cend()));
}

void ViewWidget::requestSpike()
{
    const auto [from, to] = visibleRange();
    emit spikeRequested(from, to);
}

bool ViewWidget::explainsSpikes() const
{
    return isSignalConnected(QMetaMethod::fromSignal(&ViewWidget::spikeRequested));
}

// At a refresh, not per row: rows end and go one by one, twenty a second in
// a view over every process on a busy machine, and a new text is measured
// again. The count goes into the text only when it changed.
void ViewWidget::updateEndedBar()
{
    const int ended = m_data->endedCount();
    if (ended != m_ended_shown) {
        m_ended_shown = ended;
        m_show_ended->setText(tr("Show ended (%1)").arg(ended));
        m_ended_bar->setVisible(ended > 0);
    }
    // Also after a change of font or style (the hint is cached otherwise).
    holdSizeHint(m_show_ended);
}

QTableView* ViewWidget::reportView() const
{
    return m_report->view();
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
    followEndedDrop();
    scheduleRefresh();
}

// Ended series leave with the time window, so a view over every process
// holds what it shows, not a day of exited processes; while frozen (the user
// may scroll back) they stay as long as the history reaches them.
void ViewWidget::followEndedDrop()
{
    m_data->setEndedDropAge(m_frozen ? 0 : m_window_ms);
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
    return m_line->yRange();
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
    followEndedDrop();
    m_chart_view->setFrozenMark(frozen);
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
        p.stats_version.reset();
        p.published_version.reset();
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
    // An ended series selected while ended ones are left out stays listed.
    if (m_data->series(row).ended)
        m_proxy->setPinnedSeries(m_data->series(row).info.id);
    const QModelIndex index = m_proxy->mapFromSource(m_legend_model->index(row, 0));
    m_legend_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_legend_view->setCurrentIndex(index);
}

void ViewWidget::removeSelected()
{
    const int row = selectedRow();
    if (row >= 0)
        requestRemoval({m_data->series(row).info.id});
}

void ViewWidget::scaleSelectedToFit()
{
    for (const QModelIndex& index : m_legend_view->selectionModel()->selectedRows()) {
        const int row = m_proxy->mapToSource(index).row();
        if (row < 0 || row >= static_cast<int>(m_plots.size()))
            continue;
        if (const auto exponent = scaleToFitExponent(m_plots[static_cast<size_t>(row)].stats.maximum))
            m_data->setScale(row, *exponent);
    }
}

void ViewWidget::highlightSelected(bool on)
{
    m_highlight = on;
    applyPens();
}

void ViewWidget::onSelectionChanged()
{
    applyPens();
    m_histogram->view()->setSelectedRow(selectedRow());
    m_report->setSelectedRow(selectedRow());
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
    const std::optional<int> row =
        m_lines->plotArea().contains(position) ? m_lines->lineAt(position, HoverReadout::kMaxDistancePx) : std::nullopt;
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
    ++m_machine_rows[machineOf(m_data->series(row).info.path).toString()];
    m_machines_dirty = true;
    m_plots.insert(static_cast<size_t>(row));
    for (Kind kind : {Kind::Line, Kind::Histogram, Kind::Report})
        graph(kind)->insertRow(row);
    applyPens();
    scheduleRefresh();
}

void ViewWidget::onSeriesAboutToBeRemoved(int row)
{
    const auto machine = m_machine_rows.find(machineOf(m_data->series(row).info.path).toString());
    if (machine != m_machine_rows.end() && --*machine == 0)
        m_machine_rows.erase(machine);
    m_machines_dirty = true;
    m_plots.erase(static_cast<size_t>(row));
    for (Kind kind : {Kind::Line, Kind::Histogram, Kind::Report})
        graph(kind)->removeRow(row);
    m_hover_row = -1;
    scheduleRefresh();
}

void ViewWidget::onSeriesChanged(int row)
{
    for (Kind kind : {Kind::Line, Kind::Histogram, Kind::Report})
        graph(kind)->changeRow(row);
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

// PerfMon's Computer column, and machine names in the report's headings,
// only for a view over more than one machine: with one they would repeat the
// same name on every row. Shown or hidden at a refresh after rows came or
// went, not per row (adding 2,000 series would lay the legend out 2,000 times).
void ViewWidget::showMachines()
{
    m_machines_dirty = false;
    const bool several = m_machine_rows.size() > 1;
    if (m_legend_view->isColumnHidden(LegendModel::Computer) == several)
        m_legend_view->setColumnHidden(LegendModel::Computer, !several);
    m_report->setShowMachine(several);
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
    if (m_machines_dirty)
        showMachines();
    updateEndedBar();
    const auto [from, to] = visibleRange();
    const int width = m_line->plotWidthPx();
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
                p.takeStats();
        }
        // The last batch before a pause must still reach the legend.
        if (!m_stats_timer->isActive())
            m_stats_timer->start(
                static_cast<int>(std::clamp<qint64>(kStatsIntervalMs - m_since_stats.elapsed(), 0, kStatsIntervalMs)));
    }

    graph(m_kind)->refresh(GraphFrame{*m_data, m_plots, from, to, m_y_fixed, m_y_zoom});
    emit refreshed();
}

void ViewWidget::publishStatistics()
{
    // Only rows whose columns changed since the legend last got theirs: a
    // view over every process holds thousands of ended rows that did not.
    std::vector<std::pair<int, WindowStats>> changed;
    for (int row = 0; row < static_cast<int>(m_plots.size()); ++row) {
        RowPlot& p = m_plots[static_cast<size_t>(row)];
        p.takeStats();
        if (p.published_version == p.stats_version)
            continue;
        p.published_version = p.stats_version;
        changed.emplace_back(row, p.stats);
    }
    m_legend_model->updateStatistics(changed);
    refreshValueBar(m_shown_from, m_shown_to);
    m_stats_due = false;
    m_since_stats.start();
    m_stats_timer->stop();
}

void ViewWidget::refreshValueBar(qint64 from, qint64 to)
{
    const int row = selectedRow();
    const WindowStats st =
        row >= 0 && row < static_cast<int>(m_plots.size()) ? m_plots[static_cast<size_t>(row)].stats : WindowStats{};
    const ValueUnit unit = row >= 0 && row < m_data->seriesCount() ? m_data->series(row).info.unit : ValueUnit::none;
    const auto text = [unit](double v) { return formatValue(v, unit, ValueDetail::table); };
    m_value_bar->setText(
        tr("Last %1    Average %2    Minimum %3    Maximum %4    Duration %5")
            .arg(text(st.last), text(st.average), text(st.minimum), text(st.maximum), format_duration(to - from)));
}

QString ViewWidget::valueBarText() const
{
    return m_value_bar->text();
}

}  // namespace perfscope::gui
