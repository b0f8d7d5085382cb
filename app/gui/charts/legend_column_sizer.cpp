// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_column_sizer.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace perfscope::gui {
namespace {

// "% Processor Time" and "Available Bytes" in full; an instance such as "systemd-journal" or "chrome:12345".
constexpr int kCounterMinimumEm = 14;
constexpr int kInstanceMinimumEm = 12;

}  // namespace

LegendColumnSizer::LegendColumnSizer(QTableView* view, int counter, int instance)
    : QObject(view), m_view(view), m_viewport(view->viewport()), m_counter(counter), m_instance(instance)
{
    QHeaderView* header = view->horizontalHeader();
    header->setSectionResizeMode(counter, QHeaderView::Interactive);
    header->setSectionResizeMode(instance, QHeaderView::Interactive);
    view->viewport()->installEventFilter(this);
    resize();
}

std::pair<int, int> LegendColumnSizer::widths(int free, int counter_minimum, int instance_minimum)
{
    const int counter = std::max(counter_minimum, free * 55 / 100);
    const int instance = std::max(instance_minimum, free - counter);
    return {counter, instance};
}

bool LegendColumnSizer::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && watched == m_viewport)
        resize();
    return QObject::eventFilter(watched, event);
}

void LegendColumnSizer::resize()
{
    const QHeaderView* header = m_view->horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column)
        if (column != m_counter && column != m_instance && !header->isSectionHidden(column))
            others += header->sectionSize(column);
    const int em = m_view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const auto [counter, instance] =
        widths(m_view->viewport()->width() - others, kCounterMinimumEm * em, kInstanceMinimumEm * em);
    m_view->setColumnWidth(m_counter, counter);
    m_view->setColumnWidth(m_instance, instance);
}

}  // namespace perfscope::gui
