// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_delegate.h"

#include "gui/charts/legend_model.h"

#include <QColorDialog>
#include <QEvent>
#include <QPainter>
#include <QSpinBox>

namespace perfscope::gui {

QWidget* LegendDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                      const QModelIndex& index) const
{
    if (index.column() == LegendModel::Scale) {
        auto* spin = new QSpinBox(parent);
        spin->setRange(-10, 10);
        spin->setPrefix(QStringLiteral("10^"));
        return spin;
    }
    if (index.column() == LegendModel::Color)
        return nullptr;  // edited through the dialog in editorEvent
    return QStyledItemDelegate::createEditor(parent, option, index);
}

bool LegendDelegate::editorEvent(QEvent* event, QAbstractItemModel* model, const QStyleOptionViewItem& option,
                                 const QModelIndex& index)
{
    if (index.column() == LegendModel::Color && event->type() == QEvent::MouseButtonDblClick) {
        const QColor current = index.data(Qt::EditRole).value<QColor>();
        const QColor chosen = QColorDialog::getColor(current, const_cast<QWidget*>(option.widget), tr("Series color"));
        if (chosen.isValid())
            model->setData(index, chosen, Qt::EditRole);
        return true;
    }
    return QStyledItemDelegate::editorEvent(event, model, option, index);
}

// The color column is a swatch filling the cell, not a tiny icon.
void LegendDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    if (index.column() != LegendModel::Color) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // Background and selection as for any cell, then the swatch.
    QStyledItemDelegate::paint(painter, option, QModelIndex());
    const QColor color = index.data(Qt::EditRole).value<QColor>();
    const QRect swatch = option.rect.adjusted(5, 4, -5, -4);
    painter->save();
    painter->setPen(QPen(color.darker(150), 1));
    painter->setBrush(color);
    painter->drawRect(swatch.adjusted(0, 0, -1, -1));
    painter->restore();
}

}  // namespace perfscope::gui
