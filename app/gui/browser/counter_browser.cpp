// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/counter_browser.h"

#include "gui/browser/machine_chooser.h"

#include "gui/browser/counter_mime_data.h"
#include "gui/browser/kernel_threads.h"

#include <QApplication>
#include <QCheckBox>
#include <QDrag>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMouseEvent>
#include <QPushButton>
#include <QSet>
#include <QShortcut>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfscope::gui {

CounterBrowser::CounterBrowser(SourceHub& hub, QWidget* parent)
    : QDockWidget(tr("Counters"), parent), m_hub(&hub), m_sampler(std::make_unique<BrowserSampler>(hub))
{
    setObjectName(QStringLiteral("counterBrowser"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);

    m_machines = new MachineChooser(body);
    m_machines->hide();  // shown where the window can read other machines
    layout->addWidget(m_machines);

    m_filter = new QLineEdit(body);
    m_filter->setPlaceholderText(
        tr("Filter objects and counters (%1)").arg(filterShortcut().toString(QKeySequence::NativeText)));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows only objects and counters whose name contains this text "
                            "(an object that matches shows all its counters)"));
    layout->addWidget(m_filter);

    m_object_filter.setSourceModel(&m_objects);
    m_object_filter.setRecursiveFilteringEnabled(true);
    m_object_filter.setAutoAcceptChildRows(true);
    m_object_filter.setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_object_filter.setSortCaseSensitivity(Qt::CaseInsensitive);
    m_instance_filter.setSourceModel(&m_instances);

    auto* split = new QSplitter(Qt::Vertical, body);
    m_tree = new QTreeView(split);
    m_tree->setModel(&m_object_filter);
    m_tree->setHeaderHidden(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(0, Qt::AscendingOrder);
    m_tree->setToolTip(tr("Objects and their counters; double-click a counter to add it, or drag it onto a view"));
    auto* instances_box = new QWidget(split);
    auto* instances_layout = new QVBoxLayout(instances_box);
    instances_layout->setContentsMargins(0, 0, 0, 0);
    instances_layout->addWidget(new QLabel(tr("Instances of the selected object:"), instances_box));
    auto* instance_tools = new QHBoxLayout;
    m_instance_search = new QLineEdit(instances_box);
    m_instance_search->setPlaceholderText(tr("Search instances"));
    m_instance_search->setClearButtonEnabled(true);
    m_instance_search->setToolTip(tr("Shows only instances whose name contains this text; "
                                     "<All instances> and _Total stay listed"));
    instance_tools->addWidget(m_instance_search, 1);
    m_hide_kernel = new QCheckBox(tr("Hide &kernel threads"), instances_box);
    m_hide_kernel->setChecked(m_instance_filter.hidesKernelThreads());
    m_hide_kernel->setToolTip(tr("Leaves out kthreadd (PID 2) and the kernel threads it started"));
    // Its room kept while hidden: showing it for Process or Thread would
    // otherwise widen the dock and move the graph beside it.
    QSizePolicy keep = m_hide_kernel->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_hide_kernel->setSizePolicy(keep);
    m_hide_kernel->setVisible(false);
    instance_tools->addWidget(m_hide_kernel);
    instances_layout->addLayout(instance_tools);
    m_instance_list = new QListView(instances_box);
    m_instance_list->setModel(&m_instance_filter);
    // One line per row: no size hint per row for thousands of threads.
    m_instance_list->setUniformItemSizes(true);
    m_instance_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_instance_list->setToolTip(tr("<All instances> also follows instances that start later"));
    instances_layout->addWidget(m_instance_list);
    // Dragging the selection onto a view adds it there. The views' own drag
    // stays enabled for its selection behaviour (a press on a selected row keeps
    // the others selected); the drag itself starts in eventFilter.
    const QList<QAbstractItemView*> drag_sources{m_tree, m_instance_list};
    for (QAbstractItemView* view : drag_sources) {
        view->setDragEnabled(true);
        view->setDragDropMode(QAbstractItemView::DragOnly);
        view->viewport()->installEventFilter(this);
    }
    m_explain = new QTextBrowser(split);
    m_explain->setVisible(false);
    layout->addWidget(split, 1);

    auto* buttons = new QHBoxLayout;
    m_explain_button = new QPushButton(tr("&Explain"), body);
    m_explain_button->setCheckable(true);
    m_explain_button->setToolTip(tr("Show the help text of the selected counter"));
    m_add_button = new QPushButton(tr("&Add"), body);
    m_add_button->setToolTip(tr("Add the selected counters and instances to the current view (Ctrl+I)"));
    buttons->addWidget(m_explain_button);
    buttons->addStretch(1);
    buttons->addWidget(m_add_button);
    layout->addLayout(buttons);
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    setWidget(body);

    // On the main window when there is one, so the key works while the dock is hidden.
    auto* find = new QShortcut(filterShortcut(), parent ? parent : this);
    find->setContext(Qt::WindowShortcut);
    connect(find, &QShortcut::activated, this, &CounterBrowser::focusFilter);

    connect(m_filter, &QLineEdit::textChanged, this, &CounterBrowser::setFilter);
    connect(m_instance_search, &QLineEdit::textChanged, this, &CounterBrowser::setInstanceSearch);
    connect(m_hide_kernel, &QCheckBox::toggled, &m_instance_filter, &InstanceFilterModel::setHideKernelThreads);
    connect(m_add_button, &QPushButton::clicked, this, &CounterBrowser::addSelection);
    connect(m_explain_button, &QPushButton::toggled, m_explain, &QWidget::setVisible);
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        if (m_objects.counterAt(m_object_filter.mapToSource(index)))
            addSelection();
    });
    connect(m_instance_list, &QListView::doubleClicked, this, &CounterBrowser::addSelection);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &CounterBrowser::currentObjectChanged);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CounterBrowser::updateExplain);

    connectSampler();
}

