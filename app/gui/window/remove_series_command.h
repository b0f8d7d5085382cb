// SPDX-License-Identifier: Apache-2.0
// Removing series from a view, undoable: Delete counter, and the legend's
// Remove and Remove ended. The removed series are kept whole (looks, history,
// ended or not) and come back at the rows they had, their sampler following
// them again.
#pragma once

#include "gui/charts/view_data.h"

#include <QList>
#include <QPointer>
#include <QUndoCommand>

#include <memory>
#include <vector>

namespace perfscope::gui {

class ViewPane;

class RemoveSeriesCommand : public QUndoCommand {
public:
    RemoveSeriesCommand(ViewPane* pane, int row);
    RemoveSeriesCommand(ViewPane* pane, const QList<quint64>& series_ids);
    ~RemoveSeriesCommand() override;
    void redo() override;
    void undo() override;

private:
    QPointer<ViewPane> m_pane;
    std::vector<quint64> m_ids;
    std::vector<std::unique_ptr<ViewSeries>> m_taken;
    std::vector<int> m_rows;  // the rows they had, ascending
};

}  // namespace perfscope::gui
