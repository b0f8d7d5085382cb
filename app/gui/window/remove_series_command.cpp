// SPDX-License-Identifier: Apache-2.0
#include "gui/window/remove_series_command.h"

#include "gui/window/view_pane.h"

#include <QCoreApplication>

namespace perfscope::gui {

RemoveSeriesCommand::RemoveSeriesCommand(ViewPane* pane, int row)
    : RemoveSeriesCommand(pane, QList<quint64>{pane->data().series(row).info.id})
{}

RemoveSeriesCommand::RemoveSeriesCommand(ViewPane* pane, const QList<quint64>& series_ids)
    : m_pane(pane), m_ids(series_ids.cbegin(), series_ids.cend())
{
    const ViewData& data = pane->data();
    const int first = m_ids.empty() ? -1 : data.rowOf(m_ids.front());
    if (m_ids.size() == 1 && first >= 0)
        setText(QCoreApplication::translate("MainWindow", "Delete %1").arg(data.series(first).displayName()));
    else
        setText(
            QCoreApplication::translate("MainWindow", "Remove %n counters", nullptr, static_cast<int>(m_ids.size())));
}

RemoveSeriesCommand::~RemoveSeriesCommand() = default;

void RemoveSeriesCommand::redo()
{
    if (!m_pane) {
        setObsolete(true);
        return;
    }
    m_taken = m_pane->data().takeSeriesOf(m_ids, &m_rows);
    // Nothing left to remove (they went by themselves): no step to undo.
    if (m_taken.empty())
        setObsolete(true);
}

void RemoveSeriesCommand::undo()
{
    if (!m_pane || m_taken.empty()) {
        setObsolete(true);
        return;
    }
    // In row order, each at the row it had: the rows before it are back already.
    int last = -1;
    for (size_t i = 0; i < m_taken.size(); ++i)
        last = m_pane->data().restoreSeries(std::move(m_taken[i]), i < m_rows.size() ? m_rows[i] : -1);
    if (m_taken.size() == 1 && last >= 0)
        m_pane->content().setSelectedRow(last);
    m_taken.clear();
    m_rows.clear();
}

}  // namespace perfscope::gui
