// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/procfs_published.h"

#include "format/block_builder.h"
#include "published/segment_names.h"

#include <algorithm>

namespace wpo::procfs {

ProcfsPublished::ProcfsPublished(const std::string& proc_root, const std::string& published_root)
    : m_active(proc_root == "/proc" && !published_root.empty()), m_set(published_root)
{}

Status ProcfsPublished::append(std::string_view query, std::vector<std::byte>& buffer)
{
    if (!m_active || buffer.empty())
        return {};
    if (auto parsed = m_query.parse(query); !parsed)
        return parsed.error();
    // An index list names published objects only in their range: a sampler of
    // the built-in objects ("230 232") does not list the segment directory.
    if (m_query.kind() == ObjectQuery::Kind::list &&
        std::none_of(m_query.indices().begin(), m_query.indices().end(), [](std::uint32_t i) {
            return i >= published::kLinuxFirstIndex && i <= published::kLinuxLastIndex;
        }))
        return {};
    m_set.refresh();
    if (m_set.segments().empty())
        return {};
    BlockBuilder b(buffer);
    b.resume();
    m_set.append(b, m_query);
    b.finish();
    return {};
}

void ProcfsPublished::add_names(NameTable& names)
{
    if (!m_active)
        return;
    m_set.refresh();
    m_set.add_names(names);
}

}  // namespace wpo::procfs
