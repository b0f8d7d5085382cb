// SPDX-License-Identifier: Apache-2.0
// Opening a recording in the window: a new view (a RecordingView over the
// file, with an OverviewStrip under the graph) that shows the whole file once
// it is read, or, when the file cannot be read, goes again with a message.
#pragma once

#include <QString>

namespace perfscope::gui {

class MainWindow;
class ViewPane;

// Whether `path` starts with a recording's magic (docs/recording-format.md §1).
bool is_recording_file(const QString& path);

ViewPane* open_recording_view(MainWindow& window, const QString& path);

}  // namespace perfscope::gui
