// The counter browser dock: objects and their counters in a tree, the
// selected object's instances ("<All instances>" first), one filter box over
// objects, counters and instances, "Explain" (the help text of the selection)
// and "Add" (also by double-click, or by dragging the selection onto a view). Its data comes from a BrowserSampler (a
// Global snapshot on a worker thread); the instance list updates live.
#pragma once

#include "gui/browser/browser_sampler.h"
#include "gui/browser/instance_list_model.h"
#include "gui/browser/object_tree_model.h"
#include "gui/sampling/view_counter.h"

#include <QDockWidget>
#include <QSortFilterProxyModel>

class QLineEdit;
class QMimeData;
class QListView;
class QPushButton;
class QTextBrowser;
class QTreeView;

namespace perfscope::gui {

class CounterBrowser : public QDockWidget {
    Q_OBJECT
public:
    CounterBrowser(SourceHub& hub, QWidget* parent = nullptr);
    ~CounterBrowser() override;

    // The counters the selection stands for: each selected counter (or the
    // whole object, "\*", when only the object is selected) for each selected
    // instance (<All instances> when none is).
    QVector<ViewCounter> selectedCounters() const;
    // What dragging the selection carries (a CounterMimeData over
    // selectedCounters(), so a drop adds what Add would); null when nothing is selected.
    QMimeData* dragData() const;

    ObjectTreeModel& objectModel() { return m_objects; }
    InstanceListModel& instanceModel() { return m_instances; }
    QSortFilterProxyModel& objectFilter() { return m_object_filter; }
    QSortFilterProxyModel& instanceFilter() { return m_instance_filter; }
    QTreeView* tree() const { return m_tree; }
    QListView* instanceList() const { return m_instance_list; }
    QLineEdit* filterBox() const { return m_filter; }
    QTextBrowser* explainText() const { return m_explain; }
    BrowserSampler& sampler() { return m_sampler; }

    // Selects an object (and a counter of it, if given) in the tree.
    bool select(const QString& object, const QString& counter = {});
    // Selects instances by display name ("<All instances>" for the wildcard).
    bool selectInstance(const QString& display);

public slots:
    void addSelection();
    void setFilter(const QString& text);

signals:
    void addRequested(const QVector<perfscope::gui::ViewCounter>& counters);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    // Starts a drag of the selection from the tree or the instance list.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void currentObjectChanged();
    void updateExplain();

    BrowserSampler m_sampler;
    ObjectTreeModel m_objects;
    InstanceListModel m_instances;
    QSortFilterProxyModel m_object_filter;
    QSortFilterProxyModel m_instance_filter;
    QLineEdit* m_filter = nullptr;
    QTreeView* m_tree = nullptr;
    QListView* m_instance_list = nullptr;
    QTextBrowser* m_explain = nullptr;
    QPushButton* m_explain_button = nullptr;
    QPushButton* m_add_button = nullptr;
    std::uint32_t m_current_object = 0;
    QPoint m_press_pos;
    bool m_pressed = false;
};

}  // namespace perfscope::gui
