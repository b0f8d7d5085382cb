// SPDX-License-Identifier: Apache-2.0
// Reads a whole file of outside input (logs, counter sets) into memory, with
// a size cap so a wrong file cannot exhaust memory. Errors name the file:
// not_found, permission_denied, io_error, too_large.
#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>

namespace perfscope::files {

wpo::Result<std::string> read_text_file(const std::string& path, std::uint64_t max_bytes);

}  // namespace perfscope::files
