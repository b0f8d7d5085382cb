// SPDX-License-Identifier: Apache-2.0
// A Transport over a child process's standard input and output speaking the --stdio framing
// (docs/remote-protocol.md §4): `ssh host perfscope-cli serve --stdio`. One request line out, one framed
// answer back. POSIX only; elsewhere start() fails with Errc::unsupported.
#pragma once

#include "remote/transport.h"

#include <memory>
#include <string>
#include <vector>

namespace wpo::remote {

class ProcessTransport : public Transport {
public:
    // Runs `argv` (argv[0] looked up in PATH) with its stdin and stdout on one socket; its stderr stays the
    // caller's, so ssh can say why it failed.
    static Result<std::unique_ptr<ProcessTransport>> start(const std::vector<std::string>& argv);
    ~ProcessTransport() override;
    ProcessTransport(const ProcessTransport&) = delete;
    ProcessTransport& operator=(const ProcessTransport&) = delete;

    Result<Reply> get(std::string_view target) override;

private:
    ProcessTransport() = default;
    Status read_exactly(char* data, std::size_t size);
    Result<std::string> read_line();

    int m_pid = -1;
    int m_socket = -1;      // the child's stdin and stdout
    std::string m_what;     // the command, for messages
    std::string m_pending;  // bytes read past a header line
};

}  // namespace wpo::remote
