// SPDX-License-Identifier: Apache-2.0
#include "gui/window/view_settings.h"

#include <QCoreApplication>

namespace perfscope::gui {

QString kind_label(ViewKind kind)
{
    switch (kind) {
    case ViewKind::line: return QCoreApplication::translate("ViewKind", "Line");
    case ViewKind::histogram: return QCoreApplication::translate("ViewKind", "Histogram");
    case ViewKind::report: return QCoreApplication::translate("ViewKind", "Report");
    }
    return {};
}

ViewKind next_kind(ViewKind kind)
{
    switch (kind) {
    case ViewKind::line: return ViewKind::histogram;
    case ViewKind::histogram: return ViewKind::report;
    case ViewKind::report: return ViewKind::line;
    }
    return ViewKind::line;
}

}  // namespace perfscope::gui
