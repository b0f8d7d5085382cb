// SPDX-License-Identifier: Apache-2.0
#include "gui/window/view_pane.h"

#include "gui/browser/counter_mime_data.h"
#include "gui/charts/log_loader.h"
#include "files/pdh_csv_reader.h"

#include <QChildEvent>
#include <QDropEvent>
#include <QLabel>
#include <QPainter>
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
    layout->setSpacing(0);
    m_tile_title = new QLabel(this);
    m_tile_title->setObjectName(QStringLiteral("tileTitle"));
    m_tile_title->setContentsMargins(4, 1, 4, 1);
    m_tile_title->setAutoFillBackground(true);
    m_tile_title->hide();
    layout->addWidget(m_tile_title);
    m_content = new ViewContent(&m_data, this);
    layout->addWidget(m_content, 1);
    setSettings(settings);
    watchPresses(this);

    setAcceptDrops(true);
    connect(&m_sampler, &ViewSampler::batchReady, this, &ViewPane::onBatch);
    // However a series goes (Delete, the legend), its sampler stops sending it.
    // An ended series' sampler has forgotten it already (an identity never
    // comes back): no message to its thread for each ended row that leaves.
    connect(&m_data, &ViewData::seriesAboutToBeRemoved, this, [this](int row) {
        if (!m_data.series(row).ended)
            m_sampler.removeSeries(m_data.series(row).info.id);
    });
    // ... and an undone removal brings its points back.
    connect(&m_data, &ViewData::seriesAdded, this, [this](int row) {
        if (m_data.isRestoring())
            m_sampler.restoreSeries(m_data.series(row).info.id);
    });
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
    if (old_title != m_settings.title) {
        updateTileTitle();
        emit titleChanged(m_settings.title);
    }
    emit changed();
}

void ViewPane::watchPresses(QWidget* widget)
{
    // Every descendant, also those made later (a graph made on first use):
    // a press on a child never reaches the pane itself.
    widget->installEventFilter(this);
    for (QWidget* child : widget->findChildren<QWidget*>())
        child->installEventFilter(this);
}

bool ViewPane::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress)
        emit activated();
    else if (event->type() == QEvent::ChildAdded)
        if (auto* child = qobject_cast<QWidget*>(static_cast<QChildEvent*>(event)->child()))
            watchPresses(child);
    return QWidget::eventFilter(watched, event);
}

QString ViewPane::tileTitle() const
{
    return m_tile_title->text();
}

void ViewPane::updateTileTitle()
{
    m_tile_title->setText(m_current ? tr("%1 (current)").arg(m_settings.title) : m_settings.title);
    QFont font = m_tile_title->font();
    font.setBold(m_current);
    m_tile_title->setFont(font);
    QPalette palette = m_tile_title->palette();
    const QPalette& own = this->palette();
    palette.setColor(QPalette::Window, m_current ? own.color(QPalette::Highlight) : own.color(QPalette::Button));
    palette.setColor(QPalette::WindowText,
                     m_current ? own.color(QPalette::HighlightedText) : own.color(QPalette::ButtonText));
    m_tile_title->setPalette(palette);
    m_tile_title->setToolTip(m_current ? tr("The current view: Add puts counters here")
                                       : tr("Click the view to make it current"));
}

void ViewPane::setTileMarks(bool tiled, bool current)
{
    if (tiled == m_tiled && current == m_current)
        return;
    m_tiled = tiled;
    m_current = current;
    m_tile_title->setVisible(tiled);
    const int margin = tiled ? 3 : 0;
    layout()->setContentsMargins(margin, margin, margin, margin);
    updateTileTitle();
    update();
}

void ViewPane::paintEvent(QPaintEvent* event)
{
    QWidget::paintEvent(event);
    if (!m_tiled)
        return;
    QPainter painter(this);
    const QColor color = m_current ? palette().color(QPalette::Highlight) : palette().color(QPalette::Mid);
    const int width = m_current ? 3 : 1;
    painter.setPen(QPen(color, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter.setBrush(Qt::NoBrush);
    const qreal inset = width / 2.0;
    painter.drawRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset));
}

void ViewPane::addCounters(const QVector<ViewCounter>& counters)
{
    if (m_sink) {
        m_sink(counters);
        return;
    }
    m_sampler.addCounters(counters);
    if (!m_sampler.isRunning())
        m_sampler.start();
    emit changed();
}

// A log's view never samples: it takes no counters.
void ViewPane::dragEnterEvent(QDragEnterEvent* event)
{
    if (takesCounters() && !CounterMimeData::countersOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ViewPane::dragMoveEvent(QDragMoveEvent* event)
{
    if (takesCounters() && !CounterMimeData::countersOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ViewPane::dropEvent(QDropEvent* event)
{
    const QVector<ViewCounter> counters = CounterMimeData::countersOf(event->mimeData());
    if (!takesCounters() || counters.isEmpty())
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
