// SPDX-License-Identifier: Apache-2.0
// The plain Java API's sampler (org.perfscope.wpo.Sampler): counter paths as
// perfscope-cli and PDH write them ("\Process(java:1234)\% Processor Time",
// "\Processor(*)\*"), resolved by perfscope-cli's own resolver
// (engine/query/query_columns.h), one Custom snapshot entity per path on the
// bridge's shared source and cache.
//
// Paths are resolved once, against a block collected at open: a wildcard
// expands to the instances present then (as typeperf does) and every column
// names its instance by identity, so a column follows its process however
// others start and exit; a column whose instance has gone reads NaN.
//
// sample() runs prepare -> sample -> decode on every entity and writes one
// double per column into caller storage: no heap allocation in steady state.
// Calls are serialised by the sampler's own mutex, so a sampler shared by
// threads is safe (though pointless).
#pragma once

#include "core/result.h"
#include "names/name_table.h"
#include "naming/instance_identity.h"
#include "query/query_sampler.h"
#include "snapshot/snapshot.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace perfscope::jni {

class PathSampler {
public:
    struct Column {
        std::string header;    // \Object(Instance)\Counter as resolved (display instance names)
        std::size_t path = 0;  // which of the paths it came from
    };

    // Errors name the path and what is wrong with it: Errc::invalid_argument
    // for a malformed path, another machine, an instance given for an object
    // without instances (or none given for one with); Errc::not_found for an
    // unknown object, counter or instance.
    static wpo::Result<std::unique_ptr<PathSampler>> open(wpo::SharedSource& source, const wpo::NameTable& names,
                                                          std::span<const std::string> paths,
                                                          const wpo::SnapshotOptions& options);

    const std::vector<Column>& columns() const { return m_columns; }

    // One interval. `values` (one per column) get NaN where there is no valid
    // value (instance gone, first sample of a rate). Returns whether anything
    // anomalous happened (instances came or went, buffers grew).
    wpo::Result<bool> sample(std::span<double> values);

private:
    explicit PathSampler(wpo::query::QuerySampler sampler) : m_sampler(std::move(sampler)) {}

    std::mutex m_mutex;
    wpo::query::QuerySampler m_sampler;  // the CLI's: one Custom entity per path
    std::vector<Column> m_columns;
};

}  // namespace perfscope::jni
