#include "gui/window/view_pane.h"

#include "gui/browser/counter_mime_data.h"
#include "gui/charts/log_loader.h"
#include "files/pdh_csv_reader.h"

#include <QDropEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace perfscope::gui {

ViewWidget::Kind to_widget_kind(ViewKind kind)
{
    switch (kind) {
    case ViewKind::line: return ViewWidget::Kind::Line;
    case ViewKind::histogram: return ViewWidget::Kind::Histogram;
    case ViewKind::report: return ViewWidget::Kind::Report;
    }
    return ViewWidget::Kind::Line;
}

ViewPane::ViewPane(SourceHub& hub, const ViewSettings& settings, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_sampler(hub, settings.interval_s), m_looks(m_data, m_sampler)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_content = new ViewContent(&m_data, this);
    layout->addWidget(m_content, 1);
    setSettings(settings);

    setAcceptDrops(true);
    connect(&m_sampler, &ViewSampler::batchReady, this, &ViewPane::onBatch);
    // However a series goes (Delete, the legend), its sampler stops sending it.
    connect(&m_data, &ViewData::seriesAboutToBeRemoved, this,
            [this](int row) { m_sampler.removeSeries(m_data.series(row).info.id); });
    m_looks.follow();
    connect(&m_looks, &SeriesLooks::userChanged, this, &ViewPane::changed);
}

ViewPane::~ViewPane() = default;

void ViewPane::setSettings(const ViewSettings& settings)
{
    const QString old_title = m_settings.title;
    m_settings = settings;
    m_settings.interval_s = ViewSampler::clampInterval(settings.interval_s);
    m_data.setHistoryCapacity(m_settings.history_capacity);
    m_content->setKind(to_widget_kind(m_settings.kind));
    m_content->setTimeWindow(m_settings.window_s);
    if (m_sampler.interval() != m_settings.interval_s)
        m_sampler.setInterval(m_settings.interval_s);
    m_sampler.setCapPercent(m_settings.cap_percent);
    if (m_settings.y_auto)
        m_content->setYRangeAuto();
    else
        m_content->setYRange(m_settings.y_min, m_settings.y_max);
    if (old_title != m_settings.title)
        emit titleChanged(m_settings.title);
    emit changed();
}

void ViewPane::addCounters(const QVector<ViewCounter>& counters)
{
    m_sampler.addCounters(counters);
    if (!m_sampler.isRunning())
        m_sampler.start();
    emit changed();
}

// A log's view never samples: it takes no counters.
void ViewPane::dragEnterEvent(QDragEnterEvent* event)
{
    if (!isLog() && !CounterMimeData::countersOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ViewPane::dragMoveEvent(QDragMoveEvent* event)
{
    if (!isLog() && !CounterMimeData::countersOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ViewPane::dropEvent(QDropEvent* event)
{
    const QVector<ViewCounter> counters = CounterMimeData::countersOf(event->mimeData());
    if (isLog() || counters.isEmpty())
        return;
    addCounters(counters);
    event->acceptProposedAction();
}

void ViewPane::setFrozen(bool frozen)
{
    // Sampling goes on while frozen: the history stays complete, only the display holds.
    m_content->setFrozen(frozen);
}

void ViewPane::clear()
{
    m_content->clearData();
}

void ViewPane::removeSelected()
{
    m_content->removeSelected();
}

void ViewPane::onBatch(const SampleBatch& batch)
{
    if (!batch.points.isEmpty())
        ++m_samples;
    m_queries += batch.source_queries;
    m_hits += batch.cache_hits;
    m_data.append(batch);
    emit batchArrived();
}

}  // namespace perfscope::gui

namespace perfscope::gui {

void ViewPane::setLooks(const QVector<SeriesLook>& looks)
{
    m_looks.setLooks(looks);
}

files::ViewSettings ViewPane::toCore() const
{
    files::ViewSettings out = gui::to_core(m_settings);
    const ViewWidget& widget = *m_content;
    out.y_auto = widget.isYAuto();
    if (!out.y_auto)
        std::tie(out.y_min, out.y_max) = widget.yRange();
    out.counters = m_looks.entries();
    return out;
}

void ViewPane::beginLog()
{
    m_log = true;
    m_sampler.stop();
}

void ViewPane::showLog(const files::PdhCsvLog& log)
{
    beginLog();
    LogLoader::fill(log, &m_data);
    m_data.setReadOnly(true);
    fitLog();
}

void ViewPane::fitLog()
{
    if (m_data.firstTime() != 0 && m_data.lastTime() > m_data.firstTime()) {
        const double span_s = static_cast<double>(m_data.lastTime() - m_data.firstTime()) / 1000.0;
        m_settings.window_s = std::max(10.0, span_s);
        m_content->setTimeWindow(m_settings.window_s);
    }
    m_content->refresh();
}

}  // namespace perfscope::gui
