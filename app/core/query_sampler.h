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

#include "query_columns.h"
#include "snapshot/snapshot.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace perfscope::core {

class QuerySampler {
public:
    // Creates one entity per path (each takes its first sample now), in path
    // order. `columns` name their entity by path index. The sampler must not
    // outlive `source` or the options' cache.
    static wpo::Result<QuerySampler> create(wpo::SharedSource& source, std::span<const QueryPath> paths,
                                            std::span<const QueryColumn> columns, const wpo::SnapshotOptions& options);

    // One interval: samples every entity and fills `row` (one cell per
    // column; nullopt where there is no valid value: an instance that has
    // gone, a rate across changed definitions). A failed collection or decode
    // is returned as is; anomalies (instances changed, buffers grown) are not
    // errors.
    wpo::Status sample(std::vector<std::optional<double>>& row);

    std::size_t entity_count() const { return m_entities.size(); }

private:
    // Where one value of an entity goes. Sorted, so a value finds its column
    // by binary search.
    struct Cell {
        std::uint32_t counter = 0;
        bool has_instance = false;
        wpo::InstanceIdentity instance;
        std::size_t column = 0;

        friend auto operator<=>(const Cell&, const Cell&) = default;
    };
    struct Entity {
        std::unique_ptr<wpo::Snapshot> snapshot;
        std::uint32_t object = 0;
        std::vector<Cell> cells;
        std::vector<wpo::InstanceIdentity> identities;  // of the current sample, reused
    };

    wpo::Status sample_entity(Entity& entity, std::vector<std::optional<double>>& row);

    std::vector<Entity> m_entities;
    std::size_t m_columns = 0;
    std::vector<bool> m_filled;  // per column, this interval
};

}  // namespace perfscope::core
