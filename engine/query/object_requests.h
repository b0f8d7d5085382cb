// SPDX-License-Identifier: Apache-2.0
// What all paths on one object need together. A sampler (perfscope-cli's
// QuerySampler, the Java binding's PathSampler) makes one snapshot entity per
// path, and every entity on an object asks for the union of what that
// object's paths need: they then share one collection per interval (one
// moment per row), and with SnapshotOptions::collect_only_requested the
// source reads only what some path needs (procfs skips the files of counters
// and processes nobody asked for).
#pragma once

#include "query/path_resolution.h"
#include "snapshot/snapshot_types.h"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace wpo::query {

// Per object index, the requests every entity on it asks for: each counter a
// path names (or 0, every counter, when one path wants them all) for each
// process a path names (or 0, every process).
std::map<std::uint32_t, std::vector<CounterRequest>> requests_by_object(std::span<const QueryPath> paths);

}  // namespace wpo::query
