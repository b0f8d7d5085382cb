// SPDX-License-Identifier: Apache-2.0
#include "gui/window/main_window.h"

#include "gui/charts/graph_exporter.h"
#include "gui/charts/steady_size.h"
#include "gui/window/view_settings_dialog.h"
#include "gui/window/clear_view_command.h"
#include "gui/window/close_view_command.h"
#include "gui/window/remove_series_command.h"
#include "gui/window/user_guide_dialog.h"
#include "gui/spike/spike_controller.h"
#include "gui/window/file_drop_filter.h"
#ifdef PERFSCOPE_HAVE_REMOTE
#include "gui/remote/remote_machines.h"
#endif
#ifdef PERFSCOPE_HAVE_RECORDING
#include "gui/recording/record_control.h"
#include "gui/recording/recording_browse.h"
#endif

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFile>
#include <QFileInfo>
#include <QDateTime>
#include <QGridLayout>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include <algorithm>

namespace perfscope::gui {
namespace {

// The desktop theme's icon of this freedesktop name, else the app's own
// (resources/gui/icons/NAME.svg) when the build has its resources.
QIcon theme_icon(const QString& name)
{
    const QString own = QStringLiteral(":/perfscope/icons/%1.svg").arg(name);
    return QIcon::fromTheme(name, QFile::exists(own) ? QIcon(own) : QIcon());
}

}  // namespace

MainWindow::MainWindow(SourceHub& hub, QWidget* parent) : QMainWindow(parent), m_hub(hub)
{
    setWindowTitle(tr("Perfscope"));
    m_undo = new QUndoStack(this);
    // Each closed view waits here with its history: a bounded number.
    m_undo->setUndoLimit(20);
    m_files = new WindowFiles(*this, hub);
    connect(m_files, &WindowFiles::counterSetApplied, this, &MainWindow::counterSetApplied);
    m_browser = new CounterBrowser(hub, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_browser);
    connect(m_browser, &CounterBrowser::addRequested, this, &MainWindow::addCountersToCurrent);
    m_spike = new SpikeController(hub, *this);

    m_stack = new QStackedWidget(this);
    m_tabs = new QTabWidget(m_stack);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    m_tiles = new TileArea(m_stack);
    m_stack->addWidget(m_tabs);
    m_stack->addWidget(m_tiles);
    m_stack->setFocusPolicy(Qt::ClickFocus);
    setCentralWidget(m_stack);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this,
            [this](int index) { requestCloseView(qobject_cast<ViewPane*>(m_tabs->widget(index))); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (auto* pane = qobject_cast<ViewPane*>(m_tabs->currentWidget()); pane && !m_tiled)
            m_current = pane;
        syncActions();
    });
    connect(m_tabs, &QTabWidget::currentChanged, &m_files->session(), &SessionKeeper::changed);

    createActions();
    new FileDropFilter(*this);  // logs and recordings dropped onto the window

    m_status_samples = new QLabel(this);
    m_status_cache = new QLabel(this);
    m_status_cpu = new QLabel(this);
    m_status_samples->setToolTip(tr("Samples per second over all views"));
    m_status_cache->setToolTip(tr("Share of the views' object requests the shared cache served, and the source "
                                  "queries it saved them (samples taken minus queries made)"));
    m_status_cpu->setToolTip(tr("Perfscope's own CPU use, as Task Manager's \"% Processor Time\" of one core "
                                "(100 % is one core busy)"));
    statusBar()->addPermanentWidget(m_status_samples);
    statusBar()->addPermanentWidget(m_status_cache);
    statusBar()->addPermanentWidget(m_status_cpu);
    m_status_timer = new QTimer(this);
    connect(m_status_timer, &QTimer::timeout, this, &MainWindow::updateStatus);
    m_status_timer->start(1000);
    m_last_status_ms = QDateTime::currentMSecsSinceEpoch();
    updateStatus();

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1100, 700);
}

