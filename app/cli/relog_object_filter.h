// SPDX-License-Identifier: Apache-2.0
// relog -f bin -c: what of each raw data block the counter paths need. Objects
// no path names are dropped (a named object's parent objects stay, so that
// instance names still resolve), and so are instances no path selects:
//   - a path with the wildcard instance "(*)", or without an instance part,
//     keeps every instance of its object;
//   - a path naming an instance keeps the instances it selects, as query
//     resolves it in that block. A name that can depend on the other
//     instances ("svchost#1", or a raw name "bash" that means the first bash)
//     keeps every instance of that name under that parent, so it selects the
//     same one in the output; "_Total" is kept only when a path names it;
//   - an object that is the parent of another kept object's instances is
//     kept whole (the children point at their parents by position).
// A kept instance keeps every counter. The instances are chosen anew in every
// block, as processes come and go.
#pragma once

#include "core/result.h"
#include "format/block_view.h"
#include "names/name_table.h"
#include "naming/counter_path.h"
#include "recording/block_cut.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace perfscope::cli {

// `wanted` plus the parent objects their instances name (Thread's Process),
// as found in `block`, so instance names still resolve.
std::set<std::uint32_t> with_parent_objects(const wpo::BlockView& block, std::set<std::uint32_t> wanted);

class RelogObjectFilter {
public:
    // The paths' objects resolved by name; an object the first block does
    // not hold is an error naming it.
    static wpo::Result<RelogObjectFilter> make(const std::vector<std::string>& paths, const wpo::NameTable& names,
                                               const wpo::BlockView& first, const std::string& file);

    // The objects kept (named and their parents), ascending.
    const std::set<std::uint32_t>& objects() const { return m_objects; }
    // The block with only what the paths need.
    void cut(const wpo::BlockView& block, std::vector<std::byte>& out);

private:
    // Per named object, the paths that name instances of it; an empty list
    // keeps the object whole.
    std::map<std::uint32_t, std::vector<wpo::CounterPath>> m_paths;
    std::set<std::uint32_t> m_objects;
    std::vector<wpo::recording::ObjectCut> m_cuts;
};

}  // namespace perfscope::cli
