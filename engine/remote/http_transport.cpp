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
    case httplib::Error::SSLConnection:
    case httplib::Error::SSLServerVerification: return "the TLS handshake failed";
    default: return httplib::to_string(error);
    }
}

}  // namespace


struct HttpTransport::Impl {
    httplib::Client client;
    Impl(const std::string& host, int port) : client(host, port) {}
};

HttpTransport::HttpTransport(const std::string& host, int port)
    : m_impl(std::make_unique<Impl>(host, port)),
      m_where((host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port))
{
    // A machine that is down must cost a sample, not the whole view: short timeouts.
    m_impl->client.set_connection_timeout(2, 0);
    m_impl->client.set_read_timeout(10, 0);
    m_impl->client.set_write_timeout(5, 0);
    m_impl->client.set_keep_alive(true);
}

HttpTransport::~HttpTransport() = default;

Result<Reply> HttpTransport::get(std::string_view target)
{
    Reply reply;
    bool too_large = false;
    auto result = m_impl->client.Get(
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
    if (!result)
        return Error(Errc::io_error, "cannot reach the agent at " + m_where + ": " + describe(result.error()));
    return reply;
}

}  // namespace wpo::remote
