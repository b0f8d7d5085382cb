#include "view_pane.h"

#include <QVBoxLayout>

namespace perfscope::gui {

ViewPane::ViewPane(SourceHub& hub, const ViewSettings& settings, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_sampler(hub, settings.interval_s)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setVisible(false);
    m_error->setStyleSheet(QStringLiteral("color: palette(highlighted-text); background: #b03030; padding: 4px;"));
    layout->addWidget(m_error);
    m_content = new ViewContent(&m_data, this);
    layout->addWidget(m_content, 1);
    setSettings(settings);

    connect(&m_sampler, &ViewSampler::batchReady, this, &ViewPane::onBatch);
    connect(&m_data, &ViewData::errorChanged, this, [this](const QString& error) {
        m_error->setText(error.isEmpty() ? QString() : tr("The source failed: %1 (history kept)").arg(error));
        m_error->setVisible(!error.isEmpty());
    });
    connect(&m_data, &ViewData::seriesRemoved, this, [](int) {});
}

ViewPane::~ViewPane() = default;

void ViewPane::setSettings(const ViewSettings& settings)
{
    const QString old_title = m_settings.title;
    m_settings = settings;
    m_settings.interval_s = ViewSampler::clampInterval(settings.interval_s);
    m_data.setHistoryCapacity(m_settings.history_capacity);
    m_content->setKind(m_settings.kind);
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
    const int row = m_content->selectedRow();
    if (row < 0 || row >= m_data.seriesCount())
        return;
    m_sampler.removeSeries(m_data.series(row).info.id);
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
