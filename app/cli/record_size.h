// SPDX-License-Identifier: Apache-2.0
// record --max-size: a size in bytes, as a whole or decimal number with an
// optional K, M, G or T (powers of 1024, "KiB" and "KB" alike), e.g. 100M,
// 1.5G or 65536.
#pragma once

#include "core/result.h"

#include <cstdint>
#include <string_view>

namespace perfscope::cli {

// At most 1024 TiB; Errc::invalid_argument for anything else, naming `flag`.
wpo::Result<std::uint64_t> parse_size(std::string_view flag, std::string_view text);

}  // namespace perfscope::cli
