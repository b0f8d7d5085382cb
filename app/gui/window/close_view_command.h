// SPDX-License-Identifier: Apache-2.0
// Close view, undoable: the pane is taken out of the window, not deleted; its
// sampler rests meanwhile. Undo puts it back where it was with its counters,
// looks and history. The command deletes a pane it still holds.
#pragma once

#include <QPointer>
#include <QUndoCommand>

namespace perfscope::gui {

class MainWindow;
class ViewPane;

class CloseViewCommand : public QUndoCommand {
public:
    CloseViewCommand(MainWindow& window, ViewPane* pane);
    ~CloseViewCommand() override;
    void redo() override;
    void undo() override;

private:
    MainWindow& m_window;
    QPointer<ViewPane> m_pane;
    int m_index = -1;
    bool m_holding = false;
};

}  // namespace perfscope::gui
