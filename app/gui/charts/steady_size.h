// SPDX-License-Identifier: Apache-2.0
// For a label or check box whose text changes every second (a count, a rate).
#pragma once

class QWidget;

namespace perfscope::gui {

// Fixes `widget`'s size at its size hint, when the two differ; call it after
// each change of the widget's text. A widget whose minimum and maximum sizes
// are equal does not lay out its parents again when its text changes (see
// QWidget::updateGeometry), and digits are of one width in most fonts: so the
// window is laid out again when a count gains a digit, not every second
// (measured: a fifth of the GUI thread's own work in a view over every
// process was the layouts a new count in a status label started).
void holdSizeHint(QWidget* widget);

}  // namespace perfscope::gui
