// SPDX-License-Identifier: Apache-2.0
// Which machine a command reads: this one, or another one named in its paths or objects
// (`\\HOST[:PORT]\Object...`, `\\ssh://[USER@]HOST[:PORT]\Object...`, docs/remote-protocol.md §5), whose
// agent a RemoteSource reaches. One machine per command.
#pragma once

#include "cli/cli_options.h"
#include "core/result.h"
#include "sources/source.h"

#include <memory>
#include <string>

namespace perfscope::cli {

// The other machine the command's counter paths (query, record), object (list) or objects (dump) name,
// or -s names for those that name none, taken out of them so they read as this machine's; empty when they name this machine (no machine,
// "localhost" or this host's name, without a port). Errc::invalid_argument when they name several
// machines, or another machine together with this one.
wpo::Result<std::string> take_remote_machine(Options& options);

// The Source of `machine` (built with the remote library; elsewhere Errc::unsupported).
wpo::Result<std::unique_ptr<wpo::Source>> open_remote_source(const std::string& machine);

}  // namespace perfscope::cli
