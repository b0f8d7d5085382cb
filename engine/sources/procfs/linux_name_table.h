// SPDX-License-Identifier: Apache-2.0
// The Linux name table: resources/linux-names.txt, compiled into the engine
// (the build turns the file into a string literal; see CMakeLists.txt here).
#pragma once

#include "core/result.h"
#include "names/name_table.h"

#include <string_view>

namespace wpo {

// The text of resources/linux-names.txt as it was at build time.
std::string_view linux_names_text();

// Parses text in the linux-names.txt format (described at its top): each
// entry "<even index> <name>" followed by indented help lines, stored at
// index + 1. An entry without help, an odd or repeated index, a NUL
// character or a stray line is Errc::bad_name_table naming the line.
Result<NameTable> parse_linux_names(std::string_view text);

}  // namespace wpo
