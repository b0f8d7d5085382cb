// SPDX-License-Identifier: Apache-2.0
// Help > Perfscope guide (F1): the user guide shipped in the app as a Qt
// resource (docs/user-guide.md), shown as Markdown in a browser window that
// stays open beside the main window.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace perfscope::gui {

class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    static constexpr const char* kResource = ":/perfscope/user-guide.md";

    explicit UserGuideDialog(QWidget* parent = nullptr);
    // One guide per window: raised when already open.
    static UserGuideDialog* showFor(QWidget* parent);
    QTextBrowser& browser() { return *m_browser; }

private:
    QTextBrowser* m_browser = nullptr;
};

}  // namespace perfscope::gui
