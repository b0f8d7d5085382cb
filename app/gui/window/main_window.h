// perfscope's main window: the counter browser dock, views as tabs or tiled
// in a grid, menus, toolbar and shortcuts for every action, and a status bar
// with samples per second, the shared cache's hit rate and the source
// queries it saved, and the app's own CPU use.
#pragma once

#include "browser/counter_browser.h"
#include "sampling/source_hub.h"
#include "window/process_cpu.h"
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
    void syncActions();
    void editProperties();

    SourceHub& m_hub;
    CounterBrowser* m_browser = nullptr;
    QStackedWidget* m_stack = nullptr;
    QTabWidget* m_tabs = nullptr;
    QWidget* m_tiles = nullptr;
    QGridLayout* m_grid = nullptr;
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
};

}  // namespace perfscope::gui
