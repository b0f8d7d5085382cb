// perfscope's main window: the counter browser dock, views as tabs or tiled
// in a grid, menus, toolbar and shortcuts for every action, and a status bar
// with samples per second, the shared cache's hit rate and the source
// queries it saved, and the app's own CPU use.
#pragma once

#include "browser/counter_browser.h"
#include "sampling/source_hub.h"
#include "counter_set.h"
#include "pdh_csv_reader.h"
#include "window/process_cpu.h"
#include "gui/window/tile_area.h"
#include "window/view_pane.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QGridLayout;
class QLabel;
class QStackedWidget;
class QTabWidget;
class QTimer;

namespace perfscope::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(SourceHub& hub, QWidget* parent = nullptr);
    ~MainWindow() override;

    ViewPane* addView(const ViewSettings& settings = {});
    void closeView(ViewPane* pane);
    ViewPane* currentView() const;
    int viewCount() const { return static_cast<int>(m_panes.size()); }
    ViewPane* view(int i) const { return m_panes.value(i); }
    void setCurrentView(int i);
    bool isTiled() const { return m_tiled; }
    void setTiled(bool tiled);
    CounterBrowser& browser() { return *m_browser; }
    QAction* action(const QString& name) const;
    // The status bar's figures, as shown.
    QString statusText() const;
    // Saves window geometry and dock state (QSettings).
    void saveWindowState();

    // Counter sets (docs/counter-sets.md). Paths that no longer resolve (a
    // process that exited) are skipped and returned.
    core::CounterSet counterSet() const;
    QStringList applyCounterSet(const core::CounterSet& set);
    bool saveCounterSet(const QString& path, QString* error = nullptr);
    bool loadCounterSet(const QString& path, QString* error = nullptr);
    // The last session: saved on close, restored at start.
    static QString sessionPath();
    bool saveSession(QString* error = nullptr);
    bool restoreSession();
    // The current view's graph and legend (.png .svg .pdf) or visible data (.csv).
    bool exportCurrentView(const QString& path, QString* error = nullptr);
    // A log as a read-only view: read off the GUI thread (openLog) or already parsed.
    void openLog(const QString& path);
    ViewPane* addLogView(const core::PdhCsvLog& log, const QString& title);

public slots:
    void addCountersToCurrent(const QVector<perfscope::gui::ViewCounter>& counters);
    void updateStatus();

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
    void openSetDialog();
    void saveSetDialog(bool ask);
    void openLogDialog();
    void exportDialog();
    void showMessage(const QString& text);

    SourceHub& m_hub;
    CounterBrowser* m_browser = nullptr;
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
    QString m_set_path;  // where Save writes without asking
};

}  // namespace perfscope::gui
