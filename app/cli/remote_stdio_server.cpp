// SPDX-License-Identifier: Apache-2.0
#include "cli/remote_stdio_server.h"

#include "cli/commands.h"
#include "remote/remote_protocol.h"

#include <cerrno>
#include <string>

#ifdef _WIN32
#include <io.h>
#else
#include <poll.h>
#include <unistd.h>
#endif

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

bool write_all(int fd, const char* data, std::size_t size)
{
    while (size > 0) {
#ifdef _WIN32
        const int n = _write(fd, data, static_cast<unsigned>(size));
#else
        const ssize_t n = write(fd, data, size);
#endif
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool send_answer(int fd, const RemoteAnswer& answer)
{
    const std::string head = std::string(wpo::remote::kStdioReplyMagic) + " " + std::to_string(answer.status) + " " +
                             std::to_string(answer.body.size()) + "\n";
    return write_all(fd, head.data(), head.size()) && write_all(fd, answer.body.data(), answer.body.size());
}

// Waits for input, waking now and then so Ctrl-C or SIGTERM ends the agent. False: stop.
bool wait_readable(int fd)
{
#ifdef _WIN32
    (void)fd;
    return !stop_requested();
#else
    while (!stop_requested()) {
        pollfd p{fd, POLLIN, 0};
        const int ready = poll(&p, 1, 200);
        if (ready > 0)
            return true;
        if (ready < 0 && errno != EINTR)
            return false;
    }
    return false;
#endif
}

}  // namespace

wpo::Status serve_stdio(RemoteEndpoint& endpoint, int in_fd, int out_fd)
{
    std::string pending;      // bytes read, not yet a whole line
    bool discarding = false;  // inside a line that was too long: answered already, skip to its end
    RemoteAnswer answer;
    char chunk[4096];
    for (;;) {
        std::size_t newline = pending.find('\n');
        while (newline == std::string::npos) {
            if (pending.size() >= wpo::remote::kMaxRequestLineBytes) {
                if (!discarding) {
                    answer = {};
                    answer.status = 414;
                    answer.body = "request line longer than " + std::to_string(wpo::remote::kMaxRequestLineBytes - 1) +
                                  " bytes\n";
                    if (!send_answer(out_fd, answer))
                        return Error(Errc::io_error, "cannot write the answer to standard output");
                }
                discarding = true;
                pending.clear();
            }
            if (!wait_readable(in_fd))
                return {};
#ifdef _WIN32
            const int n = _read(in_fd, chunk, sizeof chunk);
#else
            const ssize_t n = read(in_fd, chunk, sizeof chunk);
#endif
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return {};  // the client closed its end
            pending.append(chunk, static_cast<std::size_t>(n));
            newline = pending.find('\n');
        }
        const std::string line = pending.substr(0, newline);
        pending.erase(0, newline + 1);
        if (discarding) {
            discarding = false;
            continue;
        }
        auto request = parse_request_line(line);
        if (!request) {
            answer = {};
            answer.status = request.error().code() == Errc::too_large ? 414 : 400;
            answer.body = request.error().message() + "\n";
        } else {
            endpoint.handle(*request, answer);
        }
        if (!send_answer(out_fd, answer))
            return Error(Errc::io_error, "cannot write the answer to standard output");
    }
}

}  // namespace perfscope::cli
