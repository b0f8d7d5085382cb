// SPDX-License-Identifier: Apache-2.0
#include "publisher.h"

#include "core/byte_io.h"
#include "core/utf.h"
#include "published/segment_layout.h"
#include "published/segment_names.h"
#include "published/segment_view.h"
#include "segment_writer.h"
#include "slot_sequence.h"

#include <cstring>

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

namespace wpo::publish {
namespace {

namespace L = published::layout;
using published::shared_word;

// Cuts `name` to at most `max` bytes without splitting a UTF-8 sequence.
std::string_view cut_utf8(std::string_view name, std::size_t max)
{
    if (name.size() <= max)
        return name;
    std::size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(name[n]) & 0xC0) == 0x80)
        --n;
    return name.substr(0, n);
}

void write_name_words(std::byte* at, std::uint32_t capacity, std::string_view name)
{
    for (std::uint32_t w = 0; w < capacity; w += 8) {
        char bytes[8] = {};
        for (std::uint32_t k = 0; k < 8 && w + k < name.size(); ++k)
            bytes[k] = name[w + k];
        std::uint64_t word;
        std::memcpy(&word, bytes, 8);
        shared_word<std::uint64_t>(at + w).store(word, std::memory_order_release);
    }
}

#ifndef _WIN32
// Linux: drops the segments of dead publishers and refuses a name a live
// publisher uses; then claims the first free slot with O_EXCL.
Result<published::SharedMapping> claim_linux_slot(const std::string& dir, const published::Definition& d,
                                                  std::uint32_t size, std::uint32_t& slot_out, std::string& name_out)
{
    for (std::uint32_t slot = 0; slot < published::kLinuxSlots; ++slot) {
        const std::string path = dir + "/" + published::linux_segment_file(slot);
        auto existing = published::SharedMapping::open(path);
        if (!existing)
            continue;
        auto view = published::SegmentView::parse(existing->bytes());
        if (!view)
            continue;  // being built by someone, or not ours to judge
        if (!published::process_alive(view->pid())) {
            (void)published::SharedMapping::remove(path);
            continue;
        }
        if (view->publisher() == d.publisher)
            return Error(Errc::busy, "publisher \"" + d.publisher + "\" is already running (pid " +
                                         std::to_string(view->pid()) + ", " + path + ")");
    }
    for (std::uint32_t slot = 0; slot < published::kLinuxSlots; ++slot) {
        const std::string path = dir + "/" + published::linux_segment_file(slot);
        auto created = published::SharedMapping::create(path, size);
        if (created) {
            slot_out = slot;
            name_out = path;
            return created;
        }
        if (created.error().code() != Errc::busy)
            return created.error();
    }
    return Error(Errc::busy,
                 "all " + std::to_string(published::kLinuxSlots) + " publisher slots in " + dir + " are taken");
}
#endif

}  // namespace

Result<std::unique_ptr<Publisher>> Publisher::start(published::Definition definition, const PublisherOptions& options)
{
    if (auto ok = published::validate(definition); !ok)
        return ok.error();
    std::unique_ptr<Publisher> p(new Publisher());
    const SegmentPlan plan = plan_segment(definition);
    const std::uint32_t pid = published::current_pid();
#ifdef _WIN32
    (void)options;
    // The directory first: it says whether a live process publishes the name.
    auto dir = published::SharedMapping::open_or_create(published::windows_directory_name(definition.publisher),
                                                        published::kDirectorySize);
    if (!dir)
        return dir.error();
    namespace D = published::directory;
    auto owner = shared_word<std::uint32_t>(dir->data() + D::kPid);
    std::uint32_t current = owner.load(std::memory_order_acquire);
    auto taken = [&](std::uint32_t by) { return by != 0 && (by == pid || published::process_alive(by)); };
    auto running = [&](std::uint32_t by) {
        return Error(Errc::busy,
                     "publisher \"" + definition.publisher + "\" is already running (pid " + std::to_string(by) + ")");
    };
    if (taken(current))
        return running(current);
    p->m_name = published::windows_segment_name(definition.publisher, pid);
    auto mapping = published::SharedMapping::create(p->m_name, plan.total_size);
    if (!mapping)
        return mapping.error();
#else
    std::uint32_t slot = 0;
    auto mapping = claim_linux_slot(options.directory, definition, plan.total_size, slot, p->m_name);
    if (!mapping)
        return mapping.error();
    p->m_base = published::linux_base(slot);
#endif
    p->m_mapping = std::move(*mapping);
    write_segment(definition, plan, p->m_mapping.data(), pid);
    mark_ready(p->m_mapping.data());
#ifdef _WIN32
    // Announce the ready segment: readers find it through the pid.
    std::memcpy(dir->data() + D::kMagicOffset, D::kMagic, sizeof D::kMagic);
    shared_word<std::uint32_t>(dir->data() + D::kVersion).store(1, std::memory_order_relaxed);
    while (!owner.compare_exchange_weak(current, pid, std::memory_order_acq_rel)) {
        if (taken(current))
            return running(current);  // another process won the race
    }
    p->m_directory = std::move(*dir);
#endif
    for (const auto& g : plan.objects) {
        p->m_geometry.push_back({g.slots_offset, g.slot_size, g.slot_count, g.name_capacity, g.counters});
        p->m_claimed.push_back(std::make_unique<std::atomic<std::uint8_t>[]>(g.slot_count));
    }
    p->m_definition = std::move(definition);
    return p;
}

