// SPDX-License-Identifier: Apache-2.0
#include "query/value_cells.h"

#include <algorithm>
#include <tuple>

namespace wpo::query {
namespace {

std::tuple<std::uint32_t, bool, InstanceIdentity> key_of(std::uint32_t counter, bool has_instance,
                                                         const InstanceIdentity& instance)
{
    return {counter, has_instance, instance};
}

}  // namespace

void place_values(std::span<const CalculatedValue> values, const std::vector<InstanceIdentity>& identities,
                  const std::vector<ValueCell>& cells, std::vector<char>& filled, std::span<double> out)
{
    for (const CalculatedValue& v : values) {
        const bool has_instance = v.instance >= 0;
        if (has_instance && static_cast<std::size_t>(v.instance) >= identities.size())
            continue;  // positions index the same sample's identities; never trust that blindly
        const InstanceIdentity instance =
            has_instance ? identities[static_cast<std::size_t>(v.instance)] : InstanceIdentity{};
        const auto key = key_of(v.counter_index, has_instance, instance);
        auto cell = std::lower_bound(cells.begin(), cells.end(), key, [](const ValueCell& c, const auto& k) {
            return key_of(c.counter, c.has_instance, c.instance) < k;
        });
        for (; cell != cells.end() && key_of(cell->counter, cell->has_instance, cell->instance) == key; ++cell) {
            if (filled[cell->column])
                continue;
            filled[cell->column] = 1;
            if (v.value.valid())
                out[cell->column] = v.value.as_double();
        }
    }
}

}  // namespace wpo::query
