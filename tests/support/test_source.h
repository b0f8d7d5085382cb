// SPDX-License-Identifier: Apache-2.0
// A Source that serves blocks built from a description: unit tests (and the
// cache's tests later) describe objects, counters and instances as plain
// values, change them between collects, and get real blocks back through the
// same BlockBuilder the Linux source uses.
#pragma once

#include "format/block_builder.h"
#include "format/object_query.h"
#include "sources/source.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wpo {

struct TestCounter {
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::uint32_t type = 0;
    std::uint32_t size = 0;  // 0 = from the type
};

struct TestInstance {
    std::string name;
    std::vector<std::uint64_t> values;  // one per counter
    std::uint32_t parent_object_index = 0;
    std::uint32_t parent_instance = 0;
    std::int32_t unique_id = layout::kNoUniqueId;
};

struct TestObject {
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    bool costly = false;
    bool has_instances = false;
    std::vector<TestCounter> counters;
    std::vector<std::uint64_t> values;    // single-instance objects
    std::vector<TestInstance> instances;  // multi-instance objects
    std::vector<std::uint32_t> brings;    // objects served along with it (Thread brings Process)
    std::int64_t perf_time = 0;           // object time
    std::int64_t perf_freq = 0;
};

class TestSource : public Source {
public:
    explicit TestSource(std::vector<TestObject> objects, NameTable names = {});

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    Result<NameTable> load_names() override { return m_names; }

    // Mutable between collects.
    std::vector<TestObject>& objects() { return m_objects; }
    TestObject* find(std::uint32_t name_index);
    BlockTimes& times() { return m_times; }
    // Moves every clock forward: PerfTime by `ticks` at PerfFreq, the 100 ns
    // clocks by the same duration.
    void advance_seconds(double seconds);
    // The next collect fails with this error (once).
    void fail_next(Error error) { m_fail_next = std::move(error); }

    std::size_t collect_count() const { return m_collects; }
    const std::string& last_query() const { return m_last_query; }

private:
    bool selected(const TestObject& object) const;

    std::vector<TestObject> m_objects;
    NameTable m_names;
    BlockTimes m_times;
    ObjectQuery m_query;
    std::vector<std::uint32_t> m_selected;
    std::optional<Error> m_fail_next;
    std::size_t m_collects = 0;
    std::string m_last_query;
};

}  // namespace wpo
