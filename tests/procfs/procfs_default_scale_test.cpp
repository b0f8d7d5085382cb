// SPDX-License-Identifier: Apache-2.0
// Every counter the procfs source defines has the DefaultScale that
// docs/procfs-source.md gives it ("Default scales"), and every documented row
// is a counter the source defines: the table is read from the document, so
// a change on one side alone fails here.
#include "format/counter_type.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"
#include "sources/procfs/procfs_source.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <utility>

namespace wpo {
namespace {

namespace ix = procfs_index;
using Key = std::pair<std::string, std::string>;  // object, counter

// "| Memory | Available Bytes | -6 | ..." rows under the "Default scales" heading.
std::map<Key, int> documented()
{
    std::ifstream in(PERFSCOPE_PROCFS_DOC);
    EXPECT_TRUE(in) << PERFSCOPE_PROCFS_DOC;
    std::map<Key, int> out;
    bool inside = false;
    const std::regex row(R"(^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*(-?\d+)\s*\|)");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0)
            inside = line == "## Default scales";
        std::smatch m;
        if (inside && std::regex_search(line, m, row))
            out[{m[1], m[2]}] = std::stoi(m[3]);
    }
    return out;
}

bool is_base(std::uint32_t type)
{
    using namespace counter_type;
    return (type & kSubtypeMask) == kCounterBase && (type & kTypeMask) == kTypeCounter;
}

TEST(ProcfsDefaultScale, DefinitionsMatchTheDocumentedTable)
{
    ProcfsSource source;
    auto names = source.load_names();
    ASSERT_TRUE(names.ok());
    const std::pair<std::uint32_t, std::span<const procfs::CounterDef>> objects[] = {
        {ix::kSystem, procfs::kSystemCounters},
        {ix::kMemory, procfs::kMemoryCounters},
        {ix::kProcessor, procfs::kProcessorCounters},
        {ix::kProcess, procfs::kProcessCounters},
        {ix::kThread, procfs::kThreadCounters},
        {ix::kPhysicalDisk, procfs::kDiskCounters},
        {ix::kLogicalDisk, procfs::kLogicalDiskCounters},
        {ix::kNetworkInterface, procfs::kNetworkCounters},
        {ix::kProcessMemoryDetail, procfs::kDetailCounters},
    };
    std::map<Key, int> table = documented();
    ASSERT_GT(table.size(), 50u);  // the document still has its table
    for (const auto& [object, defs] : objects) {
        const std::string object_name(names->name(object));
        for (const procfs::CounterDef& d : defs) {
            // Bases and time stamps are not shown; their scale stays 0.
            if (is_base(d.type)) {
                EXPECT_EQ(d.default_scale, 0) << object_name << " base of " << names->name(d.index);
                continue;
            }
            const Key key{object_name, std::string(names->name(d.index))};
            auto it = table.find(key);
            ASSERT_NE(it, table.end()) << key.first << "\\" << key.second << " is not in the document's table";
            EXPECT_EQ(d.default_scale, it->second) << key.first << "\\" << key.second;
            table.erase(it);
        }
    }
    for (const auto& [key, scale] : table)
        ADD_FAILURE() << key.first << "\\" << key.second << " is documented but not defined";
}

}  // namespace
}  // namespace wpo
