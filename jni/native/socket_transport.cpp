// SPDX-License-Identifier: Apache-2.0
#include "native/socket_transport.h"

#include "native/http_reply.h"
#include "remote/remote_protocol.h"

#include <cerrno>
#include <chrono>
#include <cstring>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace perfscope::jni {
namespace {

using wpo::Errc;
using wpo::Error;
using Clock = std::chrono::steady_clock;

constexpr auto kConnectTimeout = std::chrono::seconds(2);
constexpr auto kAnswerTimeout = std::chrono::seconds(10);

class Socket {
public:
    ~Socket()
    {
        if (fd >= 0)
            ::close(fd);
    }
    int fd = -1;
};

// Waits for `events` on `fd` until `deadline`; false on timeout or error.
bool wait_for(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            return false;
        pollfd p{fd, events, 0};
        const int n = ::poll(&p, 1, static_cast<int>(left));
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return false;
    }
}

}  // namespace

SocketTransport::SocketTransport(std::string host, int port)
    : m_host(std::move(host)),
      m_port(port),
      m_where((m_host.find(':') != std::string::npos ? "[" + m_host + "]" : m_host) + ":" + std::to_string(port))
{}

wpo::Result<wpo::remote::Reply> SocketTransport::get(std::string_view target)
{
    const auto cannot = [&](const std::string& why) {
        return Error(Errc::io_error, "cannot reach the agent at " + m_where + ": " + why);
    };
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(m_port);
    if (const int rc = ::getaddrinfo(m_host.c_str(), port.c_str(), &hints, &found); rc != 0)
        return cannot(std::string("the host name does not resolve (") + ::gai_strerror(rc) + ")");
    Socket socket;
    std::string why = "the connection failed (no agent listens there, or the host refused it)";
    const auto connect_deadline = Clock::now() + kConnectTimeout;
    for (addrinfo* a = found; a && socket.fd < 0; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0)
            continue;
        int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (rc != 0 && errno == EINPROGRESS) {
            if (wait_for(fd, POLLOUT, connect_deadline)) {
                int error = 0;
                socklen_t size = sizeof error;
                rc = ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 && error == 0 ? 0 : -1;
            } else {
                why = "no answer to the connection within the time allowed";
            }
        }
        if (rc == 0)
            socket.fd = fd;
        else
            ::close(fd);
    }
    ::freeaddrinfo(found);
    if (socket.fd < 0)
        return cannot(why);

    std::string request = "GET ";
    request += target;
    request += " HTTP/1.1\r\nHost: " + m_where + "\r\nConnection: close\r\nAccept-Encoding: identity\r\n\r\n";
    const auto deadline = Clock::now() + kAnswerTimeout;
    for (std::size_t sent = 0; sent < request.size();) {
        if (!wait_for(socket.fd, POLLOUT, deadline))
            return cannot("the request could not be sent within the time allowed");
        const ssize_t n = ::send(socket.fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (n <= 0)
            return cannot("the connection broke while sending the request");
        sent += static_cast<std::size_t>(n);
    }
    // Headers are bounded by the parser; the body by the protocol's limit.
    const std::size_t max_raw = wpo::remote::kMaxResponseBytes + 128 * 1024;
    m_raw.clear();
    char chunk[16 * 1024];  // on a JVM thread's stack: small
    for (;;) {
        if (!wait_for(socket.fd, POLLIN, deadline))
            return cannot("no whole answer within the time allowed");
        const ssize_t n = ::recv(socket.fd, chunk, sizeof chunk, 0);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (n < 0)
            return cannot("the connection broke while reading the answer");
        if (n == 0)
            break;
        if (m_raw.size() + static_cast<std::size_t>(n) > max_raw)
            return Error(Errc::too_large, "the agent at " + m_where + " answered more than " +
                                              std::to_string(wpo::remote::kMaxResponseBytes) + " bytes");
        m_raw.append(chunk, static_cast<std::size_t>(n));
    }
    auto reply = parse_http_reply(m_raw, wpo::remote::kMaxResponseBytes);
    if (!reply)
        return Error(reply.error().code(), "the agent at " + m_where + ": " + reply.error().message());
    return reply;
}

}  // namespace perfscope::jni
