// SPDX-License-Identifier: Apache-2.0
// The HTTP side of `perfscope-cli serve` (cpp-httplib): GET /metrics and the remote endpoints, read-only, with bounded
// requests, over TLS and behind basic auth when the web configuration says so. The library is included by metrics_server.cpp alone.
#pragma once

#include "cli/metrics_endpoint.h"
#include "cli/web_config.h"
#include "core/result.h"

#include <memory>
#include <string>

namespace perfscope::cli {

class RemoteEndpoint;

struct ServeLimits {
    std::size_t max_headers = 64;  // more: 431
    std::size_t max_body = 4096;   // more: 413 (a GET needs none)
    int read_timeout_s = 5;        // a client silent this long is dropped
    int write_timeout_s = 5;
    std::size_t workers = 4;  // connections served at once
};

class MetricsServer {
public:
    // Binds `host:port` (port 0: any free port), with TLS and basic auth as `web` says; `remote`, when given,
    // also answers /perfscope/v1/ (docs/remote-protocol.md). Errc::io_error when
    // the address cannot be bound, Errc::invalid_argument when the certificate or key cannot be loaded.
    static wpo::Result<std::unique_ptr<MetricsServer>> bind(MetricsEndpoint& endpoint, const std::string& host,
                                                            int port, const WebConfig& web = {},
                                                            const ServeLimits& limits = {},
                                                            RemoteEndpoint* remote = nullptr);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    int port() const { return m_port; }
    // Serves until stop() is called (from another thread). False when the server failed.
    bool run();
    void stop();

private:
    struct Impl;
    MetricsServer() = default;
    std::unique_ptr<Impl> m_impl;
    int m_port = 0;
};

}  // namespace perfscope::cli
