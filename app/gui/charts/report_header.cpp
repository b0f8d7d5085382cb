// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/report_header.h"

#include <QEvent>
#include <QStyle>
#include <QStyleOptionHeader>

namespace perfscope::gui {

ReportHeader::ReportHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent)
{}

QSize ReportHeader::sizeHint() const
{
    if (m_height < 0) {
        QStyleOptionHeader option;
        initStyleOption(&option);
        option.text = QStringLiteral("Xg");
        option.fontMetrics = fontMetrics();
        m_height = style()->sizeFromContents(QStyle::CT_HeaderSection, &option, QSize(), this).height();
    }
    return {length(), m_height};
}

void ReportHeader::changeEvent(QEvent* event)
{
    QHeaderView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_height = -1;
}

}  // namespace perfscope::gui
