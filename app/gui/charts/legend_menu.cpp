// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_menu.h"

#include "gui/charts/view_data.h"
#include "gui/charts/view_widget.h"

#include <QAbstractProxyModel>
#include <QClipboard>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QMenu>
#include <QTableView>
#include <QToolTip>

namespace perfscope::gui {

LegendMenu::LegendMenu(ViewWidget* widget) : QObject(widget), m_widget(widget)
{
    QTableView* legend = widget->legendView();
    legend->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(legend, &QWidget::customContextMenuRequested, this, &LegendMenu::showMenu);
    legend->viewport()->installEventFilter(this);
}

int LegendMenu::rowAt(const QPoint& viewport_position) const
{
    QTableView* legend = m_widget->legendView();
    const QModelIndex index = legend->indexAt(viewport_position);
    if (!index.isValid())
        return -1;
    auto* proxy = qobject_cast<QAbstractProxyModel*>(legend->model());
    return proxy ? proxy->mapToSource(index).row() : index.row();
}

QString LegendMenu::toolTip(int row) const
{
    const ViewData* data = m_widget->viewData();
    if (row < 0 || row >= data->seriesCount())
        return {};
    const ViewSeries& s = data->series(row);
    QString text = s.info.path.isEmpty() ? s.displayName() : s.info.path;
    if (s.ended)
        text += QLatin1Char('\n') + tr("Ended: no more values");
    return text;
}

bool LegendMenu::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTip(rowAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_widget->legendView()->viewport());
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void LegendMenu::showMenu(const QPoint& position)
{
    QTableView* legend = m_widget->legendView();
    const int row = rowAt(position);
    // The row under the cursor is the one Remove, Scale and Copy act on.
    if (row >= 0)
        m_widget->setSelectedRow(row);
    QMenu* menu = createMenu(row, legend);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(legend->viewport()->mapToGlobal(position));
}

void LegendMenu::setAllVisible(bool visible) const
{
    ViewData* data = m_widget->viewData();
    for (int row = 0; row < data->seriesCount(); ++row)
        if (data->series(row).visible != visible)
            data->setVisible(row, visible);
}

QMenu* LegendMenu::createMenu(int row, QWidget* parent) const
{
    ViewData* data = m_widget->viewData();
    const bool has_row = row >= 0 && row < data->seriesCount();
    bool any_ended = false;
    for (int r = 0; r < data->seriesCount() && !any_ended; ++r)
        any_ended = data->series(r).ended;

    auto* menu = new QMenu(parent);
    const auto add = [menu](const char* name, const QString& text, auto&& act) {
        QAction* action = menu->addAction(text);
        action->setObjectName(QLatin1String(name));
        QObject::connect(action, &QAction::triggered, menu, std::forward<decltype(act)>(act));
        return action;
    };
    ViewWidget* widget = m_widget;
    add("showAll", tr("&Show all"), [this] { setAllVisible(true); })->setEnabled(data->seriesCount() > 0);
    add("hideAll", tr("&Hide all"), [this] { setAllVisible(false); })->setEnabled(data->seriesCount() > 0);
    menu->addSeparator();
    const quint64 id = has_row ? data->series(row).info.id : 0;
    add("remove", tr("&Remove"), [widget, id] { widget->requestRemoval({id}); })->setEnabled(has_row);
    add("removeEnded", tr("Remove &ended"), [widget] { widget->removeEnded(); })->setEnabled(any_ended);
    add("scaleSelected", tr("S&cale selected to fit"), [widget] { widget->scaleSelectedToFit(); })->setEnabled(has_row);
    menu->addSeparator();
    const QString path = has_row ? data->series(row).info.path : QString();
    add("copyPath", tr("&Copy counter path"), [path] {
        QGuiApplication::clipboard()->setText(path);
    })->setEnabled(!path.isEmpty());
    if (widget->explainsSpikes()) {
        menu->addSeparator();
        add("whoCausedThis", tr("&Who caused this?"), [widget] { widget->requestSpike(); });
    }
    menu->addSeparator();
    add("properties", tr("&Properties..."), [widget] { emit widget->propertiesRequested(); });
    return menu;
}

}  // namespace perfscope::gui