MainWindow::~MainWindow()
{
    // Removing the panes' tabs changes the current tab: no action may look at
    // a pane being deleted.
    disconnect(m_tabs, nullptr, this, nullptr);
    // Closed views the undo history still holds go with it, before the hub.
    m_undo->clear();
    // Samplers end before the hub they use.
    for (ViewPane* pane : m_panes)
        delete pane;
    m_panes.clear();
}

QAction* MainWindow::makeAction(const QString& name, const QString& text, const QKeySequence& key, const QString& tip,
                                const QString& icon)
{
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    if (!key.isEmpty())
        a->setShortcut(key);
    a->setToolTip(key.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    a->setStatusTip(tip);
    if (!icon.isEmpty())
        a->setIcon(theme_icon(icon));
    m_actions.insert(name, a);
    return a;
}

QAction* MainWindow::action(const QString& name) const
{
    return m_actions.value(name);
}

void MainWindow::createActions()
{
    // PerfMon's keys where they do not clash with the desktop's standard keys (docs/desktop-app.md, "Keyboard").
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
    bar->setIconSize(QSize(22, 22));

    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(theme_icon(QStringLiteral("edit-undo")));
    undo->setToolTip(tr("Undo the last Delete, Remove, Remove ended, Clear or Close view (%1)")
                         .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    m_actions.insert(QStringLiteral("undo"), undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(theme_icon(QStringLiteral("edit-redo")));
    m_actions.insert(QStringLiteral("redo"), redo);
    edit->addActions({undo, redo});
    edit->addSeparator();

    QAction* new_view =
        makeAction("newView", tr("&New view"), QKeySequence::New, tr("Add an empty view"), "window-new");
    connect(new_view, &QAction::triggered, this, [this] { addView(); });
    QAction* close_view =
        makeAction("closeView", tr("&Close view"), QKeySequence::Close, tr("Close the current view"), "window-close");
    connect(close_view, &QAction::triggered, this, [this] { requestCloseView(currentView()); });
    // Ctrl+W everywhere (the guide's key), besides the platform's own (Ctrl+F4 on some).
    QList<QKeySequence> close_keys = QKeySequence::keyBindings(QKeySequence::Close);
    if (!close_keys.contains(QKeySequence(Qt::CTRL | Qt::Key_W)))
        close_keys.prepend(QKeySequence(Qt::CTRL | Qt::Key_W));
    close_view->setShortcuts(close_keys);
    // Some platforms (offscreen, bare X11) have no standard Quit key: Ctrl+Q there.
    const QKeySequence quit_key = QKeySequence(QKeySequence::Quit).isEmpty() ? QKeySequence(Qt::CTRL | Qt::Key_Q)
                                                                             : QKeySequence(QKeySequence::Quit);
    QAction* quit = makeAction("quit", tr("&Quit"), quit_key, tr("Quit Perfscope"), "application-exit");
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QAction* open_set = makeAction("openSet", tr("&Open counter set..."), QKeySequence::Open,
                                   tr("Replace the views with those of a counter set"), "document-open");
    connect(open_set, &QAction::triggered, m_files, &WindowFiles::openSetDialog);
    QAction* save_set = makeAction("saveSet", tr("&Save counter set"), QKeySequence::Save,
                                   tr("Save the views, their counters, intervals, colors and scales"), "document-save");
    connect(save_set, &QAction::triggered, m_files, [this] { m_files->saveSetDialog(false); });
    QAction* save_set_as =
        makeAction("saveSetAs", tr("Save counter set &as..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
                   tr("Save the views as a counter set in a new file"), "document-save-as");
    connect(save_set_as, &QAction::triggered, m_files, [this] { m_files->saveSetDialog(true); });
    QAction* open_log =
        makeAction("openLog", tr("Open &log..."), QKeySequence(Qt::CTRL | Qt::Key_L),
                   tr("Open a PDH-CSV log (perfscope-cli query, typeperf, relog) or a recording as a read-only view"),
                   "document-open-recent");
    connect(open_log, &QAction::triggered, m_files, &WindowFiles::openLogDialog);
    QAction* export_view =
        makeAction("export", tr("&Export view..."), QKeySequence(Qt::CTRL | Qt::Key_E),
                   tr("The graph with its legend as PNG, SVG or PDF, or the visible data as CSV"), "document-export");
    connect(export_view, &QAction::triggered, m_files, &WindowFiles::exportDialog);
    QAction* copy_graph = makeAction("copyGraph", tr("&Copy graph"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                                     tr("Copy the graph with its legend to the clipboard as an image"), "edit-copy");
    connect(copy_graph, &QAction::triggered, this, [this] {
        if (ViewPane* pane = currentView())
            GraphExporter(&pane->content()).copyToClipboard();
    });
    file->addActions({new_view, close_view});
    file->addSeparator();
    file->addActions({open_set, save_set, save_set_as});
    file->addSeparator();
    file->addActions({open_log, export_view, copy_graph});
#ifdef PERFSCOPE_HAVE_RECORDING
    new RecordingBrowse(*this, m_hub);  // the browser browses a recording's view's file
    QAction* record = (new RecordControl(*this, m_hub))->action();
    m_actions.insert(record->objectName(), record);
    file->addAction(record);
#endif
#ifdef PERFSCOPE_HAVE_REMOTE
    // Views of other machines; made after RecordingBrowse, so the browser follows a machine's view last.
    file->insertAction(open_set, (new RemoteMachines(*this, m_hub))->addMachineAction());
#endif
    file->addSeparator();
    file->addAction(quit);

    QAction* add = makeAction("addCounters", tr("&Add counters"), QKeySequence(Qt::CTRL | Qt::Key_I),
                              tr("Add the counters selected in the browser to the current view"), "list-add");
    connect(add, &QAction::triggered, this, [this] {
        m_browser->show();
        m_browser->raise();
        m_browser->addSelection();
    });
    QAction* del = makeAction("delete", tr("&Delete counter"), QKeySequence::Delete,
                              tr("Remove the selected counter from the view"), "list-remove");
    connect(del, &QAction::triggered, this, [this] {
        ViewPane* pane = currentView();
        const int row = pane ? pane->content().selectedRow() : -1;
        if (row >= 0)
            m_undo->push(new RemoveSeriesCommand(pane, row));
    });
    QAction* highlight = makeAction("highlight", tr("&Highlight"), QKeySequence(Qt::CTRL | Qt::Key_H),
                                    tr("Highlight the selected counter"), "format-text-bold");
    highlight->setCheckable(true);
    connect(highlight, &QAction::toggled, this, [this](bool on) {
        if (ViewPane* pane = currentView())
            pane->content().highlightSelected(on);
    });
    QAction* clear = makeAction("clear", tr("C&lear"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X),
                                tr("Empty the current view's history (its counters stay)"), "edit-clear");
    connect(clear, &QAction::triggered, this, [this] {
        if (ViewPane* pane = currentView(); pane && pane->data().seriesCount() > 0)
            m_undo->push(new ClearViewCommand(pane));
    });
    edit->addActions({add, del, highlight, clear});

    QAction* freeze = makeAction("freeze", tr("&Freeze display"), QKeySequence(Qt::CTRL | Qt::Key_F),
                                 tr("Hold the current view's display (sampling goes on)"), "media-playback-pause");
    freeze->setCheckable(true);
    connect(freeze, &QAction::toggled, this, [this](bool on) {
        if (ViewPane* pane = currentView())
            pane->setFrozen(on);
    });
    QAction* kind = makeAction("changeGraphType", tr("Change &graph type"), QKeySequence(Qt::CTRL | Qt::Key_G),
                               tr("Line, histogram, report"), "view-statistics");
    connect(kind, &QAction::triggered, this, [this] {
        if (ViewPane* pane = currentView()) {
            ViewSettings s = pane->settings();
            s.kind = next_kind(s.kind);
            pane->setSettings(s);
        }
    });
    QAction* zoom = makeAction("zoomReset", tr("&Reset zoom"), QKeySequence(Qt::CTRL | Qt::Key_0),
                               tr("Show the whole time window again"), "zoom-original");
    connect(zoom, &QAction::triggered, this, [this] {
        if (ViewPane* pane = currentView())
            pane->content().resetZoom();
    });
    QAction* tile = makeAction("tile", tr("&Tile views"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
                               tr("Show every view at once in a grid"), "view-grid");
    tile->setCheckable(true);
    connect(tile, &QAction::toggled, this, &MainWindow::setTiled);
    QAction* properties =
        makeAction("properties", tr("&Properties..."), QKeySequence(Qt::ALT | Qt::Key_Return),
                   tr("Interval, time window, history and graph type of the current view"), "document-properties");
    connect(properties, &QAction::triggered, this, &MainWindow::editProperties);
    QAction* browser = m_browser->toggleViewAction();
    browser->setObjectName(QStringLiteral("showBrowser"));
    browser->setShortcut(QKeySequence(Qt::Key_F9));
    browser->setToolTip(tr("Show or hide the counter browser (F9)"));
    m_actions.insert(QStringLiteral("showBrowser"), browser);
    view->addActions({freeze, kind, zoom, tile, properties});
    view->addSeparator();
    view->addAction(browser);

    // Some platforms have no HelpContents key: F1 there.
    const QKeySequence help_key = QKeySequence(QKeySequence::HelpContents).isEmpty()
                                      ? QKeySequence(Qt::Key_F1)
                                      : QKeySequence(QKeySequence::HelpContents);
    QAction* guide =
        makeAction("userGuide", tr("Perfscope &guide"), help_key, tr("How to use Perfscope"), "help-contents");
    connect(guide, &QAction::triggered, this, &MainWindow::showUserGuide);
    QAction* about = makeAction("about", tr("&About Perfscope"), QKeySequence(Qt::SHIFT | Qt::Key_F1),
                                tr("Version and license"), "help-about");
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    help->addActions({guide, about});

    // Short labels under the icons, so the bar fits the default window.
    new_view->setIconText(tr("New view"));
    open_set->setIconText(tr("Open set"));
    save_set->setIconText(tr("Save set"));
    open_log->setIconText(tr("Open log"));
    export_view->setIconText(tr("Export"));
    add->setIconText(tr("Add"));
    del->setIconText(tr("Delete"));
    highlight->setIconText(tr("Highlight"));
    freeze->setIconText(tr("Freeze"));
    kind->setIconText(tr("Graph type"));
    tile->setIconText(tr("Tile"));
    properties->setIconText(tr("Properties"));
    undo->setIconText(tr("Undo"));
    bar->addActions({new_view, open_set, save_set, open_log, export_view});
#ifdef PERFSCOPE_HAVE_RECORDING
    bar->addAction(record);
#endif
    bar->addSeparator();
    bar->addActions({add, del, undo});
    bar->addSeparator();
    bar->addActions({highlight, freeze, kind, tile, properties});
}

ViewPane* MainWindow::addView(const ViewSettings& requested, SourceHub* hub)
{
    ViewSettings settings = requested;
    if (settings.title.isEmpty())
        settings.title = tr("View %1").arg(m_next_view_number);
    ++m_next_view_number;
    auto* pane = new ViewPane(hub ? *hub : m_hub, settings);
    m_panes.push_back(pane);
    connect(pane, &ViewPane::titleChanged, this, [this, pane](const QString& title) {
        const int index = m_tabs->indexOf(pane);
        if (index >= 0)
            m_tabs->setTabText(index, title);
        relayout();
    });
    connect(pane, &ViewPane::changed, &m_files->session(), &SessionKeeper::changed);
    connect(pane, &ViewPane::activated, this, [this, pane] {
        if (m_current != pane)
            setCurrentView(static_cast<int>(m_panes.indexOf(pane)));
    });
    // The legend's Remove and Remove ended, undoable as Delete is.
    connect(&pane->content(), &ViewWidget::removeRequested, this,
            [this, pane](const QList<quint64>& ids) { m_undo->push(new RemoveSeriesCommand(pane, ids)); });
    connect(&pane->content(), &ViewWidget::propertiesRequested, this, [this, pane] {
        setCurrentView(static_cast<int>(m_panes.indexOf(pane)));
        editProperties();
    });
    m_spike->watch(pane);
    // A new view is where the next Add goes.
    m_current = pane;
    relayout();
    syncActions();
    m_files->session().changed();
    return pane;
}

void MainWindow::closeView(ViewPane* pane)
{
    if (!pane)
        return;
    m_panes.removeAll(pane);
    const int index = m_tabs->indexOf(pane);
    if (index >= 0)
        m_tabs->removeTab(index);
    delete pane;
    relayout();
    syncActions();
    m_files->session().changed();
}

void MainWindow::requestCloseView(ViewPane* pane)
{
    if (pane && m_panes.contains(pane))
        m_undo->push(new CloseViewCommand(*this, pane));
}

int MainWindow::detachView(ViewPane* pane)
{
    const int at = static_cast<int>(m_panes.indexOf(pane));
    if (at < 0)
        return -1;
    m_panes.removeAt(at);
    if (const int index = m_tabs->indexOf(pane); index >= 0)
        m_tabs->removeTab(index);
    if (pane->sampler().isRunning())
        pane->sampler().stop();
    relayout();
    pane->hide();
    pane->setParent(nullptr);
    // Focus stays with the views, not in the browser's filter, whose own
    // Ctrl+Z would take the key meant to bring the view back.
    if (ViewPane* next = currentView())
        next->setFocus();
    else
        m_stack->setFocus();
    syncActions();
    m_files->session().changed();
    return at;
}

void MainWindow::attachView(ViewPane* pane, int index)
{
    if (!pane || m_panes.contains(pane))
        return;
    m_panes.insert(std::clamp(index, 0, static_cast<int>(m_panes.size())), pane);
    if (!pane->isLog() && !pane->sampler().counters().isEmpty())
        pane->sampler().start();
    m_current = pane;
    relayout();
    pane->show();
    setCurrentView(static_cast<int>(m_panes.indexOf(pane)));
    m_files->session().changed();
}

bool MainWindow::confirm(const QString& title, const QString& question)
{
    if (!m_confirm)
        return true;
    return QMessageBox::question(this, title, question, QMessageBox::Yes | QMessageBox::No, QMessageBox::No) ==
           QMessageBox::Yes;
}

ViewPane* MainWindow::currentView() const
{
    if (m_current && m_panes.contains(m_current.data()))
        return m_current;
    auto* pane = qobject_cast<ViewPane*>(m_tabs->currentWidget());
    return pane ? pane : m_panes.value(0);
}

void MainWindow::setCurrentView(int i)
{
    if (ViewPane* pane = m_panes.value(i)) {
        m_current = pane;
        if (m_tabs->indexOf(pane) >= 0)
            m_tabs->setCurrentWidget(pane);
        if (!pane->isAncestorOf(QApplication::focusWidget()))
            pane->setFocus();
        markCurrent();
        syncActions();
    }
}

void MainWindow::markCurrent()
{
    ViewPane* current = currentView();
    for (ViewPane* pane : m_panes)
        pane->setTileMarks(m_tiled, pane == current);
}

void MainWindow::setTiled(bool tiled)
{
    if (tiled == m_tiled)
        return;
    m_tiled = tiled;
    if (QAction* tile = action("tile"); tile->isChecked() != tiled)
        tile->setChecked(tiled);
    relayout();
    m_files->session().changed();
}

void MainWindow::relayout()
{
    // Panes move between the tab widget and the grid; they are never recreated.
    ViewPane* current = currentView();
    if (m_tiled) {
        while (m_tabs->count() > 0)
            m_tabs->removeTab(0);
        m_tiles->setTiles(QVector<QWidget*>(m_panes.begin(), m_panes.end()));
        m_stack->setCurrentWidget(m_tiles);
    } else {
        m_tiles->releaseTiles();
        for (ViewPane* pane : m_panes) {
            if (m_tabs->indexOf(pane) < 0)
                m_tabs->addTab(pane, pane->settings().title);
        }
        if (current)
            m_tabs->setCurrentWidget(current);
        m_stack->setCurrentWidget(m_tabs);
    }
    m_current = current;
    markCurrent();
}

void MainWindow::syncActions()
{
    ViewPane* pane = currentView();
    const bool has = pane != nullptr;
    for (const char* name : {"closeView", "delete", "highlight", "clear", "freeze", "changeGraphType", "zoomReset",
                             "properties", "export", "copyGraph"})
        action(name)->setEnabled(has);
    QAction* freeze = action("freeze");
    const QSignalBlocker block(freeze);
    freeze->setChecked(has && pane->isFrozen());
    updateTitle();
    emit currentViewChanged(pane);
}

void MainWindow::updateTitle()
{
    // A log's view names its file; otherwise the set last opened or saved.
    QString name;
    if (ViewPane* pane = currentView(); pane && pane->isLog())
        name = pane->settings().title;
    else if (const QString set = m_files->counterSetPath(); !set.isEmpty())
        name = QFileInfo(set).fileName();
    const QString title = name.isEmpty() ? tr("Perfscope") : tr("%1 \u2014 Perfscope").arg(name);
    if (windowTitle() != title)
        setWindowTitle(title);
}

void MainWindow::showUserGuide()
{
    UserGuideDialog::showFor(this);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About Perfscope"),
        tr("<b>Perfscope</b> %1<p>Performance counters, live, with instances that keep their identity and views "
           "that share one cache.</p>"
           "<p>This program links Qt Charts, and as a whole is distributed under the GNU General Public License, "
           "version 3 or later (GPL-3.0-or-later). Its own sources are licensed under the Apache License 2.0.</p>"
           "<p>Press F1 for the guide.</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::editProperties()
{
    ViewPane* pane = currentView();
    if (!pane)
        return;
    ViewSettingsDialog dialog(pane->settings(), this);
    if (dialog.exec() == QDialog::Accepted)
        pane->setSettings(dialog.settings());
}

void MainWindow::addCountersToCurrent(const QVector<ViewCounter>& counters)
{
    ViewPane* pane = currentView();
    if (!pane)
        pane = addView();
    pane->addCounters(counters);
    if (m_tiled && m_panes.size() > 1)
        showMessage(tr("Added to %1").arg(pane->settings().title));
}

QString MainWindow::statusText() const
{
    return m_status_samples->text() + " | " + m_status_cache->text() + " | " + m_status_cpu->text();
}

void MainWindow::updateStatus()
{
    quint64 samples = 0, queries = 0;
    for (ViewPane* pane : m_panes) {
        samples += pane->samples();
        queries += pane->sourceQueries();
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const double elapsed = static_cast<double>(now - m_last_status_ms) / 1000.0;
    const double rate = elapsed > 0 ? static_cast<double>(samples - m_last_samples) / elapsed : 0.0;
    m_last_samples = samples;
    m_last_status_ms = now;
    const wpo::CacheStats stats = m_hub.cache().stats();
    const double hit_rate =
        stats.finds ? 100.0 * static_cast<double>(stats.hits) / static_cast<double>(stats.finds) : 0;
    const quint64 saved = samples > queries ? samples - queries : 0;
    m_status_samples->setText(tr("%1 samples/s").arg(rate, 0, 'f', 1));
    m_status_cache->setText(tr("Shared cache: %1 % hits, %2 queries saved").arg(hit_rate, 0, 'f', 0).arg(saved));
    m_status_cpu->setText(tr("Perfscope: %1 % of one core").arg(m_cpu.percentSinceLast(), 0, 'f', 1));
    for (QLabel* label : {m_status_samples, m_status_cache, m_status_cpu})
        holdSizeHint(label);
    // A set opened or saved anywhere changes what the title names.
    updateTitle();
}

void MainWindow::saveWindowState()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::showMessage(const QString& text)
{
    statusBar()->showMessage(text, 10'000);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveWindowState();
    QString error;
    if (!m_files->session().flush(&error))
        qWarning("perfscope: the session was not saved: %s", qPrintable(error));
    event->accept();
}

}  // namespace perfscope::gui
