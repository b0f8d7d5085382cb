// SPDX-License-Identifier: Apache-2.0
#include "gui/window/clear_view_command.h"

#include "gui/window/view_pane.h"

#include <QCoreApplication>

namespace perfscope::gui {

ClearViewCommand::ClearViewCommand(ViewPane* pane) : m_pane(pane)
{
    setText(QCoreApplication::translate("MainWindow", "Clear %1").arg(pane->settings().title));
}

void ClearViewCommand::redo()
{
    if (!m_pane) {
        setObsolete(true);
        return;
    }
    m_saved = m_pane->data().clearKeeping();
}

void ClearViewCommand::undo()
{
    if (!m_pane) {
        setObsolete(true);
        return;
    }
    m_pane->data().restoreHistories(std::move(m_saved));
    m_saved.clear();
}

}  // namespace perfscope::gui
