// SPDX-License-Identifier: Apache-2.0
// perfscope's main window: the counter browser dock, views as tabs or tiled
// in a grid, menus, toolbar and shortcuts for every action, and a status bar
// with samples per second, the shared cache's hit rate and the source
// queries it saved, and the app's own CPU use. The file and session half
// (counter sets, logs, export, the session) is WindowFiles'; the methods
// below that name files forward to it.
#pragma once

#include "gui/browser/counter_browser.h"
#include "gui/sampling/source_hub.h"
#include "files/counter_set.h"
#include "files/pdh_csv_reader.h"
#include "gui/window/process_cpu.h"
#include "gui/window/view_pane.h"
#include "gui/window/session_keeper.h"
#include "gui/window/tile_area.h"
#include "gui/window/window_files.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QGridLayout;
class QLabel;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QUndoStack;

namespace perfscope::gui {

class SpikeController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(SourceHub& hub, QWidget* parent = nullptr);
    ~MainWindow() override;

    // `hub` null: this machine's; else the hub of the machine the view samples.
    ViewPane* addView(const ViewSettings& settings = {}, SourceHub* hub = nullptr);
    void closeView(ViewPane* pane);
    // Close view as the user does it: undoable (Ctrl+Z brings the view back).
    void requestCloseView(ViewPane* pane);
    // For undo: takes a pane out of the window without deleting it (its sampler
    // rests), returning where it was (-1: not a view here); and puts it back there.
    int detachView(ViewPane* pane);
    void attachView(ViewPane* pane, int index);
    // Delete counter, the legend's Remove and Remove ended, Clear and Close
    // view (Edit > Undo, Ctrl+Z). A set or session replacing the views empties it.
    QUndoStack& undoStack() { return *m_undo; }
    // "cpu.json — Perfscope": the set or log the window shows.
    void updateTitle();
    // The set the views came from (--set): named in the title, where Save writes.
    void setCounterSetPath(const QString& path) { m_files->setCounterSetPath(path); }
    ViewPane* currentView() const;
    int viewCount() const { return static_cast<int>(m_panes.size()); }
    ViewPane* view(int i) const { return m_panes.value(i); }
    int viewIndex(ViewPane* pane) const { return static_cast<int>(m_panes.indexOf(pane)); }
    void setCurrentView(int i);
    bool isTiled() const { return m_tiled; }
    void setTiled(bool tiled);
    CounterBrowser& browser() { return *m_browser; }
    QAction* action(const QString& name) const;
    // The status bar's figures, as shown.
    QString statusText() const;
    // Saves window geometry and dock state (QSettings).
    void saveWindowState();

    // Counter sets (docs/counter-sets.md). The views appear at once; their
    // paths are resolved off the GUI thread, all in one collection, and the
    // counters are added when that is done (counterSetApplied). Paths that
    // no longer resolve (a process that exited) are left out and named in
    // the status bar. Until then counterSet() is the set being applied.
    // A set replacing the views empties the undo history.
    files::CounterSet counterSet() const { return m_files->counterSet(); }
    void applyCounterSet(const files::CounterSet& set) { m_files->applyCounterSet(set); }
    bool saveCounterSet(const QString& path, QString* error = nullptr) { return m_files->saveCounterSet(path, error); }
    // False only for a file that cannot be read or is not a valid set.
    bool loadCounterSet(const QString& path, QString* error = nullptr) { return m_files->loadCounterSet(path, error); }
    // The last session (SessionKeeper): restored at start; once claimed,
    // written a moment after every change and at quit.
    static QString sessionPath() { return SessionKeeper::defaultPath(); }
    SessionKeeper& session() { return m_files->session(); }
    // Takes the session for this window (false: another instance has it, so
    // this one works read-only on it, and says so in the status bar).
    bool claimSession(bool replace = false) { return m_files->claimSession(replace); }
    // The session is not this window's (a log from the command line,
    // --no-session): never written; `note` tells the user so.
    void leaveSession(const QString& note) { m_files->leaveSession(note); }
    QString sessionNote() const { return m_files->sessionNote(); }
    bool saveSession(QString* error = nullptr) { return m_files->saveSession(error); }
    bool restoreSession() { return m_files->restoreSession(); }
    // Opening a set over views with counters (or with steps to undo) asks
    // first, as it cannot be undone (on by default; tests turn it off).
    // Delete, Remove, Clear and Close view do not ask: they can be undone.
    void setConfirmDestructive(bool on) { m_confirm = on; }
    // Yes/No; true without asking when confirmations are off.
    bool confirm(const QString& title, const QString& question);
    // The current view's graph and legend (.png .svg .pdf) or visible data (.csv).
    bool exportCurrentView(const QString& path, QString* error = nullptr)
    {
        return m_files->exportCurrentView(path, error);
    }
    // A log as a read-only view: read off the GUI thread (openLog) or already parsed.
    void openLog(const QString& path) { m_files->openLog(path); }
    ViewPane* addLogView(const files::PdhCsvLog& log, const QString& title) { return m_files->addLogView(log, title); }

public slots:
    void addCountersToCurrent(const QVector<perfscope::gui::ViewCounter>& counters);
    void updateStatus();

signals:
    // The view Add goes to changed (null: none).
    void currentViewChanged(perfscope::gui::ViewPane* pane);
    // A set's counters are in its views; `left_out` the paths not found now,
    // `reasons` why, one for each.
    void counterSetApplied(const QStringList& left_out, const QStringList& reasons);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QAction* makeAction(const QString& name, const QString& text, const QKeySequence& key, const QString& tip,
                        const QString& icon = {});
    void createActions();
    void relayout();
    void markCurrent();
    void syncActions();
    void editProperties();
    void showMessage(const QString& text);
    void showUserGuide();
    void showAbout();

    SourceHub& m_hub;
    CounterBrowser* m_browser = nullptr;
    SpikeController* m_spike = nullptr;  // "Who caused this?" and the Process history behind it
    QStackedWidget* m_stack = nullptr;
    QTabWidget* m_tabs = nullptr;
    TileArea* m_tiles = nullptr;
    QPointer<ViewPane> m_current;  // Add's target, marked on its tile
    QVector<ViewPane*> m_panes;
    bool m_tiled = false;
    QHash<QString, QAction*> m_actions;
    QLabel* m_status_samples = nullptr;
    QLabel* m_status_cache = nullptr;
    QLabel* m_status_cpu = nullptr;
    QTimer* m_status_timer = nullptr;
    ProcessCpu m_cpu;
    quint64 m_last_samples = 0;
    qint64 m_last_status_ms = 0;
    int m_next_view_number = 1;
    bool m_confirm = true;
    QUndoStack* m_undo = nullptr;
    WindowFiles* m_files = nullptr;
};

}  // namespace perfscope::gui
