// SPDX-License-Identifier: Apache-2.0
#include "cli/relog_object_filter.h"

#include "core/byte_io.h"
#include "format/layout.h"

namespace perfscope::cli {

std::set<std::uint32_t> with_parent_objects(const wpo::BlockView& block, std::set<std::uint32_t> wanted)
{
    std::set<std::uint32_t> parents;
    for (const wpo::ObjectView& object : block.objects()) {
        if (!wanted.contains(object.name_index()))
            continue;
        for (const wpo::InstanceView& instance : object.instances())
            if (instance.parent_object_index() != 0)
                parents.insert(instance.parent_object_index());
    }
    wanted.insert(parents.begin(), parents.end());
    return wanted;
}

void keep_objects(const wpo::BlockView& block, const std::set<std::uint32_t>& wanted, std::vector<std::byte>& out)
{
    const std::span<const std::byte> bytes = block.bytes();
    const std::uint32_t header_length = block.header().header_length;
    out.assign(bytes.begin(), bytes.begin() + header_length);
    std::uint32_t kept = 0;
    for (const wpo::ObjectView& object : block.objects()) {
        if (!wanted.contains(object.name_index()))
            continue;
        out.insert(out.end(), object.bytes().begin(), object.bytes().end());
        ++kept;
    }
    wpo::store<std::uint32_t>(out.data() + wpo::layout::block::kTotalByteLength,
                              static_cast<std::uint32_t>(out.size()));
    wpo::store<std::uint32_t>(out.data() + wpo::layout::block::kNumObjectTypes, kept);
}

}  // namespace perfscope::cli
