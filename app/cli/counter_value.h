// SPDX-License-Identifier: Apache-2.0
// Decoding one counter of one instance from two samples, and formatting the
// result the way the CLI prints it. Shared by `dump` and `query`.
#pragma once

#include "decode/object_layout.h"
#include "format/block_view.h"
#include "names/name_table.h"

#include <map>

#include <optional>
#include <string>

namespace perfscope::cli {

// The instance's (or single-instance object's) counter block plus the object
// and block it belongs to.
struct CounterSource {
    const wpo::BlockView* block = nullptr;
    wpo::ObjectView object;
    wpo::CounterBlock counters;
};

wpo::Value decode_counter(const wpo::CounterLayout& layout, const CounterSource& current,
                          const std::optional<CounterSource>& previous, const wpo::DecodeOptions& options);

// Counter blocks of an object by instance identity (InstanceName::key), so
// two samples pair up however instances moved; a single-instance object has
// its one block under "".
std::map<std::string, wpo::CounterBlock> counter_blocks_by_key(const wpo::BlockView& block,
                                                               const wpo::ObjectView& object);

// The object's or counter's name, or "#index" when the table has none.
std::string name_or_index(const wpo::NameTable& names, std::uint32_t index);

// "42", "0x0000002a" (hex types), "12.500000", or "(first sample)".
std::string format_value(const wpo::Value& value, std::uint32_t type);

}  // namespace perfscope::cli
