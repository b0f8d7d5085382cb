// SPDX-License-Identifier: Apache-2.0
// Delete counter, undoable: the removed series is kept whole (looks, history)
// and comes back as the view's last row, its sampler following it again.
#pragma once

#include "gui/charts/view_data.h"

#include <QPointer>
#include <QUndoCommand>

#include <memory>

namespace perfscope::gui {

class ViewPane;

class RemoveSeriesCommand : public QUndoCommand {
public:
    RemoveSeriesCommand(ViewPane* pane, int row);
    ~RemoveSeriesCommand() override;
    void redo() override;
    void undo() override;

private:
    QPointer<ViewPane> m_pane;
    quint64 m_id = 0;
    std::unique_ptr<ViewSeries> m_taken;
};

}  // namespace perfscope::gui
