#include "view_pane.h"

#include <QVBoxLayout>

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
    : QWidget(parent), m_settings(settings), m_sampler(hub, settings.interval_s)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_content = new ViewContent(&m_data, this);
    layout->addWidget(m_content, 1);
    setSettings(settings);

    connect(&m_sampler, &ViewSampler::batchReady, this, &ViewPane::onBatch);
    // However a series goes (Delete, the legend), its sampler stops sending it.
    connect(&m_data, &ViewData::seriesAboutToBeRemoved, this,
            [this](int row) { m_sampler.removeSeries(m_data.series(row).info.id); });
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
    if (old_title != m_settings.title)
        emit titleChanged(m_settings.title);
}

void ViewPane::addCounters(const QVector<ViewCounter>& counters)
{
    m_sampler.addCounters(counters);
    if (!m_sampler.isRunning())
        m_sampler.start();
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
