// SPDX-License-Identifier: Apache-2.0
// perfscope-cli's command line: the input, split at NUL bytes, is argv.
// parse_options and CounterPath::parse must give a value or an Error for any
// text; a path that parses prints back to text that parses to the same path;
// wpo::query::parse_interval (-si, the app's --interval) gives 0.1 s to a year or an Error;
// relog's counter file (the whole input as its text) gives paths or an Error naming a line, and
// its column matching takes any two arguments; parse_size (record --max-size) gives 1 byte to
// 1024 TiB or an Error.
#include "cli/cli_options.h"
#include "cli/record_size.h"
#include "cli/relog_options.h"
#include "query/interval.h"
#include "naming/counter_path.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> args(1);
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0)
            args.emplace_back();
        else
            args.back() += static_cast<char>(data[i]);
    }
    auto options = perfscope::cli::parse_options(args);
    if (!options)
        check(options.error().code() == wpo::Errc::invalid_argument && !options.error().message().empty());

    auto listed = perfscope::cli::parse_counter_list(std::string_view(reinterpret_cast<const char*>(data), size));
    if (listed) {
        for (const std::string& path : *listed)
            check(!path.empty() && path.front() == '\\');
    } else {
        check(listed.error().message().starts_with("line "));
    }
    for (std::size_t i = 0; i + 1 < args.size() && i < 8; ++i)
        (void)perfscope::cli::column_matches(args[i], args[i + 1]);

    for (const std::string& arg : args) {
        auto seconds = wpo::query::parse_interval(arg, "--interval");
        if (seconds)
            check(*seconds >= 0.1 && *seconds <= 86400.0 * 365);
        else
            check(seconds.error().code() == wpo::Errc::invalid_argument && !seconds.error().message().empty());
        auto bytes = perfscope::cli::parse_size("--max-size", arg);
        if (bytes)
            check(*bytes >= 1 && *bytes <= (std::uint64_t{1} << 50));
        else
            check(bytes.error().code() == wpo::Errc::invalid_argument && !bytes.error().message().empty());
        auto path = wpo::CounterPath::parse(arg);
        if (!path) {
            check(!path.error().message().empty());
            continue;
        }
        auto again = wpo::CounterPath::parse(path->to_string());
        check(again.ok());
        check(again->object == path->object && again->counter == path->counter &&
              again->instance_text() == path->instance_text() && again->index == path->index &&
              again->wildcard_instance == path->wildcard_instance);
    }
    return 0;
}
