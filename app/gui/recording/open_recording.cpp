// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/open_recording.h"

#include "gui/recording/overview_strip.h"
#include "gui/recording/recording_browse.h"
#include "gui/recording/recording_view.h"
#include "gui/window/main_window.h"

#include <QFile>
#include <QFileInfo>
#include <QLayout>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

namespace perfscope::gui {

bool is_recording_file(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    return file.read(8) == QByteArrayLiteral("PSCOPREC");
}

ViewPane* open_recording_view(MainWindow& window, const QString& path)
{
    ViewSettings settings;
    settings.title = QFileInfo(path).fileName();
    ViewPane* pane = window.addView(settings);
    auto* recording = new RecordingView(path, pane);
    pane->layout()->addWidget(new OverviewStrip(&pane->data(), &pane->content(), pane));
    QPointer<MainWindow> guard(&window);
    QObject::connect(recording, &RecordingView::loaded, pane, [guard, pane, recording](int series, int samples) {
        // In an event of its own: filling and the first refresh of a day's data are each a GUI-thread step.
        QTimer::singleShot(0, pane, [pane] { pane->fitLog(); });
        if (guard)
            guard->statusBar()->showMessage(
                QObject::tr("%1: %2 series, %3 samples").arg(recording->path()).arg(series).arg(samples), 10'000);
    });
    QObject::connect(recording, &RecordingView::failed, pane, [guard, pane](const QString& message) {
        if (!guard)
            return;
        if (pane->data().seriesCount() == 0 && guard->viewIndex(pane) >= 0) {
            guard->closeView(pane);
            QMessageBox::warning(guard, QObject::tr("Open recording"), message);
            return;
        }
        guard->statusBar()->showMessage(message, 10'000);
    });
    recording->open();
    // The window told of the new view before it was a recording's.
    if (auto* browse = window.findChild<RecordingBrowse*>(); browse && window.currentView() == pane)
        browse->follow(pane);
    return pane;
}

}  // namespace perfscope::gui
