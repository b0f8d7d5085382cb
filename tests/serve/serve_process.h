// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve` run as a child on a free loopback port, and a plain-socket HTTP exchange with it,
// for the serve tests (Linux).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace perfscope::serve_testing {

class ServeProcess {
public:
    // Starts `cli serve --listen 127.0.0.1:0 ARGS...` and reads the port it prints (waits at most 10 s).
    explicit ServeProcess(const std::string& cli, const std::vector<std::string>& args = {});
    ~ServeProcess();
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return m_port; }  // 0: it did not start
    bool running() const;
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_port = 0;
};

struct HttpResponse {
    int status = 0;  // 0: no response (the connection closed or timed out first)
    std::string headers;
    std::string body;
    bool closed_by_server = false;
};

// Sends `request` as it is and reads until the server closes or `timeout` passes.
HttpResponse exchange(int port, const std::string& request,
                      std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));

// A plain GET with Connection: close and extra header lines ("Accept: ...\r\n").
HttpResponse get(int port, const std::string& target, const std::string& extra_headers = {});

// A header's value (case-insensitive name), empty when absent.
std::string header(const HttpResponse& response, const std::string& name);

}  // namespace perfscope::serve_testing
