// SPDX-License-Identifier: Apache-2.0
// One view: its data (ViewData, on the GUI thread), its sampler (a Custom
// snapshot entity on a worker thread of its own), its settings, and the
// widget that draws it. The main window shows panes as tabs or tiles.
#pragma once

#include "gui/data/sample_batch.h"
#include "gui/sampling/view_sampler.h"
#include "gui/charts/view_data.h"
#include "gui/charts/view_widget.h"
#include "files/pdh_csv_reader.h"
#include "gui/window/counter_set_io.h"
#include "gui/window/view_settings.h"
#include "gui/window/series_looks.h"

#include <QWidget>

#include <functional>

class QLabel;

namespace perfscope::gui {

// The widget that draws a view: the charts library's.
using ViewContent = ViewWidget;

// The only conversion from the shared kind (files/view_limits.h) to the
// charts library's own enum, which does not depend on the files library.
ViewWidget::Kind to_widget_kind(ViewKind kind);

class ViewPane : public QWidget {
    Q_OBJECT
public:
    ViewPane(SourceHub& hub, const ViewSettings& settings, QWidget* parent = nullptr);
    ~ViewPane() override;

    ViewData& data() { return m_data; }
    ViewSampler& sampler() { return m_sampler; }
    ViewContent& content() { return *m_content; }
    const ViewSettings& settings() const { return m_settings; }
    void setSettings(const ViewSettings& settings);

    void addCounters(const QVector<ViewCounter>& counters);
    // Colors, scales and shown states for series of these paths, applied as they appear.
    void setLooks(const QVector<SeriesLook>& looks);
    // This view as a counter set's view: settings, paths, and looks that were set.
    files::ViewSettings toCore() const;
    // A read-only view of a log (no sampling).
    void showLog(const files::PdhCsvLog& log);
    // A view a LogLoader is filling: never samples, never saved as counters.
    void beginLog();
    // Shows the whole log (after it loaded).
    void fitLog();
    bool isLog() const { return m_log; }
    // Where Add and drops send counters instead of the sampler (a recording's
    // view reads them from its file); a log's view without one takes none.
    void setCounterSink(std::function<void(const QVector<ViewCounter>&)> sink) { m_sink = std::move(sink); }
    bool takesCounters() const { return !m_log || m_sink; }
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_content->isFrozen(); }
    void clear();
    void removeSelected();

    // Since the pane started: batches with values, source queries and cache hits they reported.
    quint64 samples() const { return m_samples; }
    quint64 sourceQueries() const { return m_queries; }
    quint64 cacheHits() const { return m_hits; }

    // As a tile: a title bar with the view's name and a frame, stronger on
    // the current view. As a tab neither shows (the tab names the view).
    void setTileMarks(bool tiled, bool current);
    bool isMarkedCurrent() const { return m_tiled && m_current; }
    QString tileTitle() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    // Counters dragged from the browser: dropped here, added as Add adds them.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

signals:
    void titleChanged(const QString& title);
    // Something a counter set keeps changed: settings, counters, a series' look, a series removed.
    void changed();
    void batchArrived();
    // A mouse press anywhere in the pane (the window makes it current).
    void activated();

private:
    void onBatch(const SampleBatch& batch);
    void watchPresses(QWidget* widget);
    void updateTileTitle();

    ViewSettings m_settings;
    ViewData m_data;
    ViewSampler m_sampler;
    SeriesLooks m_looks;
    ViewContent* m_content = nullptr;
    QLabel* m_tile_title = nullptr;
    bool m_tiled = false;
    bool m_current = false;
    bool m_log = false;
    std::function<void(const QVector<ViewCounter>&)> m_sink;
    quint64 m_samples = 0;
    quint64 m_queries = 0;
    quint64 m_hits = 0;
};

}  // namespace perfscope::gui
