// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/machine_chooser.h"

#include <QSignalBlocker>

namespace perfscope::gui {
namespace {

// The item data of "Add machine...": no machine name starts with a space.
const QString kAddMachine = QStringLiteral(" add machine");

}  // namespace

MachineChooser::MachineChooser(QWidget* parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("machineChooser"));
    setToolTip(tr("The machine whose objects and counters the browser lists; another one opens or shows a "
                  "view of it"));
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(12);
    setMachines({});
    connect(this, &QComboBox::activated, this, &MachineChooser::onActivated);
}

void MachineChooser::setMachines(const QStringList& machines)
{
    const QSignalBlocker blocker(this);
    clear();
    addItem(tr("This machine"), QString());
    for (const QString& machine : machines)
        addItem(machine, machine);
    insertSeparator(count());
    addItem(tr("Add machine..."), kAddMachine);
    setCurrentMachine(m_current);
}

QStringList MachineChooser::machines() const
{
    QStringList out;
    for (int i = 1; i < count(); ++i) {
        const QString machine = itemData(i).toString();
        if (!machine.isEmpty() && machine != kAddMachine)
            out.push_back(machine);
    }
    return out;
}

void MachineChooser::setCurrentMachine(const QString& machine)
{
    const QSignalBlocker blocker(this);
    const int index = findData(machine);
    m_current = index >= 0 ? machine : QString();
    setCurrentIndex(index >= 0 ? index : 0);
}

QString MachineChooser::currentMachine() const
{
    return m_current;
}

void MachineChooser::onActivated(int index)
{
    const QString machine = itemData(index).toString();
    if (machine == kAddMachine) {
        setCurrentMachine(m_current);  // until a view of the new machine is current
        emit addMachineRequested();
        return;
    }
    if (machine != m_current)
        emit machineChosen(machine);
}

}  // namespace perfscope::gui
