// SPDX-License-Identifier: Apache-2.0
#include "test_source.h"

#include <algorithm>

namespace wpo {

TestSource::TestSource(std::vector<TestObject> objects, NameTable names)
    : m_objects(std::move(objects)), m_names(std::move(names))
{
    m_times.system_time = {2026, 1, 4, 1, 12, 0, 0, 0};
    m_times.perf_time = 1'000'000'000;
    m_times.perf_freq = 10'000'000;
    m_times.perf_time_100ns = 134'116'128'000'000'000;  // 2026-01-01 12:00 UTC
}

TestObject* TestSource::find(std::uint32_t name_index)
{
    auto it = std::find_if(m_objects.begin(), m_objects.end(),
                           [&](const TestObject& o) { return o.name_index == name_index; });
    return it == m_objects.end() ? nullptr : &*it;
}

void TestSource::advance_seconds(double seconds)
{
    m_times.perf_time += static_cast<std::int64_t>(seconds * static_cast<double>(m_times.perf_freq));
    const auto ticks_100ns = static_cast<std::int64_t>(seconds * 1e7);
    m_times.perf_time_100ns += ticks_100ns;
    for (TestObject& object : m_objects)
        if (object.perf_freq > 0)
            object.perf_time += static_cast<std::int64_t>(seconds * static_cast<double>(object.perf_freq));
}

bool TestSource::selected(const TestObject& object) const
{
    switch (m_query.kind()) {
    case ObjectQuery::Kind::global: return !object.costly;
    case ObjectQuery::Kind::costly: return object.costly;
    case ObjectQuery::Kind::list: return std::binary_search(m_selected.begin(), m_selected.end(), object.name_index);
    }
    return false;
}

Status TestSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    ++m_collects;
    m_last_query.assign(query);
    if (m_fail_next) {
        Error error = std::move(*m_fail_next);
        m_fail_next.reset();
        buffer.clear();
        return error;
    }
    if (Status parsed = m_query.parse(query); !parsed) {
        buffer.clear();
        return parsed;
    }
    m_selected.assign(m_query.indices().begin(), m_query.indices().end());
    for (const TestObject& object : m_objects)
        if (m_query.contains(object.name_index))
            m_selected.insert(m_selected.end(), object.brings.begin(), object.brings.end());
    std::sort(m_selected.begin(), m_selected.end());

    BlockBuilder b(buffer);
    b.begin(m_times, "TESTSOURCE", 238);
    for (const TestObject& object : m_objects) {
        if (!selected(object))
            continue;
        b.begin_object({.name_index = object.name_index,
                        .help_index = object.help_index,
                        .has_instances = object.has_instances,
                        .perf_time = object.perf_time,
                        .perf_freq = object.perf_freq});
        for (const TestCounter& c : object.counters)
            b.add_counter({.name_index = c.name_index, .help_index = c.help_index, .type = c.type, .size = c.size});
        auto write = [&](const std::vector<std::uint64_t>& values) {
            const auto n = std::min(values.size(), object.counters.size());
            for (std::size_t i = 0; i < n; ++i)
                b.set(static_cast<std::uint32_t>(i), values[i]);
        };
        if (object.has_instances) {
            for (const TestInstance& instance : object.instances) {
                b.begin_instance(instance.name, instance.parent_object_index, instance.parent_instance,
                                 instance.unique_id);
                write(instance.values);
            }
        } else {
            b.begin_values();
            write(object.values);
        }
        b.end_object();
    }
    b.finish();
    return {};
}

}  // namespace wpo
