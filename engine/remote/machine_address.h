// SPDX-License-Identifier: Apache-2.0
// A remote machine as a counter path names it (`\\MACHINE\Object\Counter`, docs/remote-protocol.md §5):
//   HOST, HOST:PORT, [IPv6]:PORT        the agent over HTTP (port 9654 unless given)
//   ssh://[USER@]HOST[:PORT]            `perfscope-cli serve --stdio` run on HOST through the system's ssh
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace wpo::remote {

struct MachineAddress {
    enum class Kind { http, ssh };
    Kind kind = Kind::http;
    std::string host;  // without brackets
    int port = 0;      // 0 with ssh: ssh's own default
    std::string user;  // ssh only; empty: ssh's default

    static Result<MachineAddress> parse(std::string_view machine);

    // The command a ssh:// machine runs: `ssh` (or $PERFSCOPE_SSH, split at spaces) -o BatchMode=yes
    // [-p PORT] [USER@]HOST -- `perfscope-cli` (or $PERFSCOPE_REMOTE_CLI) serve --stdio.
    std::vector<std::string> ssh_command(const char* ssh_env, const char* remote_cli_env) const;
};

}  // namespace wpo::remote
