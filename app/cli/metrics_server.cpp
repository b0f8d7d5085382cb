// SPDX-License-Identifier: Apache-2.0
#include "cli/metrics_server.h"

// Debian's cpp-httplib is a compiled library: its compile-time bounds are its defaults (request line and
// each header line 8192 bytes, 5 s read and write timeouts, 5 requests per kept-alive connection). The
// Windows build compiles the same version's single header itself, with the same defaults and without
// OpenSSL.
#include <httplib.h>

#include <cerrno>

#include "cli/basic_auth.h"
#ifdef PERFSCOPE_HAVE_REMOTE
#include "cli/remote_endpoint.h"
#include "remote/remote_protocol.h"
#endif

namespace perfscope::cli {

struct MetricsServer::Impl {
    std::unique_ptr<httplib::Server> server;
    std::unique_ptr<BasicAuth> auth;
};

namespace {

constexpr const char* kMetricsPath = "/metrics";

void plain(httplib::Response& response, int status, const std::string& text)
{
    response.status = status;
    response.set_content(text + "\n", "text/plain; charset=utf-8");
}

#ifdef PERFSCOPE_HAVE_REMOTE
// The remote endpoints take a request as the --stdio server parses it, so both go through one router.
void serve_remote(RemoteEndpoint& remote, const httplib::Request& request, httplib::Response& response)
{
    RemoteRequest parsed{request.method, request.path, {}};
    if (request.params.size() > wpo::remote::kMaxParameters) {
        plain(response, 400, "too many query parameters");
        return;
    }
    for (const auto& [key, value] : request.params)
        parsed.params.emplace_back(key, value);
    RemoteAnswer answer;
    remote.handle(parsed, answer);
    response.status = answer.status;
    response.set_content(answer.body, answer.content_type);
}
#endif

}  // namespace

wpo::Result<std::unique_ptr<MetricsServer>> MetricsServer::bind(MetricsEndpoint& endpoint, const std::string& host,
                                                                int port, const WebConfig& web,
                                                                const ServeLimits& limits, RemoteEndpoint* remote)
{
    std::unique_ptr<MetricsServer> self(new MetricsServer);
    self->m_impl = std::make_unique<Impl>();
    if (web.tls()) {
#if !defined(CPPHTTPLIB_OPENSSL_SUPPORT)
        return wpo::Error(wpo::Errc::unsupported, "this build of perfscope-cli serves plain HTTP only (no TLS)");
#else
        // With a client CA, cpp-httplib requires and verifies a client certificate.
        auto tls = std::make_unique<httplib::SSLServer>(web.cert_file.c_str(), web.key_file.c_str(),
                                                        web.require_client_cert ? web.client_ca_file.c_str() : nullptr);
        if (!tls->is_valid())
            return wpo::Error(wpo::Errc::invalid_argument,
                              "cannot use the TLS certificate \"" + web.cert_file + "\" with the key \"" +
                                  web.key_file + "\"" +
                                  (web.require_client_cert ? " and the client CA \"" + web.client_ca_file + "\"" : ""));
        self->m_impl->server = std::move(tls);
#endif
    } else {
        self->m_impl->server = std::make_unique<httplib::Server>();
    }
    self->m_impl->auth = std::make_unique<BasicAuth>(web.users);
    BasicAuth& auth = *self->m_impl->auth;
    httplib::Server& server = *self->m_impl->server;
    // Few workers: scrapes take turns on the endpoint anyway, and a slow client holds one worker at most
    // for the read timeout.
    server.new_task_queue = [workers = limits.workers] { return new httplib::ThreadPool(workers); };
    server.set_read_timeout(limits.read_timeout_s, 0);
    server.set_write_timeout(limits.write_timeout_s, 0);
    server.set_keep_alive_timeout(limits.read_timeout_s);
    server.set_payload_max_length(limits.max_body);
    // cpp-httplib's default sets SO_REUSEPORT, which lets a second agent bind the same port and take half
    // the connections, silently. An agent owns its port: a restarted one still binds at once over the old
    // connections' TIME_WAIT (SO_REUSEADDR), a second one is refused (Windows: an exclusive address).
    server.set_socket_options([](socket_t sock) {
        int yes = 1;
#ifdef _WIN32
        setsockopt(sock, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, reinterpret_cast<const char*>(&yes), sizeof yes);
#else
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
#endif
    });

    // Everything but GET (and HEAD) of /metrics is refused before any handler runs.
    server.set_pre_routing_handler(
        [limits, &auth, remote](const httplib::Request& request, httplib::Response& response) {
            if (request.headers.size() > limits.max_headers) {
                plain(response, 431, "too many header fields");
                return httplib::Server::HandlerResponse::Handled;
            }
            // Before anything else: a client without credentials learns nothing, not even which paths exist.
            if (auth.enabled() && !auth.check(request.get_header_value("Authorization"))) {
                response.set_header("WWW-Authenticate", "Basic realm=\"perfscope\", charset=\"UTF-8\"");
                plain(response, 401, "unauthorized");
                return httplib::Server::HandlerResponse::Handled;
            }
#ifdef PERFSCOPE_HAVE_REMOTE
            if (remote && RemoteEndpoint::serves(request.path)) {
                if (request.method == "GET" || request.method == "HEAD")
                    return httplib::Server::HandlerResponse::Unhandled;
                response.set_header("Allow", "GET, HEAD");
                plain(response, 405, "method not allowed: " + request.path + " is read-only");
                return httplib::Server::HandlerResponse::Handled;
            }
#else
            (void)remote;
#endif
            if (request.path != kMetricsPath) {
                plain(response, 404, "not found: this agent serves " + std::string(kMetricsPath) + " only");
                return httplib::Server::HandlerResponse::Handled;
            }
            if (request.method != "GET" && request.method != "HEAD") {
                response.set_header("Allow", "GET, HEAD");
                plain(response, 405, "method not allowed: " + std::string(kMetricsPath) + " is read-only");
                return httplib::Server::HandlerResponse::Handled;
            }
            return httplib::Server::HandlerResponse::Unhandled;
        });
    server.Get(kMetricsPath, [&endpoint](const httplib::Request& request, httplib::Response& response) {
        const auto format = exporter::negotiate_format(request.get_header_value("Accept"));
        const std::string set = request.has_param("set") ? request.get_param_value("set") : std::string();
        if (request.has_param("set") && set.empty()) {
            plain(response, 400, "set= needs a counter set's name");
            return;
        }
        // Written straight into the response: the body is not copied.
        if (wpo::Status status = endpoint.scrape(format, response.body, set); !status) {
            if (status.error().code() == wpo::Errc::not_found)
                plain(response, 404, status.error().message());
            else
                plain(response, 500, "collecting the performance data failed: " + status.error().describe());
            return;
        }
        response.set_header("Content-Type", std::string(exporter::content_type(format)));
    });

#ifdef PERFSCOPE_HAVE_REMOTE
    if (remote)
        server.Get(R"(/perfscope/v1/[a-z]+)", [remote](const httplib::Request& request, httplib::Response& response) {
            serve_remote(*remote, request, response);
        });
#else
    (void)remote;
#endif

    if (port == 0) {
        self->m_port = server.bind_to_any_port(host);
        if (self->m_port <= 0)
            return wpo::Error(wpo::Errc::io_error, "cannot listen on " + host + " (any port)");
    } else {
        errno = 0;
        if (!server.bind_to_port(host, port)) {
            const bool in_use = errno == EADDRINUSE;
            return wpo::Error(
                wpo::Errc::io_error,
                "cannot listen on " + host + ":" + std::to_string(port) +
                    (in_use ? ": the port is in use (another agent, or another program, listens there)" : ""));
        }
        self->m_port = port;
    }
    return self;
}

MetricsServer::~MetricsServer() = default;

bool MetricsServer::run()
{
    return m_impl->server->listen_after_bind();
}

void MetricsServer::stop()
{
    m_impl->server->stop();
}

}  // namespace perfscope::cli
