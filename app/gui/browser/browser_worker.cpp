// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/browser_worker.h"

#include "gui/browser/kernel_threads.h"

#include <algorithm>

namespace perfscope::gui {

namespace {
QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
}  // namespace

BrowserWorker::BrowserWorker(SourceHub& hub, int refresh_ms) : m_hub(hub), m_refresh_ms(refresh_ms)
{}

BrowserWorker::~BrowserWorker() = default;

void BrowserWorker::start()
{
    if (m_quit.load(std::memory_order_relaxed))
        return;
    if (!m_timer) {
        m_timer = new QTimer(this);
        connect(m_timer, &QTimer::timeout, this, &BrowserWorker::refresh);
    }
    m_timer->start(m_refresh_ms);
    refresh();
}

void BrowserWorker::stop()
{
    if (m_timer)
        m_timer->stop();
}

void BrowserWorker::setSelectedObject(std::uint32_t object)
{
    m_selected = object;
    if (m_snapshot)
        publish_instances();
}

void BrowserWorker::refresh()
{
    if (m_quit.load(std::memory_order_relaxed))
        return;
    if (!m_snapshot) {
        wpo::SnapshotOptions options;
        options.cache = &m_hub.cache();
        auto created = wpo::Snapshot::create(m_hub.shared(), wpo::SnapshotType::global, {}, options);
        if (!created) {
            emit errorOccurred(QString::fromStdString(created.error().describe()));
            return;
        }
        m_snapshot = std::move(*created);
    } else {
        // A full cycle, so browsing shows the instances of now.
        wpo::Status status = m_snapshot->prepare();
        if (status) {
            if (auto sampled = m_snapshot->sample(); !sampled)
                status = sampled.error();
        }
        if (status) {
            if (auto decoded = m_snapshot->decode(); !decoded)
                status = decoded.error();
        }
        if (!status) {
            emit errorOccurred(QString::fromStdString(status.error().describe()));
            return;
        }
    }
    publish_objects();
    publish_instances();
}

void BrowserWorker::publish_objects()
{
    std::vector<std::uint32_t> objects;
    if (!m_snapshot->objects(objects) || objects == m_objects)
        return;
    m_objects = objects;
    const wpo::NameTable& names = m_hub.names();
    QVector<BrowseObject> out;
    std::vector<wpo::CounterRecord> records;
    std::vector<wpo::InstanceInfo> instances;
    for (std::uint32_t index : objects) {
        BrowseObject object;
        object.index = index;
        object.name = text(names.name(index));
        if (object.name.isEmpty())
            object.name = QString::number(index);
        if (m_snapshot->counters(index, records)) {
            for (const wpo::CounterRecord& r : records) {
                BrowseCounter c{r.name_index, text(names.name(r.name_index)), text(names.help(r.help_index)),
                                r.default_scale};
                if (c.name.isEmpty())
                    c.name = QString::number(r.name_index);
                object.counters.push_back(c);
            }
        }
        // Help texts sit at the name's index + 1 (docs/performance-data-format.md §9.1).
        object.help = text(names.help(index + 1));
        object.has_instances = m_snapshot->instances(index, instances) && !instances.empty();
        out.push_back(std::move(object));
    }
    emit objectsChanged(out);
}

void BrowserWorker::publish_instances()
{
    if (m_selected == 0)
        return;
    std::vector<wpo::InstanceInfo> instances;
    BrowseInstances out;
    out.object = m_selected;
    if (m_snapshot->instances(m_selected, instances)) {
        for (const wpo::InstanceInfo& i : instances)
            out.instances.push_back({QString::fromStdString(i.display), QString::fromStdString(i.parent), i.identity});
        if (lists_kernel_threads(m_selected))
            mark_kernel_threads(out);
    }
    emit instancesChanged(out);
}

void BrowserWorker::mark_kernel_threads(BrowseInstances& out) const
{
    // The last decode's values: before the first one (right after creation)
    // nothing is marked, the next refresh marks them.
    auto values = m_snapshot->values();
    std::vector<wpo::InstanceInfo> processes;
    if (!values || !m_snapshot->instances(kProcessObject, processes))
        return;
    std::vector<ProcessParent> parents;
    const auto count = static_cast<std::size_t>(out.instances.size());
    std::vector<std::int64_t> thread_pid(m_selected == kThreadObject ? count : 0, -1);
    for (const wpo::CalculatedValue& v : *values) {
        if (v.instance < 0 || !v.value.valid())
            continue;
        const auto position = static_cast<std::size_t>(v.instance);
        if (v.object_index == kProcessObject && v.counter_index == kCreatingProcessIdCounter &&
            position < processes.size())
            parents.push_back({processes[position].identity.id, static_cast<std::uint64_t>(v.value.as_double()),
                               processes[position].name});
        else if (v.object_index == kThreadObject && v.counter_index == kIdProcessCounter &&
                 position < thread_pid.size())
            thread_pid[position] = static_cast<std::int64_t>(v.value.as_double());
    }
    const std::unordered_set<std::uint64_t> kernel = kernel_thread_pids(parents);
    for (std::size_t i = 0; i < count; ++i) {
        BrowseInstance& instance = out.instances[static_cast<qsizetype>(i)];
        if (m_selected == kProcessObject)
            instance.kernel = kernel.contains(instance.identity.id);
        else
            instance.kernel = thread_pid[i] >= 0 && kernel.contains(static_cast<std::uint64_t>(thread_pid[i]));
    }
}

}  // namespace perfscope::gui
