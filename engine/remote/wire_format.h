// SPDX-License-Identifier: Apache-2.0
// The bodies of the agent's answers (docs/remote-protocol.md §2, §3), written and read the same way on
// both sides. Readers check every length against what is left before using it.
#pragma once

#include "core/result.h"
#include "remote/remote_protocol.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::remote {

struct NamesReply {
    std::string machine;                   // the agent's host name
    std::string os;                        // "Linux", "Windows"
    std::vector<std::byte> counter_table;  // REG_MULTI_SZ, UTF-16LE (NameTable::counter_multi_sz)
    std::vector<std::byte> help_table;
};

void write_names_reply(const NamesReply& reply, std::string& out);
Result<NamesReply> read_names_reply(std::string_view body);

// Appends the header and the frame.
void write_block_reply(const BlockReplyHeader& header, std::span<const std::byte> frame, std::string& out);

struct BlockReplyView {
    BlockReplyHeader header;
    std::span<const std::byte> frame;  // into the body read
};
Result<BlockReplyView> read_block_reply(std::string_view body);

// Percent-encoding of a query parameter's value (unreserved characters, '/', ':' and ',' as they are; every
// other byte escaped, a space as %20), and its reverse, which refuses a malformed escape. '+' is itself,
// as cpp-httplib reads query strings.
std::string percent_encode(std::string_view text);
Result<std::string> percent_decode(std::string_view text);

}  // namespace wpo::remote
