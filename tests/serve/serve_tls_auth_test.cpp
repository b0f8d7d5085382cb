// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve --web-config`: TLS required when configured (a plain request gets no metrics),
// basic auth (missing or wrong credentials 401), client certificates when required. The certificate is
// made here with the openssl command; the client is cpp-httplib's.
#include "serve_process.h"

#include <gtest/gtest.h>

#include <httplib.h>

#include <crypt.h>

#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <unistd.h>

namespace {

using namespace perfscope::serve_testing;

std::string bcrypt(const std::string& password)
{
    char* setting = crypt_gensalt_ra("$2b$", 4, nullptr, 0);
    crypt_data data{};
    const std::string hash = crypt_r(password.c_str(), setting, &data);
    std::free(setting);
    return hash;
}

class ServeTlsAuthTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::signal(SIGPIPE, SIG_IGN);  // the client's writes to a server that refused the handshake
        if (std::system("command -v openssl >/dev/null 2>&1") != 0)
            GTEST_SKIP() << "the openssl command is not installed";
        m_dir = std::filesystem::temp_directory_path() / ("perfscope_tls_" + std::to_string(getpid()));
        std::filesystem::create_directories(m_dir);
        // A self-signed certificate: the server's, and the client CA that signs itself for the client.
        const std::string command = "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 "
                                    "-addext subjectAltName=IP:127.0.0.1 -keyout '" +
                                    (m_dir / "key.pem").string() + "' -out '" + (m_dir / "cert.pem").string() +
                                    "' >/dev/null 2>&1";
        ASSERT_EQ(std::system(command.c_str()), 0);
    }
    void TearDown() override
    {
        std::error_code ignored;
        if (!m_dir.empty())
            std::filesystem::remove_all(m_dir, ignored);
    }

    std::string write_config(const std::string& name, const std::string& text)
    {
        const auto path = m_dir / name;
        std::ofstream(path) << text;
        return path.string();
    }

    // TLS with the certificate made in SetUp, and one user: alice, password s3cret.
    std::string tls_and_alice_config()
    {
        return write_config("web.yml", "tls_server_config:\n"
                                       "  cert_file: cert.pem\n"
                                       "  key_file: key.pem\n"
                                       "basic_auth_users:\n"
                                       "  alice: " +
                                           bcrypt("s3cret") + "\n");
    }

    static std::unique_ptr<httplib::SSLClient> client(int port)
    {
        auto c = std::make_unique<httplib::SSLClient>("127.0.0.1", port);
        c->enable_server_certificate_verification(false);  // self-signed; what is tested is the server side
        c->set_connection_timeout(5, 0);
        c->set_read_timeout(10, 0);
        return c;
    }

    std::filesystem::path m_dir;
};

TEST_F(ServeTlsAuthTest, TlsAndBasicAuth)
{
    const std::string config = tls_and_alice_config();
    ServeProcess serve(PERFSCOPE_CLI, {"--web-config", config});
    ASSERT_GT(serve.port(), 0);

    auto owned = client(serve.port());
    httplib::SSLClient& c = *owned;
    auto missing = c.Get("/metrics");
    ASSERT_TRUE(missing) << httplib::to_string(missing.error());
    EXPECT_EQ(missing->status, 401);
    EXPECT_EQ(missing->get_header_value("WWW-Authenticate"), "Basic realm=\"perfscope\", charset=\"UTF-8\"");
    EXPECT_EQ(missing->body.find("perfscope_"), std::string::npos);
    // Unauthenticated, even an unknown path or method says nothing more.
    auto unknown = c.Get("/other");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->status, 401);

    c.set_basic_auth("alice", "wrong");
    auto wrong = c.Get("/metrics");
    ASSERT_TRUE(wrong);
    EXPECT_EQ(wrong->status, 401);
    c.set_basic_auth("mallory", "s3cret");
    auto stranger = c.Get("/metrics");
    ASSERT_TRUE(stranger);
    EXPECT_EQ(stranger->status, 401);

    c.set_basic_auth("alice", "s3cret");
    auto right = c.Get("/metrics");
    ASSERT_TRUE(right);
    EXPECT_EQ(right->status, 200);
    EXPECT_NE(right->body.find("perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"}"),
              std::string::npos);
    auto post = c.Post("/metrics", "x", "text/plain");
    ASSERT_TRUE(post);
    EXPECT_EQ(post->status, 405);

    // Plain HTTP on the TLS port gets no metrics, and the agent keeps serving.
    const HttpResponse plain = get(serve.port(), "/metrics");
    EXPECT_NE(plain.status, 200);
    EXPECT_EQ(plain.body.find("perfscope_"), std::string::npos);
    EXPECT_TRUE(serve.running());
    auto again = c.Get("/metrics");
    ASSERT_TRUE(again);
    EXPECT_EQ(again->status, 200);
}

