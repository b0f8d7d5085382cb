// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/add_machine_dialog.h"

#include "gui/remote/machine_paths.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace perfscope::gui {

AddMachineDialog::AddMachineDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Add machine"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The machine's agent (perfscope-cli serve): <b>host:port</b>, "
                                "<b>https://host[:port]</b> for an agent serving TLS, or "
                                "<b>ssh://[user@]host[:port]</b> to run it through ssh."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("machine"));
    m_edit->setPlaceholderText(QStringLiteral("server1:9654"));
    layout->addWidget(m_edit);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("machineError"));
    m_error->setWordWrap(true);
    QPalette palette = m_error->palette();
    palette.setColor(QPalette::WindowText, Qt::red);
    m_error->setPalette(palette);
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &AddMachineDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &AddMachineDialog::reject);
    layout->addWidget(buttons);
    connect(m_edit, &QLineEdit::textChanged, m_error, &QLabel::hide);
    resize(420, sizeHint().height());
}

void AddMachineDialog::setText(const QString& text)
{
    m_edit->setText(text);
}

void AddMachineDialog::accept()
{
    auto machine = parse_machine(m_edit->text());
    if (!machine) {
        m_error->setText(QString::fromStdString(machine.error().message()));
        m_error->show();
        m_edit->setFocus();
        return;
    }
    m_machine = *machine;
    QDialog::accept();
}

}  // namespace perfscope::gui
