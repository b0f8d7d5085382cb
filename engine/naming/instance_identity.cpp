// SPDX-License-Identifier: Apache-2.0
#include "naming/instance_identity.h"

#include "core/byte_io.h"
#include "naming/instance_id_counters.h"
#include "naming/instance_names.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string_view>

namespace wpo {
namespace {

using namespace well_known;
using Kind = InstanceIdentity::Kind;

constexpr std::uint64_t kFnvBasis = 0xcbf29ce484222325;
constexpr std::uint64_t kFnvPrime = 0x100000001b3;
constexpr std::uint32_t kSeparator = '/';

// One UTF-16 code unit, lower-cased as PDH compares (ASCII only), fed to
// FNV-1a as its two little-endian bytes. An 8-bit name is widened first, so
// a name hashes alike whatever its object's CodePage: a Thread's parent may
// come from an object stored the other way.
std::uint64_t hash_unit(std::uint64_t h, std::uint32_t unit)
{
    if (unit >= 'A' && unit <= 'Z')
        unit += 'a' - 'A';
    h = (h ^ (unit & 0xFF)) * kFnvPrime;
    return (h ^ (unit >> 8)) * kFnvPrime;
}

// `wide`: CodePage 0, the name is UTF-16LE; otherwise one byte per unit.
std::uint64_t hash_name(std::uint64_t h, std::span<const std::byte> name, bool wide)
{
    if (wide) {
        for (std::size_t i = 0; i + 1 < name.size(); i += 2)
            h = hash_unit(h, load<std::uint16_t>(name.data() + i));
    } else {
        for (const std::byte b : name)
            h = hash_unit(h, std::to_integer<std::uint32_t>(b));
    }
    return h;
}

// instance_names compares the UTF-8 name with "_Total" exactly, so do we.
bool is_total(std::span<const std::byte> name, bool wide)
{
    constexpr std::string_view kTotal = "_Total";
    const std::size_t unit = wide ? 2 : 1;
    if (name.size() != kTotal.size() * unit)
        return false;
    for (std::size_t i = 0; i < kTotal.size(); ++i) {
        const std::uint32_t u =
            wide ? load<std::uint16_t>(name.data() + 2 * i) : std::to_integer<std::uint32_t>(name[i]);
        if (u != static_cast<unsigned char>(kTotal[i]))
            return false;
    }
    return true;
}

// The hash state after "parent name /" for every instance of the parent
// object, indexed by ParentObjectInstance; empty if the block lacks it.
void hash_parent_names(const BlockView& block, std::uint32_t parent_index, std::vector<std::uint64_t>& out)
{
    out.clear();
    const auto parent = block.find_object(parent_index);
    if (!parent)
        return;
    const bool wide = parent->header().code_page == 0;
    for (const InstanceView& instance : parent->instances())
        out.push_back(hash_unit(hash_name(kFnvBasis, instance.name_bytes(), wide), kSeparator));
}

// Sorts positions by identity, ties by position, so that duplicates keep
// their order of appearance. std::sort, not std::stable_sort: the latter
// allocates a buffer.
void sort_by_identity(std::span<std::uint32_t> order, std::span<const InstanceIdentity> identities)
{
    std::iota(order.begin(), order.end(), 0u);
    const auto less = [&](std::uint32_t a, std::uint32_t b) {
        const auto c = identities[a] <=> identities[b];
        return c != 0 ? c < 0 : a < b;
    };
    // Sources list processes and threads in id order (/proc does), so the
    // common case is already sorted: one linear pass instead of a sort.
    if (!std::is_sorted(order.begin(), order.end(), less))
        std::sort(order.begin(), order.end(), less);
}

}  // namespace

void InstanceIdentifier::identify(const BlockView& block, const ObjectView& object, std::vector<InstanceIdentity>& out)
{
    out.resize(object.instance_count());
    m_order.clear();
    if (out.empty())
        return;

    // By id where there is one: names repeat ("svchost") and #N shifts when
    // one exits (instance_id_counters.h).
    const InstanceIdCounters ids = instance_id_counters(object);
    const Kind id_kind = ids.kind == InstanceIdCounters::Kind::thread ? Kind::thread : Kind::process;
    const bool wide = object.header().code_page == 0;

    // Windows gives all instances of an object the same parent object, so
    // the parent's hashes are computed once; should the parent index change
    // mid-object (only malformed data does that) they are recomputed.
    std::uint32_t hashed_parent = 0;
    std::uint32_t i = 0;
    for (const InstanceView& instance : object.instances()) {
        const std::span<const std::byte> name = instance.name_bytes();
        InstanceIdentity& identity = out[i];
        if (ids.kind != InstanceIdCounters::Kind::none && !is_total(name, wide)) {
            const CounterBlock& values = instance.counters();
            identity = {id_kind, values.value(ids.id), ids.start ? values.value(*ids.start) : 0};
        } else if (instance.unique_id() != layout::kNoUniqueId) {
            identity = {Kind::unique_id, static_cast<std::uint32_t>(instance.unique_id()), 0};
        } else {
            std::uint64_t h = hash_unit(kFnvBasis, kSeparator);
            const std::uint32_t parent = instance.parent_object_index();
            if (parent != 0) {
                if (parent != hashed_parent) {
                    hash_parent_names(block, parent, m_parent_hashes);
                    hashed_parent = parent;
                }
                if (instance.parent_instance() < m_parent_hashes.size())
                    h = m_parent_hashes[instance.parent_instance()];
            }
            identity = {Kind::name, hash_name(h, name, wide), 0};
            m_order.push_back(i);
        }
        ++i;
    }

    // Occurrence = rank among equal hashes in block order: sort (hash,
    // position) and number each run, O(n log n) without a map.
    std::sort(m_order.begin(), m_order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return out[a].id != out[b].id ? out[a].id < out[b].id : a < b; });
    for (std::size_t k = 0; k < m_order.size();) {
        const std::uint64_t hash = out[m_order[k]].id;
        for (std::uint64_t occurrence = 0; k < m_order.size() && out[m_order[k]].id == hash; ++k)
            out[m_order[k]].start = occurrence++;
    }
}

bool InstanceIdentifier::pair(std::span<const InstanceIdentity> previous, std::span<const InstanceIdentity> current,
                              std::vector<std::int32_t>& previous_of)
{
    previous_of.resize(current.size());
    // The common case, nothing started or exited: same identities in the same order.
    if (std::equal(previous.begin(), previous.end(), current.begin(), current.end())) {
        std::iota(previous_of.begin(), previous_of.end(), 0);
        return false;
    }
    std::fill(previous_of.begin(), previous_of.end(), -1);

    m_order.resize(previous.size() + current.size());
    const std::span<std::uint32_t> old_order = std::span(m_order).first(previous.size());
    const std::span<std::uint32_t> new_order = std::span(m_order).subspan(previous.size());
    sort_by_identity(old_order, previous);
    sort_by_identity(new_order, current);

    std::size_t p = 0;
    std::size_t c = 0;
    std::size_t matched = 0;
    while (p < old_order.size() && c < new_order.size()) {
        const auto order = previous[old_order[p]] <=> current[new_order[c]];
        if (order < 0) {
            ++p;
        } else if (order > 0) {
            ++c;
        } else {
            previous_of[new_order[c]] = static_cast<std::int32_t>(old_order[p]);
            ++p;
            ++c;
            ++matched;
        }
    }
    return matched != previous.size() || matched != current.size();
}

}  // namespace wpo
