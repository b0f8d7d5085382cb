// SPDX-License-Identifier: Apache-2.0
#include "cli/web_config.h"

#include "files/text_file.h"

#include <algorithm>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

Error bad(std::size_t line, const std::string& what)
{
    return Error(Errc::invalid_argument, "line " + std::to_string(line) + ": " + what);
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// A scalar: plain (up to a ` #` comment), 'single' ('' is a quote) or "double" (\" and \\ escapes).
wpo::Result<std::string> scalar(std::string_view text, std::size_t line)
{
    text = trim(text);
    if (text.empty())
        return std::string();
    const char quote = text.front();
    if (quote == '\'' || quote == '"') {
        std::string out;
        std::size_t i = 1;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (quote == '\'' && c == '\'') {
                if (i + 1 < text.size() && text[i + 1] == '\'') {
                    out += '\'';
                    ++i;
                    continue;
                }
                break;
            }
            if (quote == '"' && c == '\\') {
                if (i + 1 >= text.size() || (text[i + 1] != '"' && text[i + 1] != '\\'))
                    return bad(line, "only \\\" and \\\\ escapes are supported in a double-quoted value");
                out += text[++i];
                continue;
            }
            if (quote == '"' && c == '"')
                break;
            out += c;
        }
        if (i >= text.size())
            return bad(line, "unterminated quoted value");
        const std::string_view rest = trim(text.substr(i + 1));
        if (!rest.empty() && rest.front() != '#')
            return bad(line, "text after a quoted value");
        return out;
    }
    if (const std::size_t comment = text.find(" #"); comment != std::string_view::npos)
        text = trim(text.substr(0, comment));
    if (text.front() == '[' || text.front() == '{' || text.front() == '|' || text.front() == '>' ||
        text.front() == '&' || text.front() == '*' || text.front() == '!')
        return bad(line, "only plain and quoted values are supported");
    return std::string(text);
}

std::string resolve(const std::string& path, const std::filesystem::path& base_dir)
{
    if (path.empty())
        return path;
    const std::filesystem::path p(path);
    return p.is_absolute() ? path : (base_dir / p).string();
}

}  // namespace

wpo::Result<WebConfig> parse_web_config(std::string_view text, const std::filesystem::path& base_dir)
{
    if (text.size() > kMaxWebConfigBytes)
        return Error(Errc::too_large, "the web configuration is larger than 64 KiB");
    WebConfig config;
    std::string section;             // the top-level key whose block we are in
    std::size_t section_indent = 0;  // the indentation of that block's keys (0 = not seen yet)
    std::string client_auth_type = "NoClientCert";
    std::size_t number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view raw = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (raw.find('\t') != std::string_view::npos)
            return bad(number, "tabs are not allowed in YAML indentation");
        const std::string_view content = trim(raw);
        if (content.empty() || content.front() == '#')
            continue;
        if (content == "---" && number == 1)
            continue;
        const std::size_t indent = raw.find_first_not_of(' ');
        const std::size_t colon = content.find(':');
        if (colon == std::string_view::npos || (colon + 1 < content.size() && content[colon + 1] != ' '))
            return bad(number, "expected \"key: value\"");
        auto key = scalar(content.substr(0, colon), number);
        if (!key)
            return key.error();
        auto value = scalar(content.substr(colon + 1), number);
        if (!value)
            return value.error();

        if (indent == 0) {
            section = *key;
            section_indent = 0;
            if (section != "tls_server_config" && section != "basic_auth_users")
                return bad(number, "\"" + section + "\" is not supported by perfscope-cli serve " +
                                       "(it reads tls_server_config and basic_auth_users)");
            if (!value->empty())
                return bad(number, "\"" + section + "\" must be a block of keys");
            continue;
        }
        if (section.empty())
            return bad(number, "indented key outside a section");
        if (section_indent == 0)
            section_indent = indent;
        if (indent != section_indent)
            return bad(number, "inconsistent indentation");
        if (section == "basic_auth_users") {
            if (key->empty() || key->find(':') != std::string::npos)
                return bad(number, "a user name must be non-empty and hold no ':'");
            if (!(value->starts_with("$2a$") || value->starts_with("$2b$") || value->starts_with("$2y$")) ||
                value->size() != 60)
                return bad(number, "the password of \"" + *key + "\" is not a bcrypt hash ($2a$, $2b$ or $2y$)");
            for (const auto& [user, hash] : config.users)
                if (user == *key)
                    return bad(number, "user \"" + *key + "\" given twice");
            config.users.emplace_back(*key, *value);
        } else if (*key == "cert_file") {
            config.cert_file = resolve(*value, base_dir);
        } else if (*key == "key_file") {
            config.key_file = resolve(*value, base_dir);
        } else if (*key == "client_ca_file") {
            config.client_ca_file = resolve(*value, base_dir);
        } else if (*key == "client_auth_type") {
            client_auth_type = *value;
        } else {
            return bad(number, "tls_server_config." + *key + " is not supported by perfscope-cli serve " +
                                   "(it reads cert_file, key_file, client_auth_type and client_ca_file)");
        }
    }
    if (config.cert_file.empty() != config.key_file.empty())
        return Error(Errc::invalid_argument, "tls_server_config needs both cert_file and key_file");
    if (client_auth_type == "RequireAndVerifyClientCert") {
        if (config.client_ca_file.empty())
            return Error(Errc::invalid_argument, "client_auth_type RequireAndVerifyClientCert needs client_ca_file");
        config.require_client_cert = true;
    } else if (client_auth_type != "NoClientCert") {
        return Error(Errc::invalid_argument, "client_auth_type " + client_auth_type +
                                                 " is not supported (NoClientCert or RequireAndVerifyClientCert)");
    } else if (!config.client_ca_file.empty()) {
        return Error(Errc::invalid_argument, "client_ca_file needs client_auth_type RequireAndVerifyClientCert");
    }
    if (config.require_client_cert && !config.tls())
        return Error(Errc::invalid_argument, "client certificates need cert_file and key_file");
    return config;
}

wpo::Result<WebConfig> load_web_config(const std::string& path)
{
    auto text = files::read_text_file(path, kMaxWebConfigBytes);
    if (!text)
        return Error(text.error().code(), path + ": " + text.error().message());
    auto config = parse_web_config(*text, std::filesystem::path(path).parent_path());
    if (!config)
        return Error(config.error().code(), path + ": " + config.error().message());
    return config;
}

}  // namespace perfscope::cli
