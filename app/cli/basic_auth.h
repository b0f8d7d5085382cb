// SPDX-License-Identifier: Apache-2.0
// HTTP basic auth against bcrypt hashes (libxcrypt's crypt_r: $2a$, $2b$, $2y$). A bcrypt check costs
// tens of milliseconds at the usual cost factor, once a second for a scraper: a header that passed is
// remembered by its SHA-256 (never the password itself), so a steady scraper pays once.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfscope::cli {

class BasicAuth {
public:
    explicit BasicAuth(std::vector<std::pair<std::string, std::string>> users);

    bool enabled() const { return !m_users.empty(); }
    // Whether an Authorization header value names a user with the right password.
    bool check(std::string_view authorization);

private:
    using Digest = std::array<std::uint8_t, 32>;
    std::vector<std::pair<std::string, std::string>> m_users;
    std::mutex m_mutex;
    std::set<Digest> m_passed;  // bounded: cleared when it holds kMaxRemembered
};

// Standard base64 (RFC 4648, padding required); false on anything else.
bool decode_base64(std::string_view text, std::string& out);

}  // namespace perfscope::cli
