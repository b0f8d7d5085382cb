// SPDX-License-Identifier: Apache-2.0
// Objects a source's block left out (an unsound object never costs the
// others; BlockView::left_out) are told on stderr, one line each, once per
// object per run however many intervals they stay bad, so stdout stays pure
// CSV (query) or the dump/list text:
//
//   perfscope-cli: warning: object "Processor" (238) left out: out of bounds: object #1 at block offset 376: ...
#pragma once

#include "format/block_view.h"
#include "names/name_table.h"

#include <cstdint>
#include <cstdio>
#include <set>

namespace wpo::query {

class LeftOutWarnings {
public:
    LeftOutWarnings(std::FILE* err, const wpo::NameTable& names) : m_err(err), m_names(names) {}

    // Warns about each listed object not warned about before (by its title
    // index), and once per run about objects beyond the list.
    void report(const wpo::LeftOutObjects& left_out);
    std::size_t warned() const { return m_seen.size(); }

private:
    std::FILE* m_err;
    const wpo::NameTable& m_names;
    std::set<std::uint32_t> m_seen;
    bool m_told_unlisted = false;
};

}  // namespace wpo::query
