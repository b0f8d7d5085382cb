// SPDX-License-Identifier: Apache-2.0
#include "gui/window/user_guide_dialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace perfscope::gui {

UserGuideDialog::UserGuideDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("userGuide"));
    setWindowTitle(tr("Perfscope guide"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);
    layout->addWidget(m_browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    // A small resource, compiled in: reading it is not file I/O.
    QFile guide(QString::fromLatin1(kResource));
    if (guide.open(QIODevice::ReadOnly))
        m_browser->setMarkdown(QString::fromUtf8(guide.readAll()));
    else
        m_browser->setPlainText(tr("The guide is missing from this build. See README.md, \"The desktop app\"."));
    resize(880, 680);
}

UserGuideDialog* UserGuideDialog::showFor(QWidget* parent)
{
    auto* dialog = parent ? parent->findChild<UserGuideDialog*>() : nullptr;
    if (!dialog)
        dialog = new UserGuideDialog(parent);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

}  // namespace perfscope::gui
