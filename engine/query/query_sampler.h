// SPDX-License-Identifier: Apache-2.0
// The measuring side of `perfscope-cli query`: one Custom snapshot entity per
// counter path (as the desktop app has one per view), all on one SharedSource
// and one PerfObjectCache, so paths on the same object share each interval's
// collection instead of querying the source once each.
//
// Each interval every entity runs prepare -> sample -> decode, and its
// values are laid into the row through the columns' instance identities:
// value positions refer to the instances of that entity's current sample,
// which move as processes start and exit.
#pragma once

#include "query/left_out_warnings.h"
#include "query/query_columns.h"
#include "query/value_cells.h"
#include "snapshot/snapshot.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace wpo::query {

class QuerySampler {
public:
    // Creates one entity per path (each takes its first sample now), in path
    // order. `columns` name their entity by path index. Objects left out of
    // a collected block are told through `warnings` when given (the CLI; the
    // Java sampler has no stderr to write to). The sampler must not outlive
    // `source`, the options' cache or `warnings`.
    static wpo::Result<QuerySampler> create(wpo::SharedSource& source, std::span<const QueryPath> paths,
                                            std::span<const QueryColumn> columns, const wpo::SnapshotOptions& options,
                                            LeftOutWarnings* warnings);

    // One interval: samples every entity and writes one value per column
    // into `values` (at least column_count() long; NaN where there is no
    // valid value: an instance that has gone, a rate across changed
    // definitions). Returns whether anything anomalous happened (instances
    // came or went, buffers grew): not an error. A failed collection or
    // decode is returned as is. No heap allocation in steady state.
    wpo::Result<bool> sample(std::span<double> values);
    // The same, nullopt where there is no valid value (the CLI's rows).
    wpo::Status sample(std::vector<std::optional<double>>& row);

    std::size_t column_count() const { return m_columns; }

    std::size_t entity_count() const { return m_entities.size(); }

private:
    // Where one value of an entity goes. Sorted, so a value finds its column
    // by binary search.
    using Cell = ValueCell;
    struct Entity {
        std::unique_ptr<wpo::Snapshot> snapshot;
        std::uint32_t object = 0;
        std::vector<Cell> cells;
        std::vector<wpo::InstanceIdentity> identities;  // of the current sample, reused
    };

    wpo::Result<bool> sample_entity(Entity& entity, std::span<double> values);

    std::vector<Entity> m_entities;
    LeftOutWarnings* m_warnings = nullptr;
    std::size_t m_columns = 0;
    std::vector<char> m_filled;    // per column, this interval
    std::vector<double> m_values;  // the optional-row overload's scratch
};

}  // namespace wpo::query
