// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve`: the exported objects' counters as Prometheus metrics on http://ADDR:PORT/metrics
// (docs/prometheus-naming.md), until Ctrl-C or SIGTERM. Listens on the loopback address unless told.
#include "cli/agent_cache.h"
#include "cli/commands.h"
#include "cli/locked_source.h"
#include "cli/metrics_endpoint.h"
#include "cli/metrics_server.h"
#ifdef PERFSCOPE_HAVE_REMOTE
#include "cli/remote_endpoint.h"
#include "cli/remote_stdio_server.h"
#endif
#include "cli/set_instance_guard.h"
#include "cli/web_config.h"

#include "files/counter_set.h"
#include "naming/counter_path.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <csignal>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

struct ListenAddress {
    std::string host;
    int port = 0;
};

wpo::Result<ListenAddress> parse_listen(const std::string& text)
{
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
        return Error(Errc::invalid_argument, "--listen needs ADDR:PORT, got \"" + text + "\"");
    ListenAddress address;
    address.host = text.substr(0, colon);
    if (address.host.size() > 2 && address.host.front() == '[' && address.host.back() == ']')
        address.host = address.host.substr(1, address.host.size() - 2);
    const std::string port = text.substr(colon + 1);
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value > 65535)
        return Error(Errc::invalid_argument, "--listen: \"" + port + "\" is not a port number (0 to 65535)");
    address.port = static_cast<int>(value);
    return address;
}

// An object named by its title index ("5000"), as a path must name one the name table does not know (a
// provider's object under Wine).
std::optional<std::uint32_t> numeric_index(const std::string& text)
{
    std::uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value == 0)
        return std::nullopt;
    return value;
}

// The title indices of the objects a counter set's paths name, each once, in the order first named.
wpo::Result<std::vector<std::uint32_t>> objects_of_set(const files::CounterSet& set, const std::string& file,
                                                       const wpo::NameTable& names)
{
    std::vector<std::uint32_t> objects;
    for (const files::ViewSettings& view : set.views) {
        for (const files::CounterSetEntry& entry : view.counters) {
            auto path = wpo::CounterPath::parse(entry.path);
            if (!path)
                return Error(Errc::invalid_argument, file + ": " + path.error().message());
            if (!path->machine.empty())
                return Error(Errc::invalid_argument,
                             file + ": \"" + entry.path + "\" names another machine; serve exports this one");
            auto index = names.find_object(path->object);
            if (!index)
                index = numeric_index(path->object);
            if (!index)
                return Error(Errc::not_found, file + ": no object \"" + path->object + "\" on this machine");
            if (std::find(objects.begin(), objects.end(), *index) == objects.end())
                objects.push_back(*index);
        }
    }
    if (objects.empty())
        return Error(Errc::invalid_argument, file + " has no counters");
    return objects;
}

// A counter set as serve exports it: its objects, and the guard (serve's, from its flags, with the set's own
// instance_guard in its place).
struct ExportedSet {
    std::vector<std::uint32_t> objects;
    exporter::InstanceGuard guard;
};

wpo::Result<ExportedSet> load_exported_set(const std::string& file, const wpo::NameTable& names,
                                           const exporter::InstanceGuard& base)
{
    auto set = files::load_counter_set(file);
    if (!set)
        return set.error();
    auto objects = objects_of_set(*set, file, names);
    if (!objects)
        return objects.error();
    auto guard = set_instance_guard(*set, base, file);
    if (!guard)
        return guard.error();
    return ExportedSet{std::move(*objects), std::move(*guard)};
}

// The objects exported on /metrics and their guard: the default objects with serve's, or --set's.
wpo::Result<ExportedSet> exported_objects(const Options& options, const wpo::NameTable& names,
                                          const exporter::InstanceGuard& base)
{
    if (!options.set_file.empty())
        return load_exported_set(options.set_file, names, base);
    ExportedSet exported{{}, base};
    for (const char* name : kDefaultServeObjects)
        if (auto index = names.find_object(name))
            exported.objects.push_back(*index);
    return exported;
}

// A set's name as /metrics?set=NAME gives it: letters, digits, '.', '_' and '-', not starting with '.'.
bool valid_set_name(const std::string& name)
{
    if (name.empty() || name.size() > 64 || name.front() == '.')
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
               c == '-';
    });
}

// --sets-dir: every NAME.json of the folder, read once at start (a request never opens a file).
wpo::Status add_sets(const std::string& dir, const wpo::NameTable& names, const exporter::InstanceGuard& base,
                     MetricsEndpoint& endpoint)
{
    constexpr std::size_t kMaxSets = 256;
    std::error_code ec;
    std::vector<std::filesystem::path> files_found;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".json" && entry.is_regular_file(ec))
            files_found.push_back(entry.path());
        if (files_found.size() > kMaxSets)
            return Error(Errc::too_large, "--sets-dir " + dir + " holds more than 256 counter sets");
    }
    if (ec)
        return Error(Errc::invalid_argument, "--sets-dir " + dir + ": " + ec.message());
    for (const std::filesystem::path& file : files_found) {
        const std::string name = file.stem().string();
        if (!valid_set_name(name))
            return Error(Errc::invalid_argument, "--sets-dir: \"" + file.filename().string() +
                                                     "\" is not a usable set name (letters, digits, . _ -)");
        auto exported = load_exported_set(file.string(), names, base);
        if (!exported)
            return exported.error();
        endpoint.add_set(name, std::move(exported->objects), std::move(exported->guard));
    }
    return {};
}

