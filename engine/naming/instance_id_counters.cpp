// SPDX-License-Identifier: Apache-2.0
#include "naming/instance_id_counters.h"

#include "naming/instance_names.h"

namespace wpo {
namespace {

std::optional<CounterDefinition> find_definition(const ObjectView& object, std::uint32_t name_index)
{
    for (const CounterDefinition& d : object.counters())
        if (d.name_index == name_index && d.size > 0)
            return d;
    return std::nullopt;
}

}  // namespace

InstanceIdCounters instance_id_counters(const ObjectView& object)
{
    using namespace well_known;
    InstanceIdCounters out;
    const bool thread = object.name_index() == kThreadObject;
    const auto id = find_definition(object, thread ? kIdThread : kIdProcess);
    if (!id)
        return out;
    out.kind = thread ? InstanceIdCounters::Kind::thread : InstanceIdCounters::Kind::process;
    out.id = *id;
    out.start = find_definition(object, kElapsedTime);
    return out;
}

}  // namespace wpo
