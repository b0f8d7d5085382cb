// SPDX-License-Identifier: Apache-2.0
// Machine names as counter paths write them, one row per form.
#include "remote/machine_address.h"
#include "remote/remote_protocol.h"

#include <gtest/gtest.h>

namespace wpo::remote {
namespace {

struct AddressRow {
    const char* name;
    const char* machine;
    bool ok;
    MachineAddress::Kind kind = MachineAddress::Kind::http;
    const char* host = "";
    int port = 0;
    const char* user = "";
};

class MachineAddressRows : public ::testing::TestWithParam<AddressRow> {};

TEST_P(MachineAddressRows, Parses)
{
    const AddressRow& row = GetParam();
    auto address = MachineAddress::parse(row.machine);
    ASSERT_EQ(static_cast<bool>(address), row.ok) << (address ? "parsed" : address.error().message());
    if (!row.ok) {
        EXPECT_EQ(address.error().code(), Errc::invalid_argument);
        return;
    }
    EXPECT_EQ(address->kind, row.kind);
    EXPECT_EQ(address->host, row.host);
    EXPECT_EQ(address->port, row.port);
    EXPECT_EQ(address->user, row.user);
}

using K = MachineAddress::Kind;
// clang-format off
INSTANTIATE_TEST_SUITE_P(Forms, MachineAddressRows, ::testing::Values(
    AddressRow{"host_default_port", "box", true, K::http, "box", kDefaultPort},
    AddressRow{"host_port", "127.0.0.1:8080", true, K::http, "127.0.0.1", 8080},
    AddressRow{"ipv6_port", "[::1]:9000", true, K::http, "::1", 9000},
    AddressRow{"ipv6_default_port", "[::1]", true, K::http, "::1", kDefaultPort},
    AddressRow{"ssh_plain", "ssh://box", true, K::ssh, "box", 0},
    AddressRow{"ssh_user_port", "ssh://ann@box.example:2222", true, K::ssh, "box.example", 2222, "ann"},
    AddressRow{"ssh_upper_scheme", "SSH://box", true, K::ssh, "box", 0},
    AddressRow{"https_default_port", "https://box", true, K::https, "box", kDefaultPort},
    AddressRow{"https_port", "https://127.0.0.1:9443", true, K::https, "127.0.0.1", 9443},
    AddressRow{"https_ipv6_upper_scheme", "HTTPS://[::1]:9443", true, K::https, "::1", 9443},
    AddressRow{"https_user_refused", "https://ann@box", false},
    AddressRow{"https_empty_host", "https://", false},
    AddressRow{"port_zero", "box:0", false},
    AddressRow{"port_too_big", "box:65536", false},
    AddressRow{"port_not_number", "box:http", false},
    AddressRow{"port_empty", "box:", false},
    AddressRow{"ipv6_unbracketed", "::1:80", false},
    AddressRow{"bracket_unclosed", "[::1:80", false},
    AddressRow{"option_like_host", "-oProxyCommand=x", false},
    AddressRow{"ssh_option_like_user", "ssh://-x@box", false},
    AddressRow{"ssh_shell_in_host", "ssh://box;rm", false},
    AddressRow{"other_scheme", "http://box", false},
    AddressRow{"empty", "", false}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(MachineAddressCredentials, ComeFromTheEnvironmentsValues)
{
    const auto none = MachineAddress::credentials_from(nullptr, nullptr, nullptr);
    EXPECT_TRUE(none.ca_file.empty() && none.user.empty() && none.password.empty());
    const auto all = MachineAddress::credentials_from("/etc/ca.pem", "ann", "s3cret");
    EXPECT_EQ(all.ca_file, "/etc/ca.pem");
    EXPECT_EQ(all.user, "ann");
    EXPECT_EQ(all.password, "s3cret");
}

TEST(MachineAddress, SshCommandRunsTheAgentOnStdio)
{
    auto address = MachineAddress::parse("ssh://ann@box:2222");
    ASSERT_TRUE(address);
    const std::vector<std::string> expected = {"ssh",    "-F",   "cfg",     "-o", "BatchMode=yes",      "-T",
                                               "-p",     "2222", "ann@box", "--", "/opt/perfscope-cli", "serve",
                                               "--stdio"};
    EXPECT_EQ(address->ssh_command("ssh  -F cfg", "/opt/perfscope-cli"), expected);
    auto plain = MachineAddress::parse("ssh://box");
    ASSERT_TRUE(plain);
    const std::vector<std::string> defaults = {"ssh",           "-o",    "BatchMode=yes", "-T", "box", "--",
                                               "perfscope-cli", "serve", "--stdio"};
    EXPECT_EQ(plain->ssh_command(nullptr, nullptr), defaults);
}

}  // namespace
}  // namespace wpo::remote