void CounterBrowser::connectSampler()
{
    connect(m_sampler.get(), &BrowserSampler::objectsChanged, this, [this](const QVector<BrowseObject>& objects) {
        m_objects.setObjects(objects);
        m_tree->sortByColumn(0, Qt::AscendingOrder);
    });
    connect(m_sampler.get(), &BrowserSampler::instancesChanged, this, [this](const BrowseInstances& update) {
        if (update.object != m_current_object)
            return;
        const QModelIndex object = m_objects.indexOfObject(update.object);
        const BrowseObject* info = m_objects.objectAt(object);
        m_instances.setInstances(update, info && info->has_instances);
    });
}

void CounterBrowser::setHub(SourceHub& hub, const QString& note)
{
    if (&hub == m_hub)
        return;
    m_sampler->stop();
    m_hub = &hub;
    m_sampler = std::make_unique<BrowserSampler>(hub);
    connectSampler();
    m_current_object = 0;
    m_instances.setInstances({0, {}}, false);
    m_objects.setObjects({});
    setStatus(note);
    if (isVisible()) {
        m_sampler->start();
        m_sampler->refreshNow();
    }
}

CounterBrowser::~CounterBrowser() = default;

void CounterBrowser::showEvent(QShowEvent* event)
{
    QDockWidget::showEvent(event);
    m_sampler->start();
}

void CounterBrowser::hideEvent(QHideEvent* event)
{
    QDockWidget::hideEvent(event);
    m_sampler->stop();  // a hidden browser costs nothing
}

QKeySequence CounterBrowser::filterShortcut()
{
    // Ctrl+F is Freeze display, as in PerfMon.
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F);
}

