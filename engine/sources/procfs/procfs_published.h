// SPDX-License-Identifier: Apache-2.0
// Published objects in the procfs source (docs/publishing.md, "Linux"): the
// objects applications publish with the publishing library (publish/) are
// served beside the built-in ones, in Global (Costly when declared costly)
// and by index, with their names and help texts merged into the source's
// name table. Indices: published/segment_names.h (60000 + 5000 x slot).
//
// Served only over the live /proc (proc_root "/proc"): a fixture tree has
// no publishers, so tests over fixtures see exactly the fixture.
#pragma once

#include "core/result.h"
#include "names/name_table.h"
#include "published/linux_published_set.h"
#include "format/object_query.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::procfs {

class ProcfsPublished {
public:
    ProcfsPublished(const std::string& proc_root, const std::string& published_root);

    // Appends the published objects `query` selects to the finished block in `buffer`.
    Status append(std::string_view query, std::vector<std::byte>& buffer);
    void add_names(NameTable& names);

private:
    bool m_active = false;
    published::LinuxPublishedSet m_set;
    ObjectQuery m_query;
};

}  // namespace wpo::procfs
