// SPDX-License-Identifier: Apache-2.0
// The last session (a counter set, docs/counter-sets.md) kept on disk as the
// user works: written a moment after a change, not only at quit, atomically
// (a crash or a kill leaves the previous file or the new one), on a worker
// thread of its own. One instance at a time writes it: the first takes a
// lock file beside it; another works read-only on it. A window that does not
// show the session (a log opened from the command line, --no-session) never
// writes it.
#pragma once

#include "files/counter_set.h"

#include <QLockFile>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <functional>
#include <memory>

namespace perfscope::gui {

class SessionKeeper : public QObject {
    Q_OBJECT
public:
    enum class Mode {
        off,        // never written (--no-session, a log from the command line, tests)
        read_only,  // another instance holds the session
        writing,    // written a moment after every change
    };

    // `snapshot` gives the set to save, called on the GUI thread.
    SessionKeeper(std::function<files::CounterSet()> snapshot, QObject* parent = nullptr);
    ~SessionKeeper() override;

    // The per-user session file (QStandardPaths' app config directory).
    static QString defaultPath();
    QString path() const { return m_path; }
    // Before claim(): another file (tests).
    void setPath(const QString& path) { m_path = path; }

    // Takes the lock beside the session file: Mode::writing when this
    // instance got it, Mode::read_only when another running instance holds it.
    Mode claim();
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);

    // After the last change, how long until the session is written.
    void setDelay(int ms) { m_timer.setInterval(ms); }
    int delay() const { return m_timer.interval(); }

    // Something the session keeps changed: written after delay() (at most one
    // write per delay, however often things change) when writing.
    void changed();
    // What is on screen is what was read: nothing to write.
    void markClean();
    bool isDirty() const { return m_dirty; }
    // Writes now, on this thread, whatever the mode (an explicit save).
    bool saveNow(QString* error = nullptr);
    // At quit: writes now if writing and changed since the last write.
    bool flush(QString* error = nullptr);
    // Waits for a write in progress (tests, quit).
    void wait();
    // Files written since start.
    int writes() const { return m_writes; }

signals:
    void saveFailed(const QString& message);

private:
    void writeInBackground();

    std::function<files::CounterSet()> m_snapshot;
    QString m_path;
    Mode m_mode = Mode::off;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    QThreadPool m_writer;  // one thread: writes land in order
    bool m_dirty = false;
    int m_writes = 0;
    std::string m_last_written;
};

}  // namespace perfscope::gui
