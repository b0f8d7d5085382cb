// SPDX-License-Identifier: Apache-2.0
#include "remote/http_transport.h"

#include "remote/remote_protocol.h"

#include <httplib.h>

namespace wpo::remote {
namespace {

// cpp-httplib names its errors by one word ("Connection"); a user reads what went wrong.
std::string describe(httplib::Error error)
{
    switch (error) {
    case httplib::Error::Connection: return "the connection failed (no agent listens there, or the host refused it)";
    case httplib::Error::ConnectionTimeout: return "no answer to the connection within the time allowed";
    case httplib::Error::Read: return "the connection broke while reading the answer";
    case httplib::Error::Write: return "the connection broke while sending the request";
    case httplib::Error::SSLConnection: return "the TLS handshake failed (is the agent serving https?)";
    case httplib::Error::SSLServerVerification:
        return "its certificate is not signed by an authority trusted here, or not for that host "
               "(PERFSCOPE_REMOTE_CA names the certificate that signs it)";
    default: return httplib::to_string(error);
    }
}

// A connection that failed because the name does not resolve reads, to cpp-httplib, as any other failed
// connection; asked only after a failure, so a working connection costs no lookup.
bool resolves(const std::string& host)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0)
        return false;
    freeaddrinfo(found);
    return true;
}

}  // namespace

struct HttpTransport::Impl {
    std::unique_ptr<httplib::ClientImpl> client;  // an SSLClient for HTTPS
    std::string host;
};

HttpTransport::HttpTransport(const std::string& host, int port, bool tls,
                             const MachineAddress::Credentials& credentials)
    : m_impl(std::make_unique<Impl>(Impl{nullptr, host})),
      m_where(std::string(tls ? "https://" : "") + (host.find(':') != std::string::npos ? "[" + host + "]" : host) +
              ":" + std::to_string(port))
{
    if (tls) {
#ifdef CPPHTTPLIB_OPENSSL_SUPPORT
        auto client = std::make_unique<httplib::SSLClient>(host, port);
        client->enable_server_certificate_verification(true);
        if (!credentials.ca_file.empty())
            client->set_ca_cert_path(credentials.ca_file.c_str());
        m_impl->client = std::move(client);
#else
        m_refusal = "this build reads agents over plain HTTP only (no TLS library in it)";
        m_impl->client = std::make_unique<httplib::ClientImpl>(host, port);
#endif
    } else {
        m_impl->client = std::make_unique<httplib::ClientImpl>(host, port);
    }
    if (!credentials.user.empty()) {
        if (tls)
            m_impl->client->set_basic_auth(credentials.user.c_str(), credentials.password.c_str());
        else
            m_refusal = "a user name is set (PERFSCOPE_REMOTE_USER) but the agent is reached over plain HTTP, "
                        "which would send the password in the clear: write https://" +
                        m_where;
    }
    // A machine that is down must cost a sample, not the whole view: short timeouts.
    m_impl->client->set_connection_timeout(2, 0);
    m_impl->client->set_read_timeout(10, 0);
    m_impl->client->set_write_timeout(5, 0);
    m_impl->client->set_keep_alive(true);
}

HttpTransport::~HttpTransport() = default;

Result<Reply> HttpTransport::get(std::string_view target)
{
    if (!m_refusal.empty())
        return Error(Errc::unsupported, "the agent at " + m_where + ": " + m_refusal);
    Reply reply;
    bool too_large = false;
    auto result = m_impl->client->Get(
        std::string(target), httplib::Headers{},
        [&](const httplib::Response& response) {
            reply.status = response.status;
            return true;
        },
        [&](const char* data, std::size_t length) {
            if (reply.body.size() + length > kMaxResponseBytes) {
                too_large = true;
                return false;
            }
            reply.body.append(data, length);
            return true;
        });
    if (too_large)
        return Error(Errc::too_large,
                     "the agent at " + m_where + " answered more than " + std::to_string(kMaxResponseBytes) + " bytes");
    if (!result) {
        const std::string why = result.error() == httplib::Error::Connection && !resolves(m_impl->host)
                                    ? "the host name \"" + m_impl->host + "\" does not resolve"
                                    : describe(result.error());
        return Error(Errc::io_error, "cannot reach the agent at " + m_where + ": " + why);
    }
    return reply;
}

}  // namespace wpo::remote
