// SPDX-License-Identifier: Apache-2.0
// An error before the window opens (a bad argument, path, set or log): always
// "perfscope: MESSAGE" on stderr, and a message box too when there is a
// display to show it on (the app started from a desktop launcher has no
// terminal to read stderr in). Offscreen and without a display: stderr only.
#pragma once

#include <QString>

namespace perfscope::gui {

// Whether Qt would open windows on a screen: not the offscreen or minimal
// platform (from -platform or QT_QPA_PLATFORM), and on X11/Wayland systems a
// display named in the environment.
bool display_available(int argc, char** argv);

// Reports `message` as above; returns the exit code, 2.
int report_startup_error(const QString& message, int argc, char** argv);

}  // namespace perfscope::gui
