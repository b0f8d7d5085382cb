// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <filesystem>

namespace perfscope::bench {

// The size of `file` compressed by `xz -9` (the offline floor the recording benchmarks compare with); 0 when
// xz cannot be run.
std::uint64_t xz9_bytes(const std::filesystem::path& file);

}  // namespace perfscope::bench
