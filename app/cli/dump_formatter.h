// SPDX-License-Identifier: Apache-2.0
// The text of `perfscope-cli dump`, after Matt Pietrek's PERFENUM tool ("Under
// the Hood", Microsoft Systems Journal, 1996): every object,
// instance by instance, counter by counter, with raw values, the counter type
// and the decoded value. Deterministic for given blocks, so golden tests diff
// it.
#pragma once

#include "decode/decoder.h"
#include "format/block_view.h"
#include "names/name_table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfscope::cli {

// `previous` (may be null) is the older sample for two-sample counter types;
// `objects` selects object indices in that order, empty = all in block order.
std::string format_dump(const wpo::NameTable& names, const wpo::BlockView& current, const wpo::BlockView* previous,
                        const std::vector<std::uint32_t>& objects, const wpo::DecodeOptions& options);

}  // namespace perfscope::cli
