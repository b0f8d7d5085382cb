// SPDX-License-Identifier: Apache-2.0
// serve's web configuration reader (the exporter toolkit's schema, the YAML subset it needs) and the
// basic auth check against bcrypt hashes made here with libxcrypt.
#include "cli/basic_auth.h"
#include "cli/web_config.h"

#include <gtest/gtest.h>

#include <crypt.h>

#include <cstdlib>
#include <memory>

namespace {

using namespace perfscope::cli;

// A bcrypt hash of `password` at the lowest cost, so the tests stay fast.
std::string bcrypt(const std::string& password)
{
    char* setting = crypt_gensalt_ra("$2b$", 4, nullptr, 0);
    EXPECT_NE(setting, nullptr);
    crypt_data data{};
    const std::string hash = crypt_r(password.c_str(), setting, &data);
    std::free(setting);
    return hash;
}

const std::string kHash = "$2y$10$" + std::string(53, 'a');  // the shape of a bcrypt hash

TEST(WebConfig, ReadsTheToolkitSchema)
{
    const std::string text = "# comment\n"
                             "tls_server_config:\n"
                             "  cert_file: server.crt   # relative to the file\n"
                             "  key_file: \"/etc/keys/server.key\"\n"
                             "  client_auth_type: 'RequireAndVerifyClientCert'\n"
                             "  client_ca_file: ca.pem\n"
                             "\n"
                             "basic_auth_users:\n"
                             "    alice: " +
                             kHash +
                             "\n"
                             "    'bob smith': \"" +
                             kHash + "\"\n";
    auto config = parse_web_config(text, "/srv/conf");
    ASSERT_TRUE(config) << config.error().message();
    EXPECT_EQ(config->cert_file, "/srv/conf/server.crt");
    EXPECT_EQ(config->key_file, "/etc/keys/server.key");
    EXPECT_EQ(config->client_ca_file, "/srv/conf/ca.pem");
    EXPECT_TRUE(config->require_client_cert);
    EXPECT_TRUE(config->tls());
    ASSERT_EQ(config->users.size(), 2u);
    EXPECT_EQ(config->users[1].first, "bob smith");
    EXPECT_EQ(config->users[1].second, kHash);
}

TEST(WebConfig, EmptyFileIsPlainHttp)
{
    auto config = parse_web_config("", "/");
    ASSERT_TRUE(config);
    EXPECT_FALSE(config->tls());
    EXPECT_TRUE(config->users.empty());
}

struct BadRow {
    const char* name;
    std::string text;
    const char* mentions;
};

class WebConfigRejects : public ::testing::TestWithParam<BadRow> {};

TEST_P(WebConfigRejects, SaysWhy)
{
    auto config = parse_web_config(GetParam().text, "/");
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message().find(GetParam().mentions), std::string::npos) << config.error().message();
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, WebConfigRejects, ::testing::Values(
    BadRow{"UnknownSection", "http_server_config:\n  http2: false\n", "http_server_config"},
    BadRow{"UnknownTlsKey", "tls_server_config:\n  cert_file: a\n  key_file: b\n  min_version: TLS13\n", "min_version"},
    BadRow{"CertWithoutKey", "tls_server_config:\n  cert_file: a\n", "both cert_file and key_file"},
    BadRow{"ClientCaWithoutType", "tls_server_config:\n  cert_file: a\n  key_file: b\n  client_ca_file: c\n",
           "RequireAndVerifyClientCert"},
    BadRow{"RequireWithoutCa", "tls_server_config:\n  cert_file: a\n  key_file: b\n"
                               "  client_auth_type: RequireAndVerifyClientCert\n", "client_ca_file"},
    BadRow{"OtherAuthType", "tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: RequestClientCert\n",
           "RequestClientCert"},
    BadRow{"NotBcrypt", "basic_auth_users:\n  alice: secret\n", "bcrypt"},
    BadRow{"Md5Crypt", "basic_auth_users:\n  alice: $1$abc$defghijklmnopqrstuv\n", "bcrypt"},
    BadRow{"UserTwice", "basic_auth_users:\n  alice: " + kHash + "\n  alice: " + kHash + "\n", "twice"},
    BadRow{"Tabs", "basic_auth_users:\n\talice: " + kHash + "\n", "tabs"},
    BadRow{"IndentChanges", "tls_server_config:\n  cert_file: a\n    key_file: b\n", "indentation"},
    BadRow{"KeyOutsideSection", "  cert_file: a\n", "outside a section"},
    BadRow{"NotAKeyValue", "tls_server_config\n", "key: value"},
    BadRow{"FlowStyle", "basic_auth_users: {alice: x}\n", "plain and quoted"},
    BadRow{"SectionWithValue", "basic_auth_users: alice\n", "block of keys"},
    BadRow{"FlowValue", "tls_server_config:\n  cert_file: [a, b]\n", "plain and quoted"},
    BadRow{"Unterminated", "tls_server_config:\n  cert_file: \"a\n", "unterminated"},
    BadRow{"BadEscape", "tls_server_config:\n  cert_file: \"a\\tb\"\n", "escapes"},
    BadRow{"TooLarge", std::string(kMaxWebConfigBytes + 1, '#'), "64 KiB"}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(Base64, DecodesAndRefuses)
{
    std::string out;
    EXPECT_TRUE(decode_base64("YWxpY2U6c2VjcmV0", out));
    EXPECT_EQ(out, "alice:secret");
    EXPECT_TRUE(decode_base64("YQ==", out));
    EXPECT_EQ(out, "a");
    EXPECT_TRUE(decode_base64("YWI=", out));
    EXPECT_EQ(out, "ab");
    EXPECT_FALSE(decode_base64("YWI", out));
    EXPECT_FALSE(decode_base64("Y===", out));
    EXPECT_FALSE(decode_base64("YW=j", out));
    EXPECT_FALSE(decode_base64("YW!j", out));
}

TEST(BasicAuth, ChecksBcrypt)
{
    BasicAuth auth({{"alice", bcrypt("secret")}, {"bob", bcrypt("other")}});
    ASSERT_TRUE(auth.enabled());
    EXPECT_TRUE(auth.check("Basic YWxpY2U6c2VjcmV0"));   // alice:secret
    EXPECT_TRUE(auth.check("Basic YWxpY2U6c2VjcmV0"));   // again, remembered
    EXPECT_FALSE(auth.check("Basic YWxpY2U6c2VjcmVU"));  // alice:secreT
    EXPECT_FALSE(auth.check("Basic Ym9iOnNlY3JldA=="));  // bob:secret
    EXPECT_FALSE(auth.check("Basic ZXZlOnNlY3JldA=="));  // eve:secret
    EXPECT_FALSE(auth.check("Basic YWxpY2U="));          // no colon
    EXPECT_FALSE(auth.check("Bearer YWxpY2U6c2VjcmV0"));
    EXPECT_FALSE(auth.check(""));
    EXPECT_FALSE(auth.check("Basic " + std::string(5000, 'A')));
    EXPECT_FALSE(BasicAuth({}).enabled());
}

}  // namespace
