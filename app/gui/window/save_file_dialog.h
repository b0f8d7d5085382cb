// SPDX-License-Identifier: Apache-2.0
// QFileDialog::getSaveFileName, plus the selected filter's extension when the
// user typed none (files::path_with_filter_extension). The dialog asked about
// replacing the name as typed only, so a completed name that exists is asked
// about here.
#pragma once

#include <QString>

class QWidget;

namespace perfscope::gui {

// Empty when the user cancelled (in the dialog or at the replace question).
QString getSaveFileNameWithExtension(QWidget* parent, const QString& caption, const QString& dir,
                                     const QString& filters);

}  // namespace perfscope::gui
