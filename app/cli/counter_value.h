// Decoding one counter of one instance from two samples, and formatting the
// result the way the CLI prints it. Shared by `dump` and `query`.
#pragma once

#include "decode/object_layout.h"
#include "format/block_view.h"

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

// "42", "0x0000002a" (hex types), "12.500000", or "(first sample)".
std::string format_value(const wpo::Value& value, std::uint32_t type);

}  // namespace perfscope::cli
