// SPDX-License-Identifier: Apache-2.0
#include "remote/machine_address.h"

#include "remote/remote_protocol.h"

#include <algorithm>
#include <charconv>

namespace wpo::remote {
namespace {

Error bad(std::string_view machine, const std::string& why)
{
    return Error(Errc::invalid_argument, "machine \"" + std::string(machine) + "\": " + why);
}

// A host name or address: what DNS names and IP literals use, and nothing a shell or ssh would read as
// an option ('-' first) or as more than one argument.
bool valid_host(std::string_view host)
{
    if (host.empty() || host.size() > 253 || host.front() == '-')
        return false;
    return std::all_of(host.begin(), host.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
               c == '_' || c == ':';
    });
}

bool valid_user(std::string_view user)
{
    if (user.empty() || user.size() > 64 || user.front() == '-')
        return false;
    return std::all_of(user.begin(), user.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
               c == '_';
    });
}

Result<int> parse_port(std::string_view machine, std::string_view text)
{
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value == 0 || value > 65535)
        return bad(machine, "\"" + std::string(text) + "\" is not a port number (1 to 65535)");
    return static_cast<int>(value);
}

// HOST, HOST:PORT or [V6]:PORT into `address`.
Status parse_host_port(std::string_view machine, std::string_view text, MachineAddress& address)
{
    std::string_view host = text;
    std::string_view port;
    if (text.starts_with('[')) {
        const auto close = text.find(']');
        if (close == std::string_view::npos)
            return bad(machine, "'[' without ']'");
        host = text.substr(1, close - 1);
        const std::string_view after = text.substr(close + 1);
        if (!after.empty()) {
            if (!after.starts_with(':'))
                return bad(machine, "expected :PORT after ']'");
            port = after.substr(1);
            if (port.empty())
                return bad(machine, "the port after ':' is empty");
        }
    } else if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
        if (text.find(':') != colon)
            return bad(machine, "write an IPv6 address in brackets: [ADDRESS]:PORT");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (port.empty())
            return bad(machine, "the port after ':' is empty");
    }
    if (!valid_host(host))
        return bad(machine, "\"" + std::string(host) + "\" is not a host name or address");
    address.host = host;
    if (!port.empty()) {
        auto value = parse_port(machine, port);
        if (!value)
            return value.error();
        address.port = *value;
    }
    return {};
}

// Whether `machine` starts with `scheme` ("ssh://"), in any case.
bool has_scheme(std::string_view machine, std::string_view scheme)
{
    return machine.size() >= scheme.size() &&
           std::equal(scheme.begin(), scheme.end(), machine.begin(), [](char a, char b) {
               return a == (b >= 'A' && b <= 'Z' ? static_cast<char>(b - 'A' + 'a') : b);
           });
}

std::vector<std::string> split_spaces(std::string_view text)
{
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ')
            ++i;
        if (i > start)
            words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

}  // namespace

Result<MachineAddress> MachineAddress::parse(std::string_view machine)
{
    MachineAddress address;
    if (has_scheme(machine, "ssh://")) {
        address.kind = Kind::ssh;
        std::string_view rest = machine.substr(std::string_view("ssh://").size());
        if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
            address.user = rest.substr(0, at);
            if (!valid_user(address.user))
                return bad(machine, "\"" + address.user + "\" is not a user name");
            rest.remove_prefix(at + 1);
        }
        if (Status parsed = parse_host_port(machine, rest, address); !parsed)
            return parsed.error();
        return address;
    }
    if (has_scheme(machine, "https://")) {
        address.kind = Kind::https;
        if (Status parsed = parse_host_port(machine, machine.substr(std::string_view("https://").size()), address);
            !parsed)
            return parsed.error();
        if (address.port == 0)
            address.port = kDefaultPort;
        return address;
    }
    if (machine.find("://") != std::string_view::npos)
        return bad(machine, "the schemes are https:// and ssh://; write HOST[:PORT] for the agent over HTTP");
    if (Status parsed = parse_host_port(machine, machine, address); !parsed)
        return parsed.error();
    if (address.port == 0)
        address.port = kDefaultPort;
    return address;
}

MachineAddress::Credentials MachineAddress::credentials_from(const char* ca_env, const char* user_env,
                                                             const char* password_env)
{
    auto text = [](const char* value) { return value ? std::string(value) : std::string(); };
    return {text(ca_env), text(user_env), text(password_env)};
}

std::vector<std::string> MachineAddress::ssh_command(const char* ssh_env, const char* remote_cli_env) const
{
    std::vector<std::string> argv = split_spaces(ssh_env && *ssh_env ? ssh_env : "ssh");
    // BatchMode: never a password prompt on a terminal the CLI's output shares; keys or an agent only.
    argv.insert(argv.end(), {"-o", "BatchMode=yes", "-T"});
    if (port != 0)
        argv.insert(argv.end(), {"-p", std::to_string(port)});
    argv.push_back(user.empty() ? host : user + "@" + host);
    argv.push_back("--");
    argv.push_back(remote_cli_env && *remote_cli_env ? remote_cli_env : "perfscope-cli");
    argv.push_back("serve");
    argv.push_back("--stdio");
    return argv;
}

}  // namespace wpo::remote