// perfscope-cli reading the agent as a remote machine over https://, with the CA and basic auth from the
// environment: values with the right password, 401 with a wrong one, a certificate error without the CA,
// and no password sent over plain HTTP.
TEST_F(ServeTlsAuthTest, RemoteClientsReachTheAgentOverHttpsWithCredentials)
{
    const std::string config = tls_and_alice_config();
    ServeProcess serve(PERFSCOPE_CLI, {"--web-config", config});
    ASSERT_GT(serve.port(), 0);
    const std::string port = std::to_string(serve.port());
    struct Run {
        int code = -1;
        std::string output;
    };
    auto query = [&](const std::string& env, const std::string& machine) {
        const std::string command = env + " '" + std::string(PERFSCOPE_CLI) + "' query -sc 2 '\\\\" + machine +
                                    "\\Memory\\Available Bytes' 2>&1";
        Run run;
        if (std::FILE* pipe = popen(command.c_str(), "r")) {
            char buffer[4096];
            while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
                run.output.append(buffer, n);
            const int status = pclose(pipe);
            run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        return run;
    };
    const std::string ca = "PERFSCOPE_REMOTE_CA='" + (m_dir / "cert.pem").string() + "'";

    const Run right =
        query(ca + " PERFSCOPE_REMOTE_USER=alice PERFSCOPE_REMOTE_PASSWORD=s3cret", "https://127.0.0.1:" + port);
    ASSERT_EQ(right.code, 0) << right.output;
    // Two rows of positive byte counts.
    std::size_t rows = 0;
    for (std::size_t at = right.output.find("\n\""); at != std::string::npos; at = right.output.find("\n\"", at + 1)) {
        const std::size_t comma = right.output.find(",\"", at);
        ASSERT_NE(comma, std::string::npos) << right.output;
        EXPECT_GT(std::stod(right.output.substr(comma + 2)), 0.0) << right.output;
        ++rows;
    }
    EXPECT_EQ(rows, 2u) << right.output;

    const Run wrong =
        query(ca + " PERFSCOPE_REMOTE_USER=alice PERFSCOPE_REMOTE_PASSWORD=wrong", "https://127.0.0.1:" + port);
    EXPECT_EQ(wrong.code, 1) << wrong.output;
    EXPECT_NE(wrong.output.find("401"), std::string::npos) << wrong.output;

    const Run untrusted =
        query("PERFSCOPE_REMOTE_USER=alice PERFSCOPE_REMOTE_PASSWORD=s3cret", "https://127.0.0.1:" + port);
    EXPECT_EQ(untrusted.code, 1) << untrusted.output;
    EXPECT_NE(untrusted.output.find("certificate"), std::string::npos) << untrusted.output;

    const Run clear = query("PERFSCOPE_REMOTE_USER=alice PERFSCOPE_REMOTE_PASSWORD=s3cret", "127.0.0.1:" + port);
    EXPECT_EQ(clear.code, 1) << clear.output;
    EXPECT_NE(clear.output.find("in the clear"), std::string::npos) << clear.output;
    EXPECT_TRUE(serve.running());
}

TEST_F(ServeTlsAuthTest, ClientCertificateRequired)
{
    const std::string config = write_config("mtls.yml", "tls_server_config:\n"
                                                        "  cert_file: cert.pem\n"
                                                        "  key_file: key.pem\n"
                                                        "  client_auth_type: RequireAndVerifyClientCert\n"
                                                        "  client_ca_file: cert.pem\n");
    ServeProcess serve(PERFSCOPE_CLI, {"--web-config", config});
    ASSERT_GT(serve.port(), 0);

    auto anonymous = client(serve.port());
    auto refused = anonymous->Get("/metrics");
    EXPECT_FALSE(refused && refused->status == 200);

    httplib::SSLClient with_cert("127.0.0.1", serve.port(), (m_dir / "cert.pem").string(),
                                 (m_dir / "key.pem").string());
    with_cert.enable_server_certificate_verification(false);
    auto accepted = with_cert.Get("/metrics");
    ASSERT_TRUE(accepted) << httplib::to_string(accepted.error());
    EXPECT_EQ(accepted->status, 200);
    EXPECT_TRUE(serve.running());
}

TEST_F(ServeTlsAuthTest, BadConfigurationStopsAtStart)
{
    const std::string config = write_config("bad.yml", "tls_server_config:\n  cert_file: cert.pem\n");
    ServeProcess serve(PERFSCOPE_CLI, {"--web-config", config});
    EXPECT_EQ(serve.port(), 0);  // it printed no address: it refused to start
    const std::string missing = write_config("missing.yml", "tls_server_config:\n"
                                                            "  cert_file: nowhere.pem\n"
                                                            "  key_file: key.pem\n");
    ServeProcess no_cert(PERFSCOPE_CLI, {"--web-config", missing});
    EXPECT_EQ(no_cert.port(), 0);
}

}  // namespace
