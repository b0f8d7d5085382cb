// SPDX-License-Identifier: Apache-2.0
// What perfscope-cli serve reads from outside: the web configuration file (parse_web_config), the Accept
// header (negotiate_format), the Authorization header (decode_base64, BasicAuth::check) and the guard's
// --include-process/--exclude-process patterns (compile_instance_pattern, matched against a process name). Each must give
// a value or an Error for any text; what is accepted keeps the promises the server relies on.
#include "cli/basic_auth.h"
#include "cli/web_config.h"
#include "exporter/exposition_writer.h"
#include "exporter/instance_guard.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

// bcrypt of "s3cret" at cost 4 with a fixed salt, so a run is deterministic and fast.
constexpr const char* kHash = "$2b$04$KBCwKxOzLha2MUDgW0PjXe9b1DxIEkVo6xSca/TrCtEXnT7desnbu";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto config = perfscope::cli::parse_web_config(text, "/base");
    if (!config) {
        check(!config.error().message().empty());
    } else {
        check(config->cert_file.empty() == config->key_file.empty());
        check(!config->require_client_cert || (config->tls() && !config->client_ca_file.empty()));
        for (const auto& [user, hash] : config->users)
            check(!user.empty() && user.find(':') == std::string::npos && hash.size() == 60);
    }

    const auto format = perfscope::exporter::negotiate_format(text);
    check(format == perfscope::exporter::ExpositionFormat::text ||
          format == perfscope::exporter::ExpositionFormat::openmetrics);

    std::string decoded;
    if (perfscope::cli::decode_base64(text, decoded))
        check(decoded.size() <= text.size() / 4 * 3);

    static perfscope::cli::BasicAuth auth(std::vector<std::pair<std::string, std::string>>{{"alice", kHash}});
    const bool passed = auth.check(text);
    // Only alice's password passes; anything with a different password must not.
    std::string credentials;
    if (passed)
        check(text.size() > 6 && perfscope::cli::decode_base64(text.substr(6), credentials) &&
              credentials == "alice:s3cret");

    // A pattern, then after the first line feed a process name (as long as a Windows path at most: no process
    // name is longer).
    const std::size_t newline = text.find('\n');
    const std::string pattern(text.substr(0, newline));
    const std::string_view name =
        newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1, 260);
    auto compiled = perfscope::exporter::compile_instance_pattern(pattern, "--include-process");
    if (!compiled) {
        check(!compiled.error().message().empty());
    } else {
        check(pattern.size() <= perfscope::exporter::kMaxPatternLength);
        perfscope::exporter::InstanceGuard guard;
        guard.include = std::move(*compiled);
        (void)guard.passes(name);
    }
    return 0;
}