void CounterBrowser::focusFilter()
{
    show();
    raise();
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void CounterBrowser::setFilter(const QString& text)
{
    m_object_filter.setFilterFixedString(text);
    // Expanding every object would list thousands of rows; only those with a matching counter.
    if (!text.isEmpty()) {
        for (int row = 0; row < m_object_filter.rowCount(); ++row) {
            const QModelIndex object = m_object_filter.index(row, 0);
            const bool own_match = object.data().toString().contains(text, Qt::CaseInsensitive);
            m_tree->setExpanded(object, !own_match);
        }
    }
}

void CounterBrowser::setInstanceSearch(const QString& text)
{
    m_instance_filter.setSearch(text);
}

QString CounterBrowser::statusText() const
{
    return m_status->text();
}

void CounterBrowser::setStatus(const QString& text)
{
    m_status->setText(text);
}

void CounterBrowser::currentObjectChanged()
{
    const QModelIndex current = m_object_filter.mapToSource(m_tree->currentIndex());
    const BrowseObject* object = m_objects.objectAt(current);
    // A filter that hides the object keeps its instances listed.
    if (!object)
        return;
    const std::uint32_t index = object->index;
    if (index == m_current_object)
        return;
    m_current_object = index;
    m_hide_kernel->setVisible(object->has_instances && lists_kernel_threads(index));
    m_instances.setInstances({index, {}}, object->has_instances);
    m_sampler->setSelectedObject(index);
    updateExplain();
}

void CounterBrowser::updateExplain()
{
    const QModelIndex current = m_object_filter.mapToSource(m_tree->currentIndex());
    QString html;
    if (const BrowseCounter* counter = m_objects.counterAt(current)) {
        html = QStringLiteral("<b>%1</b> (%2)<p>%3</p>")
                   .arg(counter->name.toHtmlEscaped(), m_objects.objectAt(current)->name.toHtmlEscaped(),
                        counter->help.toHtmlEscaped());
    } else if (const BrowseObject* object = m_objects.objectAt(current)) {
        html = QStringLiteral("<b>%1</b><p>%2</p>").arg(object->name.toHtmlEscaped(), object->help.toHtmlEscaped());
    }
    m_explain->setHtml(html);
}

bool CounterBrowser::select(const QString& object, const QString& counter)
{
    const QModelIndex source_object = [&] {
        for (int row = 0; row < m_objects.rowCount(); ++row) {
            const QModelIndex i = m_objects.index(row, 0);
            if (m_objects.objectAt(i)->name.compare(object, Qt::CaseInsensitive) == 0)
                return i;
        }
        return QModelIndex();
    }();
    if (!source_object.isValid())
        return false;
    QModelIndex target = source_object;
    if (!counter.isEmpty()) {
        target = {};
        for (int row = 0; row < m_objects.rowCount(source_object); ++row) {
            const QModelIndex i = m_objects.index(row, 0, source_object);
            if (m_objects.counterAt(i)->name.compare(counter, Qt::CaseInsensitive) == 0)
                target = i;
        }
        if (!target.isValid())
            return false;
    }
    const QModelIndex proxy = m_object_filter.mapFromSource(target);
    if (!proxy.isValid())
        return false;
    m_tree->setCurrentIndex(proxy);
    m_tree->selectionModel()->select(proxy, QItemSelectionModel::ClearAndSelect);
    return true;
}

bool CounterBrowser::selectInstance(const QString& display)
{
    for (int row = 0; row < m_instance_filter.rowCount(); ++row) {
        const QModelIndex proxy = m_instance_filter.index(row, 0);
        if (proxy.data().toString() == display) {
            m_instance_list->selectionModel()->select(proxy, QItemSelectionModel::Select);
            return true;
        }
    }
    return false;
}

QVector<ViewCounter> CounterBrowser::selectedCounters() const
{
    return collect(nullptr);
}

QVector<ViewCounter> CounterBrowser::collect(QString* why) const
{
    // Counters (or whole objects) selected in the tree.
    struct Pick {
        const BrowseObject* object;
        const BrowseCounter* counter;  // null: every counter
    };
    QVector<Pick> picks;
    for (const QModelIndex& proxy : m_tree->selectionModel()->selectedIndexes()) {
        const QModelIndex index = m_object_filter.mapToSource(proxy);
        if (const BrowseCounter* counter = m_objects.counterAt(index))
            picks.push_back({m_objects.objectAt(index), counter});
        else if (const BrowseObject* object = m_objects.objectAt(index))
            picks.push_back({object, nullptr});
    }
    // Instances selected in the list apply to the current object only.
    QVector<QModelIndex> instances;
    for (const QModelIndex& proxy : m_instance_list->selectionModel()->selectedIndexes())
        instances.push_back(m_instance_filter.mapToSource(proxy));

    QVector<ViewCounter> out;
    if (picks.isEmpty() && why) {
        *why = m_object_filter.rowCount() == 0 && !m_filter->text().isEmpty()
                   ? tr("Nothing to add: no object or counter matches the filter \"%1\" (instances have their "
                        "own search, below).")
                         .arg(m_filter->text())
                   : tr("Nothing to add: select a counter, or an object for all its counters.");
    }
    for (const Pick& pick : picks) {
        ViewCounter base;
        base.object = pick.object->index;
        base.counter = pick.counter ? pick.counter->index : 0;
        const QString counter_text = pick.counter ? pick.counter->name : QStringLiteral("*");
        if (!pick.object->has_instances) {
            base.instances = ViewCounter::Instances::none;
            base.text = "\\" + pick.object->name + "\\" + counter_text;
            out.push_back(base);
            continue;
        }
        bool any = false;
        if (pick.object->index == m_instances.object()) {
            for (const QModelIndex& i : instances) {
                ViewCounter c = base;
                if (m_instances.isAllInstances(i)) {
                    c.instances = ViewCounter::Instances::all;
                    c.text = "\\" + pick.object->name + "(*)\\" + counter_text;
                } else if (const BrowseInstance* instance = m_instances.instanceAt(i)) {
                    c.instances = ViewCounter::Instances::one;
                    c.identity = instance->identity;
                    c.instance = instance->display;
                    c.text = "\\" + pick.object->name + "(" + instance->display + ")\\" + counter_text;
                } else {
                    continue;
                }
                out.push_back(c);
                any = true;
            }
        }
        // No instance selected: <All instances>, as the list's first row,
        // unless the instance search narrowed the list (the user looks for
        // particular instances and has not picked one).
        if (!any && pick.object->index == m_instances.object() && !m_instance_filter.search().isEmpty()) {
            if (why) {
                *why = m_instance_filter.matchCount() == 0
                           ? tr("Nothing to add: no instance of %1 matches \"%2\"; select <All instances> or "
                                "change the search.")
                                 .arg(pick.object->name, m_instance_filter.search())
                           : tr("Nothing to add: select the instances of %1 to add (or <All instances>).")
                                 .arg(pick.object->name);
            }
            continue;
        }
        if (!any) {
            base.instances = ViewCounter::Instances::all;
            base.text = "\\" + pick.object->name + "(*)\\" + counter_text;
            out.push_back(base);
        }
    }
    return out;
}

QMimeData* CounterBrowser::dragData() const
{
    QVector<ViewCounter> counters = selectedCounters();
    return counters.isEmpty() ? nullptr : new CounterMimeData(std::move(counters));
}

bool CounterBrowser::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_tree->viewport() && watched != m_instance_list->viewport())
        return QDockWidget::eventFilter(watched, event);
    if (event->type() == QEvent::MouseButtonPress) {
        auto* mouse = static_cast<QMouseEvent*>(event);
        m_pressed = mouse->button() == Qt::LeftButton;
        m_press_pos = mouse->position().toPoint();
    } else if (event->type() == QEvent::MouseButtonRelease) {
        m_pressed = false;
    } else if (event->type() == QEvent::MouseMove && m_pressed) {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (!(mouse->buttons() & Qt::LeftButton)) {
            m_pressed = false;
        } else if ((mouse->position().toPoint() - m_press_pos).manhattanLength() >= QApplication::startDragDistance()) {
            m_pressed = false;
            if (QMimeData* mime = dragData()) {
                auto* drag = new QDrag(this);
                drag->setMimeData(mime);
                drag->exec(Qt::CopyAction, Qt::CopyAction);
            }
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

void CounterBrowser::addSelection()
{
    QString why;
    const QVector<ViewCounter> counters = collect(&why);
    if (counters.isEmpty()) {
        setStatus(why.isEmpty() ? tr("Nothing to add.") : why);
        return;
    }
    setStatus(
        counters.size() == 1
            ? tr("Added %1").arg(counters.front().text)
            : tr("Added %1 and %n more", nullptr, static_cast<int>(counters.size() - 1)).arg(counters.front().text));
    emit addRequested(counters);
}

}  // namespace perfscope::gui
