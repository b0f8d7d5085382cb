// SPDX-License-Identifier: Apache-2.0
#include "query/object_requests.h"

#include <set>

namespace wpo::query {

std::map<std::uint32_t, std::vector<CounterRequest>> requests_by_object(std::span<const QueryPath> paths)
{
    struct Needs {
        bool every_counter = false, every_process = false;
        std::set<std::uint32_t> counters, processes;
    };
    std::map<std::uint32_t, Needs> needs;
    for (const QueryPath& path : paths) {
        Needs& n = needs[path.request.object_index];
        if (path.request.counter_index == 0)
            n.every_counter = true;
        else
            n.counters.insert(path.request.counter_index);
        if (path.request.process_id == 0)
            n.every_process = true;
        else
            n.processes.insert(path.request.process_id);
    }
    std::map<std::uint32_t, std::vector<CounterRequest>> requests;
    for (const auto& [object, n] : needs) {
        const std::vector<std::uint32_t> counters =
            n.every_counter ? std::vector<std::uint32_t>{0}
                            : std::vector<std::uint32_t>(n.counters.begin(), n.counters.end());
        const std::vector<std::uint32_t> processes =
            n.every_process ? std::vector<std::uint32_t>{0}
                            : std::vector<std::uint32_t>(n.processes.begin(), n.processes.end());
        std::vector<CounterRequest>& list = requests[object];
        for (std::uint32_t counter : counters)
            for (std::uint32_t process : processes)
                list.push_back({object, counter, process});
    }
    return requests;
}

}  // namespace wpo::query
