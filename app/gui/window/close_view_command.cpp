// SPDX-License-Identifier: Apache-2.0
#include "gui/window/close_view_command.h"

#include "gui/window/main_window.h"
#include "gui/window/view_pane.h"

#include <QCoreApplication>

namespace perfscope::gui {

CloseViewCommand::CloseViewCommand(MainWindow& window, ViewPane* pane) : m_window(window), m_pane(pane)
{
    setText(QCoreApplication::translate("MainWindow", "Close %1").arg(pane->settings().title));
}

CloseViewCommand::~CloseViewCommand()
{
    if (m_holding)
        delete m_pane.data();
}

void CloseViewCommand::redo()
{
    if (!m_pane) {
        setObsolete(true);
        return;
    }
    m_index = m_window.detachView(m_pane);
    m_holding = m_index >= 0;
}

void CloseViewCommand::undo()
{
    if (!m_pane || !m_holding) {
        setObsolete(true);
        return;
    }
    m_window.attachView(m_pane, m_index);
    m_holding = false;
}

}  // namespace perfscope::gui
