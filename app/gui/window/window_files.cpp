// SPDX-License-Identifier: Apache-2.0
#include "gui/window/window_files.h"

#include "gui/charts/graph_exporter.h"
#include "gui/charts/log_loader.h"
#include "gui/remote/set_machine_views.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/window/main_window.h"
#include "gui/window/save_file_dialog.h"
#ifdef PERFSCOPE_HAVE_RECORDING
#include "gui/recording/open_recording.h"
#endif

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

namespace perfscope::gui {

WindowFiles::WindowFiles(MainWindow& window, SourceHub& hub) : QObject(&window), m_window(window), m_hub(hub)
{
    m_session = new SessionKeeper([this] { return counterSet(); }, this);
    connect(m_session, &SessionKeeper::saveFailed, this,
            [this](const QString& message) { showMessage(tr("The session was not saved: %1").arg(message)); });
}

void WindowFiles::setCounterSetPath(const QString& path)
{
    m_set_path = path;
    m_window.updateTitle();
}

bool WindowFiles::confirmReplaceViews()
{
    bool any = false;
    for (int i = 0; i < m_window.viewCount() && !any; ++i) {
        ViewPane* pane = m_window.view(i);
        any = !pane->isLog() && !pane->sampler().counters().isEmpty();
    }
    // A closed view waiting in the undo history is lost too.
    if (!any && !m_window.undoStack().canUndo())
        return true;
    return m_window.confirm(tr("Open counter set"),
                            tr("Replace the %n open view(s), their history and what Undo could bring back with "
                               "the set's views? This cannot be undone.",
                               nullptr, m_window.viewCount()));
}

void WindowFiles::showMessage(const QString& text)
{
    m_window.statusBar()->showMessage(text, 10'000);
}

bool WindowFiles::claimSession(bool replace)
{
    if (m_session->claim() == SessionKeeper::Mode::writing) {
        // Views the command line named are the session from now on, not from the user's first change: a
        // window killed before any change comes back with them.
        if (replace)
            m_session->changed();
        return true;
    }
    leaveSession(tr("Session read-only: another Perfscope keeps it; this window's views are not saved as the "
                    "session"));
    m_session->setMode(SessionKeeper::Mode::read_only);
    return false;
}

void WindowFiles::leaveSession(const QString& note)
{
    m_session->setMode(SessionKeeper::Mode::off);
    if (!m_session_note) {
        m_session_note = new QLabel(&m_window);
        m_window.statusBar()->addWidget(m_session_note);
    }
    m_session_note->setText(note);
    m_session_note->setToolTip(
        tr("The last session stays in %1").arg(QDir::toNativeSeparators(SessionKeeper::defaultPath())));
}

QString WindowFiles::sessionNote() const
{
    return m_session_note ? m_session_note->text() : QString();
}

files::CounterSet WindowFiles::counterSet() const
{
    if (m_pending_set)
        return *m_pending_set;  // what the views will be in a moment
    files::CounterSet set;
    set.tiled = m_window.isTiled();
    const ViewPane* current = m_window.currentView();
    for (int i = 0; i < m_window.viewCount(); ++i) {
        const ViewPane* pane = m_window.view(i);
        if (pane->isLog())
            continue;  // a log is a file, not counters to sample
        if (pane == current)
            set.current_view = static_cast<int>(set.views.size());
        set.views.push_back(pane->toCore());
    }
    return set;
}

void WindowFiles::applyCounterSet(const files::CounterSet& set)
{
    // The history's steps act on the views replaced now: they go first, with
    // the closed views they hold.
    m_window.undoStack().clear();
    while (m_window.viewCount() > 0)
        m_window.closeView(m_window.view(m_window.viewCount() - 1));
    QVector<QPointer<ViewPane>> panes;
    QStringList paths;
    for (const files::ViewSettings& view : set.views) {
        ViewPane* pane = m_window.addView(from_core(view));
        if (!view.y_auto)
            pane->content().setYRange(view.y_min, view.y_max);
        panes.push_back(pane);
        if (adopt_machine_view(m_window, pane, view))
            continue;  // another machine's view: resolved on that machine's hub
        for (const files::CounterSetEntry& entry : view.counters)
            paths << QString::fromStdString(entry.path);
    }
    m_window.setTiled(set.tiled);
    m_window.setCurrentView(set.current_view);
    const quint64 generation = ++m_set_generation;
    m_pending_set = set;
    m_clean_when_applied = false;
    // All the set's paths in one collection, off the GUI thread; each path
    // on its own, so one exited process does not drop the rest.
    resolve_each_path_later(m_hub, paths, this, [this, generation, set, panes, paths](const PathsResolution& done) {
        if (generation != m_set_generation)
            return;  // another set replaced this one meanwhile
        m_pending_set.reset();
        QStringList skipped, reasons;
        qsizetype k = 0;
        for (qsizetype v = 0; v < panes.size(); ++v) {
            if (!view_machine(set.views[static_cast<std::size_t>(v)]).isEmpty())
                continue;
            QVector<ViewCounter> counters;
            QVector<SeriesLook> looks;
            for (const files::CounterSetEntry& entry : set.views[static_cast<std::size_t>(v)].counters) {
                const qsizetype i = k++;
                const QString reason = !done.error.isEmpty()   ? done.error
                                       : i < done.paths.size() ? done.paths[i].error
                                                               : tr("not resolved");
                if (!reason.isEmpty()) {
                    skipped << paths.value(i);
                    reasons << reason;
                    continue;
                }
                counters += done.paths[i].counters;
                looks += looks_of(entry);
            }
            ViewPane* pane = panes[v];
            if (!pane || m_window.viewIndex(pane) < 0)
                continue;  // closed before its counters came
            pane->setLooks(looks);
            if (!counters.isEmpty())
                pane->addCounters(counters);
        }
        // Until the next message: easily missed in 10 s, and it says what the views lack.
        if (!skipped.isEmpty())
            m_window.statusBar()->showMessage(tr("Not found now, left out: %1").arg(skipped.join(", ")));
        if (m_clean_when_applied)
            m_session->markClean();
        emit counterSetApplied(skipped, reasons);
    });
}

bool WindowFiles::saveCounterSet(const QString& path, QString* error)
{
    if (wpo::Status saved = files::save_counter_set(path.toStdString(), counterSet()); !saved) {
        if (error)
            *error = QString::fromStdString(saved.error().message());
        return false;
    }
    m_set_path = path;
    return true;
}

bool WindowFiles::loadCounterSet(const QString& path, QString* error)
{
    auto set = files::load_counter_set(path.toStdString());
    if (!set) {
        if (error)
            *error = QString::fromStdString(set.error().message());
        return false;
    }
    applyCounterSet(*set);
    m_set_path = path;
    return true;
}

bool WindowFiles::saveSession(QString* error)
{
    return m_session->saveNow(error);
}

bool WindowFiles::restoreSession()
{
    if (!QFileInfo::exists(SessionKeeper::defaultPath()))
        return false;
    auto set = files::load_counter_set(SessionKeeper::defaultPath().toStdString());
    if (!set) {
        showMessage(
            tr("The last session could not be restored: %1").arg(QString::fromStdString(set.error().message())));
        return false;
    }
    if (set->views.empty())
        return false;
    applyCounterSet(*set);
    // What is shown is what the file says: nothing new to write, also once
    // the counters are in.
    m_session->markClean();
    m_clean_when_applied = true;
    return true;
}

bool WindowFiles::exportCurrentView(const QString& path, QString* error)
{
    ViewPane* pane = m_window.currentView();
    if (!pane) {
        if (error)
            *error = tr("there is no view to export");
        return false;
    }
    pane->content().refresh();
    return GraphExporter(&pane->content()).save(path, error);
}

ViewPane* WindowFiles::addLogView(const files::PdhCsvLog& log, const QString& title)
{
    ViewSettings settings;
    settings.title = title;
    ViewPane* pane = m_window.addView(settings);
    pane->showLog(log);
    return pane;
}

void WindowFiles::openLog(const QString& path)
{
#ifdef PERFSCOPE_HAVE_RECORDING
    if (is_recording_file(path)) {
        open_recording_view(m_window, path);
        return;
    }
#endif
    ViewSettings settings;
    settings.title = QFileInfo(path).fileName();
    ViewPane* pane = m_window.addView(settings);
    auto* loader = new LogLoader(&pane->data(), pane);
    connect(loader, &LogLoader::loaded, this, [this, pane](const QString& file, int series, int rows) {
        if (m_window.viewIndex(pane) < 0)
            return;
        pane->fitLog();
        showMessage(tr("%1: %2 counters, %3 samples").arg(file).arg(series).arg(rows));
    });
    connect(loader, &LogLoader::failed, this, [this, pane](const QString&, const QString& message) {
        m_window.closeView(pane);
        QMessageBox::warning(&m_window, tr("Open log"), message);
    });
    pane->beginLog();
    loader->load(path);
}

void WindowFiles::openSetDialog()
{
    if (!confirmReplaceViews())
        return;
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open counter set"), QString(),
                                                      tr("Counter sets (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!loadCounterSet(path, &error))
        QMessageBox::warning(&m_window, tr("Open counter set"), error);
}

void WindowFiles::saveSetDialog(bool ask)
{
    QString path = m_set_path;
    if (ask || path.isEmpty())
        path = getSaveFileNameWithExtension(&m_window, tr("Save counter set"), path,
                                            tr("Counter sets (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveCounterSet(path, &error))
        QMessageBox::warning(&m_window, tr("Save counter set"), error);
    else
        showMessage(tr("Saved %1").arg(path));
}

void WindowFiles::openLogDialog()
{
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open log"), QString(),
                                                      tr("Logs and recordings (*.csv *.tsv *.psrec);;All files (*)"));
    if (!path.isEmpty())
        openLog(path);
}

void WindowFiles::exportDialog()
{
    if (!m_window.currentView())
        return;
    const QString path = getSaveFileNameWithExtension(
        &m_window, tr("Export view"), QString(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;PDH-CSV data (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCurrentView(path, &error))
        QMessageBox::warning(&m_window, tr("Export view"), error);
    else
        showMessage(tr("Exported %1").arg(path));
}

}  // namespace perfscope::gui
