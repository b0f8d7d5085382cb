// SPDX-License-Identifier: Apache-2.0
// Unique, stable names for the instances of one object in one block
// (docs/performance-data-format.md §12).
//
// Windows names duplicate instances "svchost", "svchost#1", ... by position,
// and the numbers shift when a process exits. We name a Process instance
// "name:pid" (as Windows 11's Process V2 does; so is an instance of any other
// object with an ID Process counter, e.g. Process Memory Detail) and a Thread instance
// "process:pid/tid", taking the ids from the ID Process (784) and ID Thread
// (804) counters; every other instance is "parent/name" with PerfMon's "#N"
// for the 2nd, 3rd, ... duplicate. `key` identifies the same instance in the
// next sample: PID or TID plus start time, so a reused PID is a new instance.
#pragma once

#include "format/block_view.h"
#include "naming/counter_path.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wpo {

namespace well_known {
inline constexpr std::uint32_t kProcessObject = 230;
inline constexpr std::uint32_t kThreadObject = 232;
inline constexpr std::uint32_t kIdProcess = 784;
inline constexpr std::uint32_t kIdThread = 804;
inline constexpr std::uint32_t kElapsedTime = 684;
}  // namespace well_known

struct InstanceName {
    std::string name;                 // as in the block
    std::string parent;               // the parent's display name; empty without parent
    std::string parent_name;          // the parent's raw name
    std::string display;              // unique within the object in this block
    std::uint32_t occurrence = 0;     // among instances with the same parent/name, in block order
    std::string key;                  // identity across samples
    std::optional<std::uint64_t> id;  // PID of a process, TID of a thread (not of _Total)
};

// Names of every instance of `object`, in block order. Parents are looked up
// in the same block (docs/performance-data-format.md §12.2); a missing parent leaves `parent` empty.
std::vector<InstanceName> instance_names(const BlockView& block, const ObjectView& object);

// Positions of the instances a path's instance part selects, as PDH resolves
// it: "*" (optionally under a parent), a display name ("bash:1234",
// "svchost#1"), or a raw name with an optional "#N" (the N-th instance of that
// name, 0-based). Case-insensitive.
std::vector<std::uint32_t> match_instances(const std::vector<InstanceName>& names, const CounterPath& path);

// The instance part of a JPMF sensor name (sensor_name.h): a Process
// instance is named by its PID alone (docs/snapshots-and-cache.md §6), since image names repeat
// and a sensor must keep its name while others start and exit; every other
// instance, _Total included, by its display name.
std::string sensor_instance_name(std::uint32_t object_index, const InstanceName& name);

}  // namespace wpo
