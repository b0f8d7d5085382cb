// SPDX-License-Identifier: Apache-2.0
// One view: the graph (line, histogram or report, each a Graph), PerfMon's
// value bar for the selected series and the legend table, over one ViewData it
// does not own.
//
// Cost: batches only mark the view dirty; one refresh runs per event-loop
// turn and at most one per 200 ms, none while the view is hidden (another
// tab) or frozen. A refresh brings each series' Decimator up to date (new
// points only while the window slides) and hands the shown graph the frame;
// the line graph gives ≈ 2 points per pixel column to one PlotLinesItem (see
// LineGraph). The legend's statistics come from the same decimators.
#pragma once

#include "gui/charts/decimator.h"
#include "gui/charts/nice_range.h"
#include "gui/charts/row_plots.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QChart;
class QCheckBox;
class QLabel;
class QScrollBar;
class QStackedWidget;
class QTableView;
class QTimer;
class QToolButton;

namespace perfscope::gui {

class ChartView;
class Graph;
class HistogramGraph;
class LineGraph;
class PlotGridItem;
class PlotLinesItem;
class LegendFilterProxy;
class LegendModel;
class ReportGraph;
class ViewData;

class ViewWidget : public QWidget {
    Q_OBJECT
public:
    enum class Kind { Line, Histogram, Report };
    Q_ENUM(Kind)
    static constexpr int kStatsIntervalMs = 1000;
    // Batches at 1 s arrive a few ms early or late: statistics this close to
    // due go with the refresh rather than a moment later on their own.
    static constexpr int kStatsSlackMs = 100;

    explicit ViewWidget(ViewData* view_data, QWidget* parent = nullptr);
    ~ViewWidget() override;

    ViewData* viewData() const { return m_data; }
    LegendModel* legendModel() const { return m_legend_model; }

    void setKind(Kind kind);
    Kind kind() const { return m_kind; }
    void setTimeWindow(double seconds);
    double timeWindow() const { return double(m_window_ms) / 1000.0; }
    // Automatic y range (from the visible data) or a fixed one.
    void setYRangeAuto();
    void setYRange(double min, double max);
    bool isYAuto() const { return !m_y_fixed.has_value(); }
    std::pair<double, double> yRange() const;  // as shown by the axis

    // Frozen: the graph stops following new data (which is still recorded);
    // the scroll bar under the graph moves back through the history.
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_frozen; }
    // Shows [from, to] (ms since the epoch) and the y range; freezes the view.
    void zoomTo(qint64 from_ms, qint64 to_ms, std::optional<std::pair<double, double>> y = std::nullopt);
    void resetZoom();
    bool isZoomed() const { return m_zoomed; }
    // While frozen: the displayed range ends at to_ms (clamped to the history).
    void scrollTo(qint64 to_ms);
    void clearData();

    int selectedRow() const;  // ViewData row, -1 when none
    void setSelectedRow(int row);
    void removeSelected();
    // The user's removals (Delete, the legend's Remove, Remove ended): an
    // owner connected to removeRequested() takes them, to make them undoable;
    // with none connected the widget removes them itself.
    void requestRemoval(const QList<quint64>& series_ids);
    // "Who caused this?" over the visible range (the rubber band's, once
    // zoomed): emits spikeRequested(); offered only when an owner listens.
    void requestSpike();
    bool explainsSpikes() const;
public slots:
    // PerfMon's "scale selected counters": each selected series gets the
    // power of ten that puts its visible maximum within (10, 100].
    void scaleSelectedToFit();

public:
    // Ended instances: left out of the legend and the report unless shown.
    void setShowEnded(bool show);
    bool showsEnded() const;
    // Removes every ended series from the view (what the legend's menu offers),
    // through requestRemoval().
    void removeEnded();
    void highlightSelected(bool on);
    bool isHighlighting() const { return m_highlight; }

    // The time range the graph and the statistics cover, ms since the epoch.
    std::pair<qint64, qint64> visibleRange() const;
    // Brings everything up to date now (also when hidden: exports need it).
    void refresh();
    // Batches arriving faster than this are shown together (default 200 ms).
    // The legend's statistics and the value bar follow new data at most once
    // per second (kStatsIntervalMs); refresh() itself always updates them.
    void setMinRefreshInterval(int ms);
    int minRefreshInterval() const { return m_min_refresh_ms; }
    // Tooltip text for a series near a time (what hovering shows).
    QString tooltipText(int row, qint64 time_ms) const;

