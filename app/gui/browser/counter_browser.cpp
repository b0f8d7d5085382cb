#include "gui/browser/counter_browser.h"

#include "gui/browser/counter_mime_data.h"

#include <QApplication>
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
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfscope::gui {

CounterBrowser::CounterBrowser(SourceHub& hub, QWidget* parent)
    : QDockWidget(tr("Counters"), parent), m_sampler(hub)
{
    setObjectName(QStringLiteral("counterBrowser"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);

    m_filter = new QLineEdit(body);
    m_filter->setPlaceholderText(tr("Filter objects, counters and instances"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows only objects, counters and instances whose name contains this text"));
    layout->addWidget(m_filter);

    m_object_filter.setSourceModel(&m_objects);
    m_object_filter.setRecursiveFilteringEnabled(true);
    m_object_filter.setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_object_filter.setSortCaseSensitivity(Qt::CaseInsensitive);
    m_instance_filter.setSourceModel(&m_instances);
    m_instance_filter.setFilterCaseSensitivity(Qt::CaseInsensitive);

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
    m_instance_list = new QListView(instances_box);
    m_instance_list->setModel(&m_instance_filter);
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
    setWidget(body);

    connect(m_filter, &QLineEdit::textChanged, this, &CounterBrowser::setFilter);
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

    connect(&m_sampler, &BrowserSampler::objectsChanged, this, [this](const QVector<BrowseObject>& objects) {
        m_objects.setObjects(objects);
        m_tree->sortByColumn(0, Qt::AscendingOrder);
    });
    connect(&m_sampler, &BrowserSampler::instancesChanged, this, [this](const BrowseInstances& update) {
        if (update.object != m_current_object)
            return;
        const QModelIndex object = m_objects.indexOfObject(update.object);
        const BrowseObject* info = m_objects.objectAt(object);
        m_instances.setInstances(update, info && info->has_instances);
    });
}

CounterBrowser::~CounterBrowser() = default;

void CounterBrowser::showEvent(QShowEvent* event)
{
    QDockWidget::showEvent(event);
    m_sampler.start();
}

void CounterBrowser::hideEvent(QHideEvent* event)
{
    QDockWidget::hideEvent(event);
    m_sampler.stop();  // a hidden browser costs nothing
}

void CounterBrowser::setFilter(const QString& text)
{
    m_object_filter.setFilterFixedString(text);
    m_instance_filter.setFilterFixedString(text);
    if (!text.isEmpty())
        m_tree->expandAll();
}

void CounterBrowser::currentObjectChanged()
{
    const QModelIndex current = m_object_filter.mapToSource(m_tree->currentIndex());
    const BrowseObject* object = m_objects.objectAt(current);
    // A filter that hides the object (typing an instance's name) keeps its instances listed.
    if (!object)
        return;
    const std::uint32_t index = object->index;
    if (index == m_current_object)
        return;
    m_current_object = index;
    m_instances.setInstances({index, {}}, object->has_instances);
    m_sampler.setSelectedObject(index);
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
    const QVector<ViewCounter> counters = selectedCounters();
    if (!counters.isEmpty())
        emit addRequested(counters);
}

}  // namespace perfscope::gui
