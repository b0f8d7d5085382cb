// SPDX-License-Identifier: Apache-2.0
// What the remote protocol reads from outside (docs/remote-protocol.md): on the agent, a --stdio request
// line (parse_request_line) routed by RemoteEndpoint over a test source; on the client, the agent's answers
// (read_names_reply, read_block_reply, and a RemoteSource decoding whatever a transport returns) and machine
// names (MachineAddress::parse). Each gives a value or an Error; what is accepted keeps its promises.
#include "cli/remote_endpoint.h"
#include "cli/remote_request.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "remote/machine_address.h"
#include "remote/remote_protocol.h"
#include "remote/remote_source.h"
#include "remote/wire_format.h"
#include "test_source.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

wpo::TestSource& machine()
{
    static wpo::TestSource source = [] {
        wpo::TestObject m{.name_index = 4};
        m.counters = {{24, 25, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT}};
        m.values = {4096};
        wpo::TestObject p{.name_index = 230, .has_instances = true};
        p.counters = {{180, 181, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT}};
        p.instances = {{"a", {1}}, {"b", {2}}};
        wpo::NameTable names;
        names.set_name(4, "Memory");
        names.set_name(230, "Process");
        return wpo::TestSource({m, p}, names);
    }();
    return source;
}

// Answers every request with the fuzzer's bytes, as an agent gone wrong would.
class EchoTransport : public wpo::remote::Transport {
public:
    explicit EchoTransport(std::string_view body) : m_body(body) {}
    wpo::Result<wpo::remote::Reply> get(std::string_view) override { return wpo::remote::Reply{200, m_body}; }

private:
    std::string m_body;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    // The agent: the first line as a request.
    static const wpo::NameTable names = *machine().load_names();
    static perfscope::cli::RemoteEndpoint endpoint(machine(), names, "fuzz", std::chrono::nanoseconds(0));
    const std::string_view line = text.substr(0, text.find('\n'));
    auto request = perfscope::cli::parse_request_line(line);
    if (!request) {
        check(!request.error().message().empty());
    } else {
        check(!request->method.empty() && request->path.starts_with('/'));
        check(request->params.size() <= wpo::remote::kMaxParameters);
        perfscope::cli::RemoteAnswer answer;
        machine().advance_seconds(1);
        endpoint.handle(*request, answer);
        check(answer.status == 200 || answer.status == 400 || answer.status == 404 || answer.status == 405);
        check(!answer.body.empty());
        if (answer.status == 200 && request->path == wpo::remote::kCollectPath)
            check(static_cast<bool>(wpo::remote::read_block_reply(answer.body)));
        if (answer.status == 200 && request->path == wpo::remote::kNamesPath)
            check(static_cast<bool>(wpo::remote::read_names_reply(answer.body)));
    }

    // The client: the whole input as an answer.
    if (auto names_reply = wpo::remote::read_names_reply(text)) {
        std::string again;
        wpo::remote::write_names_reply(*names_reply, again);
        check(again == text);
    }
    if (auto block_reply = wpo::remote::read_block_reply(text)) {
        std::string again;
        wpo::remote::write_block_reply(block_reply->header, block_reply->frame, again);
        check(again.size() == text.size());
        check(block_reply->header.raw_length > 0 && block_reply->header.raw_length <= wpo::recording::kMaxBlockBytes);
    }
    wpo::remote::RemoteSource source("fuzz", [text]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
        return std::unique_ptr<wpo::remote::Transport>(std::make_unique<EchoTransport>(text));
    });
    std::vector<std::byte> block;
    if (wpo::Status collected = source.collect("4", block); collected)
        check(static_cast<bool>(wpo::BlockView::parse(block)));
    else
        check(block.empty() && !collected.error().message().empty());

    // Machine names.
    if (auto address = wpo::remote::MachineAddress::parse(text)) {
        check(!address->host.empty() && address->host.find('/') == std::string::npos);
        check(address->port >= 0 && address->port <= 65535);
        check(address->kind == wpo::remote::MachineAddress::Kind::ssh || address->port > 0);
    }
    if (auto decoded = wpo::remote::percent_decode(text))
        check(decoded->size() <= text.size());
    return 0;
}
