// SPDX-License-Identifier: Apache-2.0
// The Source of the machine perfscope-cli runs on: HKEY_PERFORMANCE_DATA on
// Windows, /proc (or a captured tree) on Linux.
#pragma once

#include "sources/source.h"

#include <memory>
#include <string>

namespace wpo::query {

// `proc_root` (Linux): read this /proc tree instead of /proc; empty = /proc.
// On Windows it must be empty.
wpo::Result<std::unique_ptr<wpo::Source>> make_platform_source(const std::string& proc_root = {});

}  // namespace wpo::query
