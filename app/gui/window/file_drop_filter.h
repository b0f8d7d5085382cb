// SPDX-License-Identifier: Apache-2.0
// Files dropped onto the window (from a file manager) open as PerfMon opens
// them: a recording or a PDH-CSV log each as a read-only view
// (MainWindow::openLog tells them apart by content). Installed on the window
// as an event filter, so views keep their own drops (counters).
#pragma once

#include <QObject>
#include <QStringList>

class QMimeData;

namespace perfscope::gui {

class MainWindow;

class FileDropFilter : public QObject {
    Q_OBJECT
public:
    explicit FileDropFilter(MainWindow& window);

    // The local files a drag carries (none: not ours to take).
    static QStringList filesOf(const QMimeData* mime);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    MainWindow& m_window;
};

}  // namespace perfscope::gui
