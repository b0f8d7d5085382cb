// SPDX-License-Identifier: Apache-2.0
// "Add machine...": one line for the machine (`host:port` or
// `ssh://[user@]host[:port]`), checked before the dialog closes; a bad one is
// named under the line and the dialog stays.
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace perfscope::gui {

class AddMachineDialog : public QDialog {
    Q_OBJECT
public:
    explicit AddMachineDialog(QWidget* parent = nullptr);

    // The machine as paths name it (after accept()).
    QString machine() const { return m_machine; }
    void setText(const QString& text);

    void accept() override;

private:
    QLineEdit* m_edit = nullptr;
    QLabel* m_error = nullptr;
    QString m_machine;
};

}  // namespace perfscope::gui
