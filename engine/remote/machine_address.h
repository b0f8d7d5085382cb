// SPDX-License-Identifier: Apache-2.0
// A remote machine as a counter path names it (`\\MACHINE\Object\Counter`, docs/remote-protocol.md §5):
//   HOST, HOST:PORT, [IPv6]:PORT        the agent over HTTP (port 9654 unless given)
//   https://HOST[:PORT]                 the agent over TLS (an agent with a --web-config certificate)
//   ssh://[USER@]HOST[:PORT]            `perfscope-cli serve --stdio` run on HOST through the system's ssh
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace wpo::remote {

struct MachineAddress {
    enum class Kind { http, https, ssh };
    Kind kind = Kind::http;
    std::string host;  // without brackets
    int port = 0;      // 0 with ssh: ssh's own default
    std::string user;  // ssh only; empty: ssh's default

    static Result<MachineAddress> parse(std::string_view machine);

    // What HTTP and HTTPS agents ask of a client, from the environment as the ssh command is (null: unset):
    // PERFSCOPE_REMOTE_CA, a PEM file of the certificates that may sign the agent's (default: the system's);
    // PERFSCOPE_REMOTE_USER and PERFSCOPE_REMOTE_PASSWORD, basic auth (sent over https:// only).
    struct Credentials {
        std::string ca_file;
        std::string user;
        std::string password;
    };
    static Credentials credentials_from(const char* ca_env, const char* user_env, const char* password_env);

    // The command a ssh:// machine runs: `ssh` (or $PERFSCOPE_SSH, split at spaces) -o BatchMode=yes
    // [-p PORT] [USER@]HOST -- `perfscope-cli` (or $PERFSCOPE_REMOTE_CLI) serve --stdio.
    std::vector<std::string> ssh_command(const char* ssh_env, const char* remote_cli_env) const;
};

}  // namespace wpo::remote
