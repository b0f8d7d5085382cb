// SPDX-License-Identifier: Apache-2.0
#include "gui/window/save_file_dialog.h"

#include "files/dialog_path.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace perfscope::gui {

QString getSaveFileNameWithExtension(QWidget* parent, const QString& caption, const QString& dir,
                                     const QString& filters)
{
    QString selected;
    const QString typed = QFileDialog::getSaveFileName(parent, caption, dir, filters, &selected);
    if (typed.isEmpty())
        return {};
    QString path = QString::fromStdString(
        files::path_with_filter_extension(typed.toStdString(), selected.toStdString(), filters.toStdString()));
    if (path != typed && QFileInfo::exists(path)) {
        const auto answer = QMessageBox::question(
            parent, caption,
            QObject::tr("%1 already exists. Do you want to replace it?").arg(QFileInfo(path).fileName()),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return {};
    }
    return path;
}

}  // namespace perfscope::gui
