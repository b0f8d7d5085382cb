// SPDX-License-Identifier: Apache-2.0
// Clear, undoable: the emptied histories are kept, and undo puts them back in
// front of the points that came since.
#pragma once

#include "gui/charts/view_data.h"

#include <QPointer>
#include <QUndoCommand>

namespace perfscope::gui {

class ViewPane;

class ClearViewCommand : public QUndoCommand {
public:
    explicit ClearViewCommand(ViewPane* pane);
    void redo() override;
    void undo() override;

private:
    QPointer<ViewPane> m_pane;
    ViewData::SavedHistories m_saved;
};

}  // namespace perfscope::gui
