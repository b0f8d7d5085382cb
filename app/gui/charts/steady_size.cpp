// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/steady_size.h"

#include <QWidget>

namespace perfscope::gui {

void holdSizeHint(QWidget* widget)
{
    const QSize hint = widget->sizeHint();
    if (widget->minimumSize() != hint || widget->maximumSize() != hint)
        widget->setFixedSize(hint);
}

}  // namespace perfscope::gui
