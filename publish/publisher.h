// SPDX-License-Identifier: Apache-2.0
// The publishing library's C++ API (docs/publishing.md, "C++ API"):
//
//   auto def = wpo::published::parse_definition(text);      // or build a Definition in code
//   auto pub = wpo::publish::Publisher::start(*def);
//   auto requests = (*pub)->values((*pub)->find_object("My Server").value());
//   auto served = requests.counter(0);
//   served.add();                                           // one atomic add: no lock, no system call
//   auto conn = (*pub)->add_instance(1, "client-17");      // instances come and go
//   (*pub)->remove_instance(*conn);
//
// Updates: Counter::add/set are single atomic operations on the value's
// word in shared memory, safe from any thread. Values that must be read
// together (a fraction and its base, an average and its count) are written
// between Instance::begin_update() and end_update(): readers then see all
// of them or none (the slot's sequence counter). Grouped updates, and
// add/remove of one instance, come from one thread at a time per instance.
//
// The Publisher owns the segment: its destructor marks it closed and
// removes its name, so the objects vanish from every monitor.
#pragma once

#include "core/result.h"
#include "published/definition.h"
#include "published/shared_mapping.h"
#include "instance.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::publish {

struct PublisherOptions {
    // Linux: the directory of the segment (/dev/shm = shm_open); tests use
    // a temporary directory. Unused on Windows.
    std::string directory = "/dev/shm";
};

class Publisher {
public:
    // Validates `definition`, creates and fills the segment, marks it
    // ready. Errc::busy when a live process publishes under the same name
    // (or, on Linux, every slot is taken).
    static Result<std::unique_ptr<Publisher>> start(published::Definition definition,
                                                    const PublisherOptions& options = {});
    ~Publisher();
    Publisher(const Publisher&) = delete;
    Publisher& operator=(const Publisher&) = delete;

    const published::Definition& definition() const { return m_definition; }
    std::optional<std::size_t> find_object(std::string_view name) const;
    std::optional<std::size_t> find_counter(std::size_t object, std::string_view name) const;

    // The values of an object without instances (invalid for one with instances).
    Instance values(std::size_t object) const;
    // A new instance: name cut to 63 bytes (at a UTF-8 boundary), values 0.
    // Errc::too_large when every slot of the object is in use,
    // Errc::invalid_argument when the object has no instances.
    Result<Instance> add_instance(std::size_t object, std::string_view name);
    void remove_instance(const Instance& instance);

    // The segment as this process maps it (in-process readers, tests: a
    // reader on these very addresses lets ThreadSanitizer see every access).
    std::span<const std::byte> segment() const { return m_mapping.bytes(); }
    // The segment's name (a path on Linux, a mapping name on Windows).
    const std::string& segment_name() const { return m_name; }
    // Linux: the first title index readers give this segment (stable while
    // it lives); Windows: nullopt (the provider's registration decides).
    std::optional<std::uint32_t> index_base() const { return m_base; }

private:
    Publisher() = default;
    std::byte* slot_at(std::size_t object, std::uint32_t slot) const;

    published::Definition m_definition;
    published::SharedMapping m_mapping;
    published::SharedMapping m_directory;  // Windows
    std::string m_name;
    std::optional<std::uint32_t> m_base;
    struct Geometry {
        std::uint32_t slots_offset, slot_size, slot_count, name_capacity, counters;
    };
    std::vector<Geometry> m_geometry;
    // Which slots this process has handed out, per object (claimed with a CAS).
    std::vector<std::unique_ptr<std::atomic<std::uint8_t>[]>> m_claimed;
};

// The clock of PERF_AVERAGE_TIMER values: ticks of the performance counter
// the monitor's data block uses (Windows: QueryPerformanceCounter; Linux:
// CLOCK_MONOTONIC in ns, the procfs source's PerfTime).
std::uint64_t timer_ticks();
std::uint64_t timer_frequency();

}  // namespace wpo::publish
