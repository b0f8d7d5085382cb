// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/machine_hub.h"

#include "remote/remote_source.h"

#include <QtConcurrent/QtConcurrentRun>

namespace perfscope::gui {

// The cache outlives the hub that reads through it (members go in reverse order).
struct MachineHub::Opened {
    std::unique_ptr<wpo::PerfObjectCache> cache;
    std::unique_ptr<SourceHub> hub;
    QString error;
};

MachineHub::MachineHub(const QString& machine, QObject* parent) : QObject(parent), m_machine(machine)
{
    m_retry.setSingleShot(true);
    m_retry.setInterval(kRetryMs);
    connect(&m_retry, &QTimer::timeout, this, &MachineHub::attempt);
    attempt();
}

MachineHub::~MachineHub()
{
    // An attempt still running holds nothing of this object: its result is dropped when it ends.
    if (m_watcher)
        m_watcher->disconnect(this);
}

SourceHub* MachineHub::hub() const
{
    return m_opened ? m_opened->hub.get() : nullptr;
}

void MachineHub::attempt()
{
    if (m_watcher || m_opened)
        return;
    m_state = State::connecting;
    emit stateChanged();
    m_watcher = std::make_unique<QFutureWatcher<std::shared_ptr<Opened>>>();
    connect(m_watcher.get(), &QFutureWatcherBase::finished, this, &MachineHub::onOpened);
    m_watcher->setFuture(QtConcurrent::run([machine = m_machine.toStdString()] {
        auto opened = std::make_shared<Opened>();
        auto source = wpo::remote::RemoteSource::open(machine);
        if (!source) {
            opened->error = QString::fromStdString(source.error().message());
            return opened;
        }
        opened->cache = std::make_unique<wpo::PerfObjectCache>();
        auto hub = SourceHub::create(std::move(*source), opened->cache.get());
        if (!hub) {
            opened->error = QString::fromStdString(hub.error().message());
            return opened;
        }
        opened->hub = std::move(*hub);
        return opened;
    }));
}

void MachineHub::onOpened()
{
    std::shared_ptr<Opened> opened = m_watcher->result();
    m_watcher.reset();
    if (!opened->hub) {
        m_state = State::failed;
        m_error = opened->error;
        m_retry.start();
    } else {
        m_opened = std::move(opened);
        m_state = State::ready;
        m_error.clear();
    }
    emit stateChanged();
}

}  // namespace perfscope::gui
