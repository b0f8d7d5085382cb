// SPDX-License-Identifier: Apache-2.0
#include "cli/basic_auth.h"

#include <crypt.h>
#include <openssl/evp.h>

#include <cstring>
#include <memory>

namespace perfscope::cli {
namespace {

constexpr std::size_t kMaxRemembered = 64;
constexpr std::size_t kMaxHeader = 1024;  // a longer Authorization header is refused unread

int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

bool same(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;  // no early exit: the time does not tell how much matched
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

}  // namespace

bool decode_base64(std::string_view text, std::string& out)
{
    out.clear();
    if (text.size() % 4 != 0)
        return false;
    for (std::size_t i = 0; i < text.size(); i += 4) {
        int v[4];
        int padding = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + static_cast<std::size_t>(k)];
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                v[k] = 0;
                ++padding;
                continue;
            }
            if (padding > 0)
                return false;
            v[k] = base64_value(c);
            if (v[k] < 0)
                return false;
        }
        const unsigned bits = (unsigned(v[0]) << 18) | (unsigned(v[1]) << 12) | (unsigned(v[2]) << 6) | unsigned(v[3]);
        out += static_cast<char>((bits >> 16) & 0xFF);
        if (padding < 2)
            out += static_cast<char>((bits >> 8) & 0xFF);
        if (padding < 1)
            out += static_cast<char>(bits & 0xFF);
    }
    return true;
}

BasicAuth::BasicAuth(std::vector<std::pair<std::string, std::string>> users) : m_users(std::move(users))
{}

bool BasicAuth::check(std::string_view authorization)
{
    if (authorization.size() > kMaxHeader || authorization.size() < 6)
        return false;
    if (!(authorization.substr(0, 6) == "Basic " || authorization.substr(0, 6) == "basic "))
        return false;
    std::string credentials;
    if (!decode_base64(authorization.substr(6), credentials))
        return false;
    const std::size_t colon = credentials.find(':');
    if (colon == std::string::npos)
        return false;
    const std::string user = credentials.substr(0, colon);
    const std::string password = credentials.substr(colon + 1);
    const std::pair<std::string, std::string>* entry = nullptr;
    for (const auto& candidate : m_users)
        if (candidate.first == user)
            entry = &candidate;
    if (!entry)
        return false;

    Digest digest{};
    const std::string keyed = entry->second + '\n' + credentials;
    unsigned length = 0;
    if (EVP_Digest(keyed.data(), keyed.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1)
        return false;
    {
        std::lock_guard lock(m_mutex);
        if (m_passed.contains(digest))
            return true;
    }
    auto data = std::make_unique<crypt_data>();
    std::memset(data.get(), 0, sizeof(crypt_data));
    const char* hashed = crypt_r(password.c_str(), entry->second.c_str(), data.get());
    if (!hashed || !same(hashed, entry->second))
        return false;
    std::lock_guard lock(m_mutex);
    if (m_passed.size() >= kMaxRemembered)
        m_passed.clear();
    m_passed.insert(digest);
    return true;
}

}  // namespace perfscope::cli
