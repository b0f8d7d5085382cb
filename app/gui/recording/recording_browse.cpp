// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/recording_browse.h"

#include "gui/charts/view_widget.h"
#include "gui/recording/recording_view.h"
#include "gui/window/main_window.h"
#include "recording/replay_source.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace perfscope::gui {
namespace {

constexpr std::int64_t kUnixEpochMs = 11'644'473'600'000LL;  // FILETIME's 1601 to 1970

}  // namespace

// The cache outlives the hub that reads through it.
struct RecordingBrowse::Opened {
    std::unique_ptr<wpo::PerfObjectCache> cache;
    std::unique_ptr<SourceHub> hub;
    QString error;
    qint64 requested = 0;
    qint64 at = 0;
};

RecordingBrowse::RecordingBrowse(MainWindow& window, SourceHub& live) : QObject(&window), m_window(window), m_live(live)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(500);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        if (!m_pane || !m_view)
            return;
        const qint64 at = m_pane->content().visibleRange().second;
        if (at != m_wanted)
            open(m_view->path(), at);
    });
    connect(&window, &MainWindow::currentViewChanged, this, &RecordingBrowse::follow);
}

RecordingBrowse::~RecordingBrowse()
{
    if (m_watcher)
        m_watcher->waitForFinished();
}

void RecordingBrowse::follow(ViewPane* pane)
{
    RecordingView* view = pane ? pane->findChild<RecordingView*>() : nullptr;
    if (pane == m_pane && view == m_view)
        return;
    if (m_pane)
        disconnect(&m_pane->content(), &ViewWidget::refreshed, &m_settle, nullptr);
    m_pane = pane;
    m_view = view;
    if (!view) {
        m_wanted = 0;
        if (&m_window.browser().hub() != &m_live) {
            m_window.browser().setHub(m_live);
            m_current.reset();  // after the browser left it
            m_at = 0;
            emit browsing(0);
        }
        return;
    }
    connect(&pane->content(), &ViewWidget::refreshed, &m_settle, qOverload<>(&QTimer::start));
    open(view->path(), pane->content().visibleRange().second);
}

void RecordingBrowse::open(const QString& path, qint64 time_ms)
{
    m_wanted = time_ms;
    m_path = path;
    if (m_watcher)
        return;  // onOpened() goes again for the newest wish
    m_watcher = std::make_unique<QFutureWatcher<std::shared_ptr<Opened>>>();
    connect(m_watcher.get(), &QFutureWatcherBase::finished, this, &RecordingBrowse::onOpened);
    const std::string file = QFile::encodeName(path).toStdString();
    m_watcher->setFuture(QtConcurrent::run([file, time_ms] {
        auto opened = std::make_shared<Opened>();
        opened->requested = time_ms;
        opened->at = time_ms;
        auto source = wpo::recording::ReplaySource::open(file);
        if (!source) {
            opened->error = QString::fromStdString(source.error().describe());
            return opened;
        }
        // The sample at or after the time, else the last one before it.
        auto found = (*source)->seek((time_ms + kUnixEpochMs) * 10'000);
        if (found && !*found) {
            const auto& chunks = (*source)->reader().chunks();
            if (!chunks.empty())
                found = (*source)->seek(chunks.back().last_time);
        }
        if (!found || !*found) {
            opened->error = found ? QStringLiteral("the recording holds no sample")
                                  : QString::fromStdString(found.error().describe());
            return opened;
        }
        opened->at = (*source)->current().times.time_100ns / 10'000 - kUnixEpochMs;
        opened->cache = std::make_unique<wpo::PerfObjectCache>(
            wpo::CacheOptions{std::chrono::milliseconds(1), &wpo::recording::ReplaySource::clock, source->get()});
        auto hub = SourceHub::create(std::move(*source), opened->cache.get());
        if (!hub) {
            opened->error = QString::fromStdString(hub.error().describe());
            return opened;
        }
        opened->hub = std::move(*hub);
        return opened;
    }));
}

void RecordingBrowse::onOpened()
{
    std::shared_ptr<Opened> opened = m_watcher->result();
    m_watcher.reset();
    const bool still = m_view && m_view->path() == m_path;
    if (still && opened->hub) {
        // The browser moves to the new hub before the old one goes.
        m_window.browser().setHub(
            *opened->hub,
            tr("Browsing %1 at %2")
                .arg(QFileInfo(m_path).fileName(),
                     QDateTime::fromMSecsSinceEpoch(opened->at).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
        m_current = std::move(opened);
        m_at = m_current->at;
        emit browsing(m_at);
        if (m_wanted != m_current->requested)
            open(m_path, m_wanted);  // the view moved on meanwhile
    }
}

}  // namespace perfscope::gui
