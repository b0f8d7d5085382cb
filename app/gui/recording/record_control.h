// SPDX-License-Identifier: Apache-2.0
// The window's Record action (File menu and toolbar): the first press asks
// what to record (RecordDialog) and starts an AppRecorder, the next stops it.
// While it records, the status bar says so with the file's name and size.
#pragma once

#include "gui/recording/app_recorder.h"
#include "gui/recording/record_dialog.h"

#include <QObject>

#include <functional>

class QAction;
class QLabel;

namespace perfscope::gui {

class MainWindow;

class RecordControl : public QObject {
    Q_OBJECT
public:
    RecordControl(MainWindow& window, SourceHub& hub);

    QAction* action() const { return m_action; }
    AppRecorder& recorder() { return m_recorder; }
    QLabel* statusLabel() const { return m_label; }
    // The objects the dialog offers: those the views use first (checked).
    QVector<RecordChoice> choices() const;
    // Replaces the dialog (tests): returns the request, or nothing to cancel.
    void setAsk(std::function<std::optional<RecordRequest>(const QVector<RecordChoice>&)> ask)
    {
        m_ask = std::move(ask);
    }

    void toggle();

private:
    void showState();

    MainWindow& m_window;
    SourceHub& m_hub;
    AppRecorder m_recorder;
    QAction* m_action = nullptr;
    QLabel* m_label = nullptr;
    std::function<std::optional<RecordRequest>(const QVector<RecordChoice>&)> m_ask;
};

}  // namespace perfscope::gui
