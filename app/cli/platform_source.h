// The Source of the machine perfscope-cli runs on: HKEY_PERFORMANCE_DATA on
// Windows, /proc (or --proc-root) on Linux.
#pragma once

#include "cli_options.h"
#include "sources/source.h"

#include <memory>

namespace perfscope::cli {

wpo::Result<std::unique_ptr<wpo::Source>> make_platform_source(const Options& options);

}  // namespace perfscope::cli
