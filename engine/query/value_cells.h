// SPDX-License-Identifier: Apache-2.0
// Where a sampled value goes: the columns of a sampler (perfscope-cli's
// QuerySampler, the Java binding's PathSampler) are cells keyed by counter
// and instance identity, and a snapshot's values are placed into them by that
// key. Identity, not position: an instance that moved in the block keeps its
// column, and a column whose instance has gone gets no value.
#pragma once

#include "naming/instance_identity.h"
#include "snapshot/snapshot_types.h"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace wpo::query {

struct ValueCell {
    std::uint32_t counter = 0;
    bool has_instance = false;
    InstanceIdentity instance;
    std::size_t column = 0;

    // Cells sorted with this order are sorted by their key (column is last).
    friend auto operator<=>(const ValueCell&, const ValueCell&) = default;
};

// Writes each of `values` (one object's, positions into `identities`) into the
// columns of the cells with its key: `cells` sorted, `out` and `filled` one
// element per column. A column already filled keeps its value: two instances
// sharing an identity (malformed data) or a counter defined twice, the first
// value wins, as PDH takes the first match. An invalid value marks its column
// filled and leaves `out` as it was.
void place_values(std::span<const CalculatedValue> values, const std::vector<InstanceIdentity>& identities,
                  const std::vector<ValueCell>& cells, std::vector<char>& filled, std::span<double> out);

}  // namespace wpo::query
