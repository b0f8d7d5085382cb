// SPDX-License-Identifier: Apache-2.0
#include "gui/window/remove_series_command.h"

#include "gui/window/view_pane.h"

#include <QCoreApplication>

namespace perfscope::gui {

RemoveSeriesCommand::RemoveSeriesCommand(ViewPane* pane, int row) : m_pane(pane)
{
    const ViewSeries& series = pane->data().series(row);
    m_id = series.info.id;
    setText(QCoreApplication::translate("MainWindow", "Delete %1").arg(series.displayName()));
}

RemoveSeriesCommand::~RemoveSeriesCommand() = default;

void RemoveSeriesCommand::redo()
{
    if (!m_pane) {
        setObsolete(true);
        return;
    }
    m_taken = m_pane->data().takeSeries(m_pane->data().rowOf(m_id));
}

void RemoveSeriesCommand::undo()
{
    if (!m_pane || !m_taken) {
        setObsolete(true);
        return;
    }
    const int row = m_pane->data().restoreSeries(std::move(m_taken));
    if (row >= 0)
        m_pane->content().setSelectedRow(row);
}

}  // namespace perfscope::gui
