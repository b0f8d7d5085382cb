// SPDX-License-Identifier: Apache-2.0
// The counter browser dock: objects and their counters in a tree with a
// filter box over objects and counters (Ctrl+Shift+F focuses it), the
// selected object's instances (InstanceFilterModel: "<All instances>" and
// "_Total" first and always listed, the rest in natural order) with their own
// search field and, for Process and Thread, "Hide kernel threads" (on by
// default), "Explain" (the help text of the selection) and "Add" (also by
// double-click, or by dragging the selection onto a view). When Add has
// nothing to add, the dock's status line says why. Its data comes from a
// BrowserSampler (a Global snapshot on a worker thread); the instance list
// updates live.
#pragma once

#include "gui/browser/browser_sampler.h"
#include "gui/browser/instance_list_model.h"
#include "gui/browser/object_tree_model.h"
#include "gui/sampling/view_counter.h"
#include "gui/browser/instance_filter_model.h"

#include <QDockWidget>
#include <QSortFilterProxyModel>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QMimeData;
class QListView;
class QPushButton;
class QTextBrowser;
class QTreeView;

namespace perfscope::gui {

class MachineChooser;

class CounterBrowser : public QDockWidget {
    Q_OBJECT
public:
    CounterBrowser(SourceHub& hub, QWidget* parent = nullptr);
    ~CounterBrowser() override;

    // The counters the selection stands for: each selected counter (or the
    // whole object, "\*", when only the object is selected) for each selected
    // instance (<All instances> when none is and the instance search is
    // empty; nothing when the search narrowed the list and none is selected).
    QVector<ViewCounter> selectedCounters() const;
    // What dragging the selection carries (a CounterMimeData over
    // selectedCounters(), so a drop adds what Add would); null when nothing is selected.
    QMimeData* dragData() const;

    ObjectTreeModel& objectModel() { return m_objects; }
    InstanceListModel& instanceModel() { return m_instances; }
    QSortFilterProxyModel& objectFilter() { return m_object_filter; }
    InstanceFilterModel& instanceFilter() { return m_instance_filter; }
    QTreeView* tree() const { return m_tree; }
    QListView* instanceList() const { return m_instance_list; }
    QLineEdit* filterBox() const { return m_filter; }
    QLineEdit* instanceSearchBox() const { return m_instance_search; }
    QCheckBox* hideKernelThreadsBox() const { return m_hide_kernel; }
    // The dock's status line: why Add added nothing, or what it added.
    QString statusText() const;
    static QKeySequence filterShortcut();
    QTextBrowser* explainText() const { return m_explain; }
    BrowserSampler& sampler() { return *m_sampler; }
    // Browses another source from now on (a recording's, or the machine's
    // again): the lists empty and fill from it. `note` names it in the status line.
    void setHub(SourceHub& hub, const QString& note = {});
    SourceHub& hub() const { return *m_hub; }
    // The machines above the filter (hidden unless the window reads other machines).
    MachineChooser& machineChooser() const { return *m_machines; }

    // Selects an object (and a counter of it, if given) in the tree.
    bool select(const QString& object, const QString& counter = {});
    // Selects instances by display name ("<All instances>" for the wildcard).
    bool selectInstance(const QString& display);

public slots:
    void addSelection();
    void setFilter(const QString& text);
    void setInstanceSearch(const QString& text);
    // Shows the dock and puts the cursor in the filter box.
    void focusFilter();

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
    // selectedCounters(), and in `why` the reason when it is empty.
    QVector<ViewCounter> collect(QString* why) const;
    void setStatus(const QString& text);

    void connectSampler();

    SourceHub* m_hub = nullptr;
    std::unique_ptr<BrowserSampler> m_sampler;
    ObjectTreeModel m_objects;
    InstanceListModel m_instances;
    QSortFilterProxyModel m_object_filter;
    InstanceFilterModel m_instance_filter;
    MachineChooser* m_machines = nullptr;
    QLineEdit* m_filter = nullptr;
    QLineEdit* m_instance_search = nullptr;
    QCheckBox* m_hide_kernel = nullptr;
    QLabel* m_status = nullptr;
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
