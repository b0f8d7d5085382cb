// SPDX-License-Identifier: Apache-2.0
#include "remote/process_transport.h"

#include "remote/remote_protocol.h"

#include <charconv>
#include <chrono>
#include <cstring>

#ifndef _WIN32
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace wpo::remote {
namespace {

// The first answer of ssh includes logging in; later ones are one collection.
constexpr int kReplyTimeoutMs = 20000;

}  // namespace

#ifdef _WIN32

Result<std::unique_ptr<ProcessTransport>> ProcessTransport::start(const std::vector<std::string>&)
{
    return Error(Errc::unsupported, "machines reached through a command (ssh://) need a POSIX system");
}
ProcessTransport::~ProcessTransport() = default;
Result<Reply> ProcessTransport::get(std::string_view)
{
    return Error(Errc::unsupported, "no process transport on this system");
}
Status ProcessTransport::read_exactly(char*, std::size_t)
{
    return Error(Errc::unsupported, "no process transport on this system");
}
Result<std::string> ProcessTransport::read_line()
{
    return Error(Errc::unsupported, "no process transport on this system");
}

#else

Result<std::unique_ptr<ProcessTransport>> ProcessTransport::start(const std::vector<std::string>& argv)
{
    if (argv.empty())
        return Error(Errc::invalid_argument, "no command to run");
    // A socket pair rather than pipes: send() with MSG_NOSIGNAL reports a far side that ended as an error
    // instead of raising SIGPIPE in the client.
    int pair[2] = {-1, -1};
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return Error(Errc::io_error, std::string("socketpair: ") + std::strerror(errno));
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        close(pair[0]);
        close(pair[1]);
        return Error(Errc::io_error, std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        dup2(pair[1], 0);
        dup2(pair[1], 1);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(pair[1]);
    std::unique_ptr<ProcessTransport> self(new ProcessTransport);
    self->m_pid = pid;
    self->m_socket = pair[0];
    for (const std::string& a : argv)
        self->m_what += (self->m_what.empty() ? "" : " ") + a;
    return self;
}

ProcessTransport::~ProcessTransport()
{
    if (m_socket >= 0)
        close(m_socket);  // the far side's serve --stdio ends at the end of its input
    if (m_pid > 0) {
        // Give it a moment to end by itself, then end it.
        for (int i = 0; i < 20; ++i) {
            if (waitpid(m_pid, nullptr, WNOHANG) == m_pid)
                return;
            usleep(10000);
        }
        kill(m_pid, SIGTERM);
        waitpid(m_pid, nullptr, 0);
    }
}

Status ProcessTransport::read_exactly(char* data, std::size_t size)
{
    const std::size_t from_pending = std::min(size, m_pending.size());
    std::memcpy(data, m_pending.data(), from_pending);
    m_pending.erase(0, from_pending);
    std::size_t got = from_pending;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kReplyTimeoutMs);
    while (got < size) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0)
            return Error(Errc::io_error, "\"" + m_what + "\" did not answer within 20 s");
        pollfd p{m_socket, POLLIN, 0};
        const int ready = poll(&p, 1, static_cast<int>(left));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;
        const ssize_t n = recv(m_socket, data + got, size - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return Error(Errc::io_error, "\"" + m_what + "\" ended");
        got += static_cast<std::size_t>(n);
    }
    return {};
}

Result<std::string> ProcessTransport::read_line()
{
    std::string line;
    char c = 0;
    while (line.size() < 128) {
        if (Status status = read_exactly(&c, 1); !status)
            return status.error();
        if (c == '\n')
            return line;
        line.push_back(c);
    }
    return Error(Errc::invalid_argument, "\"" + m_what + "\" does not speak the --stdio protocol");
}

Result<Reply> ProcessTransport::get(std::string_view target)
{
    std::string request = "GET ";
    request.append(target);
    request.push_back('\n');
    if (request.size() > kMaxRequestLineBytes)
        return Error(Errc::too_large, "request longer than " + std::to_string(kMaxRequestLineBytes) + " bytes");
    for (std::size_t sent = 0; sent < request.size();) {
        const ssize_t n = send(m_socket, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return Error(Errc::io_error, "\"" + m_what + "\" ended");
        sent += static_cast<std::size_t>(n);
    }
    // "PSR1 <status> <length>"
    auto line = read_line();
    if (!line)
        return line.error();
    const std::string_view text = *line;
    const auto bad = [&] {
        return Error(Errc::invalid_argument,
                     "\"" + m_what + "\" answered \"" + std::string(text.substr(0, 64)) + "\", not a --stdio reply");
    };
    if (!text.starts_with(kStdioReplyMagic) || text.size() < kStdioReplyMagic.size() + 1 ||
        text[kStdioReplyMagic.size()] != ' ')
        return bad();
    const std::string_view rest = text.substr(kStdioReplyMagic.size() + 1);
    const auto space = rest.find(' ');
    if (space == std::string_view::npos)
        return bad();
    Reply reply;
    std::uint32_t length = 0;
    const auto [status_end, status_ec] = std::from_chars(rest.data(), rest.data() + space, reply.status);
    const auto [length_end, length_ec] = std::from_chars(rest.data() + space + 1, rest.data() + rest.size(), length);
    if (status_ec != std::errc() || status_end != rest.data() + space || length_ec != std::errc() ||
        length_end != rest.data() + rest.size())
        return bad();
    if (length > kMaxResponseBytes)
        return Error(Errc::too_large, "\"" + m_what + "\" announced an answer of " + std::to_string(length) + " bytes");
    reply.body.resize(length);
    if (Status status = read_exactly(reply.body.data(), length); !status)
        return status.error();
    return reply;
}

#endif

}  // namespace wpo::remote
