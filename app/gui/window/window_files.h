// SPDX-License-Identifier: Apache-2.0
// The main window's file and session half: counter sets (open, save, and
// applying one: views at once, paths resolved off the GUI thread in one
// collection, counters added when that is done), logs opened as read-only
// views, the current view's export, and the session kept on disk
// (SessionKeeper: claimed, left, restored). It owns the SessionKeeper, the
// path Save writes to, the set being applied, and the File menu's dialogs.
// The window, its views, menus and tiles stay MainWindow's; this class goes
// through MainWindow's public API for them.
#pragma once

#include "files/counter_set.h"
#include "files/pdh_csv_reader.h"
#include "gui/window/session_keeper.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QLabel;

namespace perfscope::gui {

class MainWindow;
class SourceHub;
class ViewPane;

class WindowFiles : public QObject {
    Q_OBJECT
public:
    WindowFiles(MainWindow& window, SourceHub& hub);

    // Counter sets (docs/counter-sets.md); see MainWindow's methods of the same names.
    files::CounterSet counterSet() const;
    void applyCounterSet(const files::CounterSet& set);
    bool saveCounterSet(const QString& path, QString* error = nullptr);
    bool loadCounterSet(const QString& path, QString* error = nullptr);
    // Where Save writes without asking; the window's title names it.
    QString counterSetPath() const { return m_set_path; }
    void setCounterSetPath(const QString& path);

    SessionKeeper& session() { return *m_session; }
    // Makes this window the session's writer unless another instance is; `replace`: what the window shows
    // now replaces the saved session (written a moment later) rather than waiting for a change.
    bool claimSession(bool replace = false);
    void leaveSession(const QString& note);
    QString sessionNote() const;
    bool saveSession(QString* error = nullptr);
    bool restoreSession();

    bool exportCurrentView(const QString& path, QString* error = nullptr);
    void openLog(const QString& path);
    ViewPane* addLogView(const files::PdhCsvLog& log, const QString& title);

    // The File menu's dialogs.
    void openSetDialog();
    void saveSetDialog(bool ask);
    void openLogDialog();
    void exportDialog();

signals:
    // A set's counters are in its views; `left_out` the paths not found now,
    // `reasons` why, one for each.
    void counterSetApplied(const QStringList& left_out, const QStringList& reasons);

private:
    void showMessage(const QString& text);
    // Before a set replaces the views: asks when one of them has counters,
    // or when Undo could still bring something back.
    bool confirmReplaceViews();

    MainWindow& m_window;
    SourceHub& m_hub;
    SessionKeeper* m_session = nullptr;
    QLabel* m_session_note = nullptr;
    QString m_set_path;
    // The set whose paths are being resolved; a newer set makes an older
    // resolution's result stale.
    std::optional<files::CounterSet> m_pending_set;
    quint64 m_set_generation = 0;
    bool m_clean_when_applied = false;  // a restored session: nothing new to write
};

}  // namespace perfscope::gui