// One cache for the whole agent: /metrics and the remote endpoints (HTTP and --stdio) collect through it, with
// one freshness interval, --cache-freshness (the process's cache, 500 ms, without it).
std::unique_ptr<AgentCache> make_agent_cache(const Options& options, Context& context, wpo::SharedSource& shared,
                                             std::unique_ptr<wpo::PerfObjectCache>& own_cache)
{
    if (options.cache_freshness_s) {
        wpo::CacheOptions cache_options;
        cache_options.freshness = std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::duration<double>(*options.cache_freshness_s));
        own_cache = std::make_unique<wpo::PerfObjectCache>(cache_options);
    }
    wpo::PerfObjectCache& cache = own_cache       ? *own_cache
                                  : context.cache ? *context.cache
                                                  : wpo::PerfObjectCache::process_default();
    return std::make_unique<AgentCache>(shared, cache);
}

}  // namespace

wpo::Status run_serve(const Options& options, Context& context)
{
    // /metrics and the remote endpoints answer on the server's worker threads: one source call at a time.
    LockedSource source(context.source);
    wpo::SharedSource shared(source);
    std::unique_ptr<wpo::PerfObjectCache> own_cache;
    const std::unique_ptr<AgentCache> agent = make_agent_cache(options, context, shared, own_cache);
    if (!agent->attached())
        return agent->attached();
#ifdef PERFSCOPE_HAVE_REMOTE
    RemoteEndpoint remote_endpoint(*agent, context.names, RemoteEndpoint::local_machine_name());
    RemoteEndpoint* remote = &remote_endpoint;
    if (options.stdio)  // the remote endpoints only, on stdin and stdout (docs/remote-protocol.md §4)
        return serve_stdio(remote_endpoint, 0, 1);
#else
    RemoteEndpoint* remote = nullptr;
    if (options.stdio)
        return Error(Errc::unsupported, "this build of perfscope-cli serves no remote clients (built without zstd)");
#endif
#if defined(SIGPIPE)
    // A client that goes away mid-response must cost its connection, not the agent (TLS writes through
    // write(), which raises SIGPIPE on a closed connection).
    std::signal(SIGPIPE, SIG_IGN);
#endif
    auto address = parse_listen(options.listen.empty() ? std::string(kDefaultListen) : options.listen);
    if (!address)
        return address.error();
    exporter::InstanceGuard guard;
    guard.max_instances = options.max_instances.value_or(exporter::kDefaultMaxInstances);
    if (!options.top_by.empty())
        guard.rank_counter = options.top_by;
    if (options.include_process) {
        auto pattern = exporter::compile_instance_pattern(*options.include_process, "--include-process");
        if (!pattern)
            return pattern.error();
        guard.include = std::move(*pattern);
    }
    if (options.exclude_process) {
        auto pattern = exporter::compile_instance_pattern(*options.exclude_process, "--exclude-process");
        if (!pattern)
            return pattern.error();
        guard.exclude = std::move(*pattern);
    }

    auto exported = exported_objects(options, context.names, guard);
    if (!exported)
        return exported.error();

    WebConfig web;
    if (!options.web_config.empty()) {
        auto loaded = load_web_config(options.web_config);
        if (!loaded)
            return loaded.error();
        web = std::move(*loaded);
    }
#if defined(PERFSCOPE_SERVE_PLAIN_HTTP)
    if (web.tls() || !web.users.empty())
        return Error(Errc::unsupported, "--web-config: this build of perfscope-cli serves plain HTTP without "
                                        "TLS or basic auth (no OpenSSL or bcrypt in its Windows build)");
#endif

    // Scrapes are entities of the shared cache: those arriving within its freshness share one collection.
    MetricsEndpoint endpoint(*agent, context.names, std::move(exported->objects), std::move(exported->guard));
    if (!options.sets_dir.empty())
        if (wpo::Status added = add_sets(options.sets_dir, context.names, guard, endpoint); !added)
            return added;
    auto server = MetricsServer::bind(endpoint, address->host, address->port, web, {}, remote);
    if (!server)
        return server.error();
    const bool ipv6 = address->host.find(':') != std::string::npos;
    std::fprintf(context.out, "perfscope-cli: serving %s://%s%s%s:%d/metrics%s\n", web.tls() ? "https" : "http",
                 ipv6 ? "[" : "", address->host.c_str(), ipv6 ? "]" : "", (*server)->port(),
                 web.users.empty() ? "" : " (basic auth)");
    std::fflush(context.out);

    std::atomic<bool> ended{false};
    bool served = true;
    std::thread serving([&] {
        served = (*server)->run();
        ended = true;
    });
    while (!stop_requested() && !ended)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    (*server)->stop();
    serving.join();
    if (!served && !stop_requested())
        return Error(Errc::io_error, "the HTTP server stopped");
    return {};
}

}  // namespace perfscope::cli
