// SPDX-License-Identifier: Apache-2.0
#include "gui/window/session_keeper.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace perfscope::gui {

namespace {

constexpr int kDefaultDelayMs = 2000;

// QSaveFile: a temporary beside the file, renamed over it once complete.
bool write_atomically(const QString& path, const std::string& text, QString* error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !file.commit()) {
        if (error)
            *error = QStringLiteral("cannot write \"%1\": %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace

SessionKeeper::SessionKeeper(std::function<files::CounterSet()> snapshot, QObject* parent)
    : QObject(parent), m_snapshot(std::move(snapshot)), m_path(defaultPath())
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDefaultDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &SessionKeeper::writeInBackground);
    m_writer.setMaxThreadCount(1);
}

SessionKeeper::~SessionKeeper()
{
    m_writer.waitForDone();
}

QString SessionKeeper::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/session.json");
}

SessionKeeper::Mode SessionKeeper::claim()
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    m_lock = std::make_unique<QLockFile>(m_path + QStringLiteral(".lock"));
    // Held as long as this instance runs, however long: only a holder that is
    // gone (its process ended) makes the lock stale.
    m_lock->setStaleLockTime(0);
    if (m_lock->tryLock(0)) {
        m_mode = Mode::writing;
    } else {
        m_lock.reset();
        m_mode = Mode::read_only;
    }
    m_dirty = false;
    return m_mode;
}

void SessionKeeper::setMode(Mode mode)
{
    m_mode = mode;
    if (mode != Mode::writing) {
        m_timer.stop();
        m_dirty = false;
    }
}

void SessionKeeper::changed()
{
    if (m_mode != Mode::writing)
        return;
    m_dirty = true;
    if (!m_timer.isActive())
        m_timer.start();
}

void SessionKeeper::markClean()
{
    m_timer.stop();
    m_dirty = false;
}

void SessionKeeper::writeInBackground()
{
    if (m_mode != Mode::writing || !m_dirty)
        return;
    m_dirty = false;
    // The set is taken here (the views live on this thread); formatting and
    // the disk are the worker's.
    files::CounterSet set = m_snapshot();
    ++m_writes;
    m_writer.start([this, set = std::move(set)] {
        std::string text = files::format_counter_set(set);
        if (text == m_last_written)
            return;  // only the writer thread touches it
        QString error;
        if (write_atomically(m_path, text, &error))
            m_last_written = std::move(text);
        else
            QMetaObject::invokeMethod(
                this, [this, error] { emit saveFailed(error); }, Qt::QueuedConnection);
    });
}

bool SessionKeeper::saveNow(QString* error)
{
    m_writer.waitForDone();
    m_timer.stop();
    m_dirty = false;
    std::string text = files::format_counter_set(m_snapshot());
    ++m_writes;
    if (!write_atomically(m_path, text, error))
        return false;
    m_last_written = std::move(text);
    return true;
}

bool SessionKeeper::flush(QString* error)
{
    if (m_mode != Mode::writing || !m_dirty) {
        wait();
        return true;
    }
    return saveNow(error);
}

void SessionKeeper::wait()
{
    m_writer.waitForDone();
}

}  // namespace perfscope::gui