    // For export and tests.
    QWidget* graphWidget() const;
    ChartView* chartView() const { return m_chart_view; }
    QTableView* legendView() const { return m_legend_view; }
    QChart* lineChart() const { return m_line_chart; }
    PlotLinesItem* plotLines() const { return m_lines; }
    PlotGridItem* plotGrid() const { return m_grid; }
    // The unbroken stretches drawn for a row (value coordinates).
    int lineSegmentCount(int row) const;
    const QList<QList<QPointF>>& lineSegments(int row) const;
    QString valueBarText() const;
    QTableView* reportView() const;
    HistogramGraph* histogram() const { return m_histogram.get(); }
    ReportGraph* report() const { return m_report.get(); }
    qint64 refreshCount() const { return m_refreshes; }

signals:
    void frozenChanged(bool frozen);
    void selectedRowChanged(int row);
    void showEndedChanged(bool show);
    void refreshed();
    // Asked for by the legend's menu (LegendMenu); the owner acts on them.
    void propertiesRequested();
    // The user removes these series (requestRemoval); the receiver removes them.
    void removeRequested(const QList<quint64>& series_ids);
    // The processes behind [from_ms, to_ms] are asked for (requestSpike).
    void spikeRequested(qint64 from_ms, qint64 to_ms);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    void applyPalette();
    void followEndedDrop();
    // stats: the legend's and value bar's figures must follow now (anything
    // but new data); new data alone updates them at most once per second.
    void scheduleRefresh(bool stats = true);
    void refreshNow(bool stats);
    // The legend's and the value bar's figures from the decimators as the
    // last refresh left them (what the graph shows); no redraw of the graph.
    void publishStatistics();
    void onSeriesAdded(int row);
    void onSeriesAboutToBeRemoved(int row);
    void onSeriesChanged(int row);
    void onCleared();
    void onZoomRequested(const QRectF& rect);
    void onScroll(int value);
    void onSelectionChanged();
    void refreshValueBar(qint64 from, qint64 to);
    void updateScrollBar();
    void applyPens();
    void onHover(const QPointF& position);
    Graph* graph(Kind kind) const;
    void updateEndedBar();
    void showMachines();

    ViewData* m_data;
    LegendModel* m_legend_model;
    LegendFilterProxy* m_proxy;
    RowPlots m_plots;
    Kind m_kind = Kind::Line;
    qint64 m_window_ms = 100'000;
    std::optional<std::pair<double, double>> m_y_fixed;
    std::optional<std::pair<double, double>> m_y_zoom;
    NiceRange m_y_range{0.0, 100.0, 6};  // the value axis, in the series' own values
    bool m_frozen = false;
    bool m_zoomed = false;
    qint64 m_view_to = 0;    // frozen: end of the displayed range
    qint64 m_view_span = 0;  // frozen: its length
    bool m_highlight = false;
    bool m_dirty = true;
    // Rows per machine (`\\HOST`, or empty for the local one), kept as rows
    // come and go: whether the view spans several machines is then its size.
    QHash<QString, int> m_machine_rows;
    bool m_machines_dirty = true;  // rows came or went since showMachines()
    bool m_pending = false;
    bool m_updating_scroll = false;
    qint64 m_refreshes = 0;
    int m_min_refresh_ms = 200;
    QElapsedTimer m_since_refresh;
    bool m_stats_due = true;
    QElapsedTimer m_since_stats;
    QTimer* m_stats_timer = nullptr;  // brings skipped statistics in once their second is up
    qint64 m_shown_from = 0;          // the range of the last refresh
    qint64 m_shown_to = 0;
    qint64 m_scroll_unit_ms = 1000;

    QLabel* m_error = nullptr;
    QStackedWidget* m_stack = nullptr;
    // The graphs, in the order of Kind; their widgets belong to m_stack.
    std::unique_ptr<LineGraph> m_line;
    std::unique_ptr<HistogramGraph> m_histogram;
    std::unique_ptr<ReportGraph> m_report;
    // The line graph's parts the hover, selection and zoom handlers use.
    ChartView* m_chart_view = nullptr;
    QChart* m_line_chart = nullptr;
    PlotGridItem* m_grid = nullptr;
    PlotLinesItem* m_lines = nullptr;
    int m_hover_row = -1;  // the row whose tooltip shows
    QScrollBar* m_scroll = nullptr;
    QLabel* m_value_bar = nullptr;
    QTableView* m_legend_view = nullptr;
    QWidget* m_ended_bar = nullptr;  // shown while there are ended series
    QCheckBox* m_show_ended = nullptr;
    int m_ended_shown = -1;  // the count in m_show_ended's text
    quint64 m_selected_before_reset = 0;
};

}  // namespace perfscope::gui
