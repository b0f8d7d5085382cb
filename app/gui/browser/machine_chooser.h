// SPDX-License-Identifier: Apache-2.0
// The counter browser's list of machines: this machine, every other machine the window reads (a hub each),
// and "Add machine..." last. It shows the machine the browser browses (the current view's); choosing
// another asks the window for a view of it, which the browser then follows.
#pragma once

#include <QComboBox>
#include <QStringList>

namespace perfscope::gui {

class MachineChooser : public QComboBox {
    Q_OBJECT
public:
    explicit MachineChooser(QWidget* parent = nullptr);

    // The other machines, as counter paths name them ("host:port", "ssh://user@host"); keeps the current
    // one where it is still listed.
    void setMachines(const QStringList& machines);
    QStringList machines() const;
    // Shows `machine` ("" for this one) as the one browsed, without asking for anything.
    void setCurrentMachine(const QString& machine);
    QString currentMachine() const;

signals:
    // The user picked a machine ("" for this one).
    void machineChosen(const QString& machine);
    void addMachineRequested();

private:
    void onActivated(int index);

    QString m_current;
};

}  // namespace perfscope::gui
