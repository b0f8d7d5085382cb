// SPDX-License-Identifier: Apache-2.0
// Editors of the legend table: a color dialog for the color column, a spin
// box over the powers of ten -10..10 for the scale column.
#pragma once

#include <QStyledItemDelegate>

namespace perfscope::gui {

class LegendDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    bool editorEvent(QEvent* event, QAbstractItemModel* model, const QStyleOptionViewItem& option,
                     const QModelIndex& index) override;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace perfscope::gui
