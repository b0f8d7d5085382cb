// SPDX-License-Identifier: Apache-2.0
// serve's --web-config FILE: TLS and basic auth in the schema of the Prometheus exporter toolkit's web
// configuration (docs/prometheus-naming.md §7), read by a small bounded reader of the YAML subset that
// schema needs. Anything the file asks for that this agent does not do is an error, never ignored.
#pragma once

#include "core/result.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfscope::cli {

struct WebConfig {
    std::string cert_file;  // TLS when set (with key_file); paths resolved against the file's folder
    std::string key_file;
    std::string client_ca_file;                              // with RequireAndVerifyClientCert only
    bool require_client_cert = false;                        // client_auth_type: RequireAndVerifyClientCert
    std::vector<std::pair<std::string, std::string>> users;  // basic_auth_users: name, bcrypt hash

    bool tls() const { return !cert_file.empty(); }
};

inline constexpr std::size_t kMaxWebConfigBytes = 64 * 1024;

// Errc::invalid_argument, "line N: what is wrong".
wpo::Result<WebConfig> parse_web_config(std::string_view text, const std::filesystem::path& base_dir);
wpo::Result<WebConfig> load_web_config(const std::string& path);

}  // namespace perfscope::cli
