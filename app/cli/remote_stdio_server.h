// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve --stdio`: the remote endpoints over a byte stream instead of HTTP, for a client
// that runs the agent through ssh (no port opened, ssh's authentication). One request line in, one
// framed answer out (docs/remote-protocol.md §4), until the input ends or a stop is requested.
#pragma once

#include "cli/remote_endpoint.h"
#include "core/result.h"

namespace perfscope::cli {

// Serves requests read from `in_fd` with answers written to `out_fd`. Returns when the input ends
// (the client went away), or with an error when the output cannot be written.
wpo::Status serve_stdio(RemoteEndpoint& endpoint, int in_fd, int out_fd);

}  // namespace perfscope::cli