Publisher::~Publisher()
{
    if (m_mapping.valid())
        mark_closed(m_mapping.data());
#ifdef _WIN32
    if (m_directory.valid()) {
        std::uint32_t mine = published::current_pid();
        shared_word<std::uint32_t>(m_directory.data() + published::directory::kPid)
            .compare_exchange_strong(mine, 0, std::memory_order_acq_rel);
    }
#else
    if (m_mapping.valid())
        (void)published::SharedMapping::remove(m_name);
#endif
}

std::optional<std::size_t> Publisher::find_object(std::string_view name) const
{
    for (std::size_t i = 0; i < m_definition.objects.size(); ++i) {
        if (iequals(m_definition.objects[i].name, name))
            return i;
    }
    return std::nullopt;
}

std::optional<std::size_t> Publisher::find_counter(std::size_t object, std::string_view name) const
{
    if (object >= m_definition.objects.size())
        return std::nullopt;
    const auto& counters = m_definition.objects[object].counters;
    for (std::size_t i = 0; i < counters.size(); ++i) {
        if (iequals(counters[i].name, name))
            return i;
    }
    return std::nullopt;
}

std::byte* Publisher::slot_at(std::size_t object, std::uint32_t slot) const
{
    const Geometry& g = m_geometry[object];
    return m_mapping.data() + g.slots_offset + std::size_t(slot) * g.slot_size;
}

Instance Publisher::values(std::size_t object) const
{
    if (object >= m_geometry.size() || m_definition.objects[object].max_instances > 0)
        return Instance();
    const Geometry& g = m_geometry[object];
    return Instance(slot_at(object, 0), g.counters, g.name_capacity, static_cast<std::uint32_t>(object), 0);
}

Result<Instance> Publisher::add_instance(std::size_t object, std::string_view name)
{
    if (object >= m_geometry.size() || m_definition.objects[object].max_instances == 0)
        return Error(Errc::invalid_argument, "object " + std::to_string(object) + " has no instances");
    const Geometry& g = m_geometry[object];
    for (std::uint32_t s = 0; s < g.slot_count; ++s) {
        std::uint8_t expected = 0;
        if (!m_claimed[object][s].compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
            continue;
        std::byte* slot = slot_at(object, s);
        seq_begin(slot);
        write_name_words(slot + L::slot::kName, g.name_capacity, cut_utf8(name, g.name_capacity - 1));
        for (std::uint32_t c = 0; c < g.counters; ++c)
            shared_word<std::uint64_t>(slot + L::slot::kName + g.name_capacity + 8 * c)
                .store(0, std::memory_order_release);
        shared_word<std::uint32_t>(slot + L::slot::kLive).store(1, std::memory_order_release);
        seq_end(slot);
        return Instance(slot, g.counters, g.name_capacity, static_cast<std::uint32_t>(object), s);
    }
    return Error(Errc::too_large, "object \"" + m_definition.objects[object].name + "\" has all its " +
                                      std::to_string(g.slot_count) + " instances in use");
}

void Publisher::remove_instance(const Instance& instance)
{
    if (!instance.valid() || instance.object() >= m_geometry.size() ||
        m_definition.objects[instance.object()].max_instances == 0)
        return;
    std::byte* slot = slot_at(instance.object(), instance.position());
    seq_begin(slot);
    shared_word<std::uint32_t>(slot + L::slot::kLive).store(0, std::memory_order_release);
    seq_end(slot);
    m_claimed[instance.object()][instance.position()].store(0, std::memory_order_release);
}

std::uint64_t timer_ticks()
{
#ifdef _WIN32
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return static_cast<std::uint64_t>(t.QuadPart);
#else
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
#endif
}

std::uint64_t timer_frequency()
{
#ifdef _WIN32
    LARGE_INTEGER f;
    QueryPerformanceFrequency(&f);
    return static_cast<std::uint64_t>(f.QuadPart);
#else
    return 1'000'000'000u;
#endif
}

}  // namespace wpo::publish
