// SPDX-License-Identifier: Apache-2.0
// Which counters identify an object's instances, the one rule behind both
// instance_names.h (display names, text keys) and instance_identity.h
// (numeric identities): a Thread (232) is its ID Thread (804); any other
// object with an ID Process counter (784: Process, Process Memory Detail, ...)
// has one instance per process and is that PID; the start time, when there
// is one, is the raw Elapsed Time (684), so a reused id is a new instance.
#pragma once

#include "format/object_view.h"

#include <cstdint>
#include <optional>

namespace wpo {

struct InstanceIdCounters {
    enum class Kind : std::uint8_t { none, process, thread };
    Kind kind = Kind::none;
    CounterDefinition id;                    // valid unless kind == none
    std::optional<CounterDefinition> start;  // only with an id
};

InstanceIdCounters instance_id_counters(const ObjectView& object);

}  // namespace wpo
