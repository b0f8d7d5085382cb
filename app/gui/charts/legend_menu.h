// SPDX-License-Identifier: Apache-2.0
// The legend's context menu and row tooltips, attached to a ViewWidget's
// legend table. The menu acts on the view's data or asks the widget: Show all,
// Hide all, Remove (the selected series), Remove ended, Scale selected to fit,
// Copy counter path, Properties. Remove and Remove ended go through the
// widget's requestRemoval() (its owner may make them undoable); Scale selected
// calls scaleSelectedToFit(); Properties
// emits propertiesRequested() (the window owns the dialog); Who caused this?
// (when the widget's owner offers it) calls requestSpike(). A row's tooltip is
// its full counter path.
#pragma once

#include <QObject>
#include <QPoint>
#include <QString>

class QMenu;
class QWidget;

namespace perfscope::gui {

class ViewWidget;

class LegendMenu : public QObject {
    Q_OBJECT
public:
    explicit LegendMenu(ViewWidget* widget);

    // The menu for the legend with `row` (a ViewData row; -1: none) under the
    // cursor. Actions are named (objectName): showAll, hideAll, remove,
    // removeEnded, scaleSelected, copyPath, properties. The caller owns it.
    QMenu* createMenu(int row, QWidget* parent) const;
    // What a legend row's tooltip says.
    QString toolTip(int row) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showMenu(const QPoint& position);
    int rowAt(const QPoint& viewport_position) const;
    void setAllVisible(bool visible) const;

    ViewWidget* m_widget;
};

}  // namespace perfscope::gui
