// SPDX-License-Identifier: Apache-2.0
#include "serve_process.h"

#include <arpa/inet.h>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace perfscope::serve_testing {

ServeProcess::ServeProcess(const std::string& cli, const std::vector<std::string>& args)
{
    int out[2];
    if (pipe(out) != 0)
        return;
    m_pid = fork();
    if (m_pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        std::vector<std::string> all{cli, "serve", "--listen", "127.0.0.1:0"};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(cli.c_str(), argv.data());
        _exit(127);
    }
    close(out[1]);
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
        pollfd p{out[0], POLLIN, 0};
        if (poll(&p, 1, 100) <= 0)
            continue;
        char c = 0;
        if (read(out[0], &c, 1) != 1)
            break;
        line += c;
    }
    close(out[0]);
    // "perfscope-cli: serving http://127.0.0.1:PORT/metrics"
    const std::size_t colon = line.rfind(':');
    const std::size_t slash = line.find("/metrics");
    if (colon != std::string::npos && slash != std::string::npos && slash > colon)
        m_port = std::atoi(line.substr(colon + 1, slash - colon - 1).c_str());
}

ServeProcess::~ServeProcess()
{
    if (m_pid <= 0)
        return;
    kill(m_pid, SIGTERM);
    for (int i = 0; i < 50; ++i) {
        if (waitpid(m_pid, nullptr, WNOHANG) == m_pid)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill(m_pid, SIGKILL);
    waitpid(m_pid, nullptr, 0);
}

bool ServeProcess::running() const
{
    return m_pid > 0 && kill(m_pid, 0) == 0 && waitpid(m_pid, nullptr, WNOHANG) == 0;
}

HttpResponse exchange(int port, const std::string& request, std::chrono::milliseconds timeout)
{
    HttpResponse response;
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return response;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        close(fd);
        return response;
    }
    std::size_t sent = 0;
    while (sent < request.size()) {
        const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break;  // the server may refuse part way: read what it answered
        sent += static_cast<std::size_t>(n);
    }
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            break;
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0)
            break;
        char buffer[65536];
        const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            response.closed_by_server = true;
            break;
        }
        text.append(buffer, static_cast<std::size_t>(n));
        // A whole response with its Content-Length: done, whether or not the server keeps the connection.
        const std::size_t head_end = text.find("\r\n\r\n");
        if (head_end != std::string::npos) {
            HttpResponse head;
            head.headers = text.substr(0, head_end + 2);
            const std::string length = header(head, "Content-Length");
            if (!length.empty() && text.size() >= head_end + 4 + std::stoul(length))
                break;
        }
    }
    close(fd);
    const std::size_t end = text.find("\r\n\r\n");
    if (text.starts_with("HTTP/1.1 ") && end != std::string::npos) {
        response.status = std::atoi(text.substr(9, 3).c_str());
        response.headers = text.substr(0, end + 2);
        response.body = text.substr(end + 4);
    }
    return response;
}

HttpResponse get(int port, const std::string& target, const std::string& extra_headers)
{
    // Qualified: with <utility> in view, argument-dependent lookup on the std::string
    // finds std::exchange(int&, std::string&&), a better match for these arguments.
    return serve_testing::exchange(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers +
                                             "Connection: close\r\n\r\n");
}

std::string header(const HttpResponse& response, const std::string& name)
{
    std::size_t start = response.headers.find("\r\n");
    while (start != std::string::npos && start + 2 < response.headers.size()) {
        const std::size_t end = response.headers.find("\r\n", start + 2);
        const std::string line = response.headers.substr(start + 2, end - start - 2);
        const std::size_t colon = line.find(':');
        if (colon != std::string::npos && colon == name.size() &&
            strncasecmp(line.c_str(), name.c_str(), name.size()) == 0) {
            std::size_t value = colon + 1;
            while (value < line.size() && line[value] == ' ')
                ++value;
            return line.substr(value);
        }
        start = end;
    }
    return {};
}

}  // namespace perfscope::serve_testing
