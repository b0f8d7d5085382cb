// SPDX-License-Identifier: Apache-2.0
#include "native/machine_bridge.h"

#include "cache/perf_object_cache.h"
#include "core/utf.h"

#ifdef PERFSCOPE_JNI_REMOTE
#include "remote/machine_address.h"
#include "remote/remote_source.h"
#endif

#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>

#ifndef _WIN32
#include <unistd.h>
#endif

namespace perfscope::jni {

struct MachineBridge::Parts {
    wpo::PerfObjectCache cache;
};

HandleTable<MachineBridge>& MachineBridge::table()
{
    static HandleTable<MachineBridge> machines;
    return machines;
}

MachineBridge::~MachineBridge()
{
    m_bridge.reset();  // its snapshots and samplers hold copies in the cache
}

bool MachineBridge::is_this_machine(std::string_view machine)
{
    if (machine.empty() || wpo::iequals(machine, "localhost"))
        return true;
    if (machine.find(':') != std::string_view::npos)  // a port (or ssh://): an agent, even on this host
        return false;
#ifdef _WIN32
    const char* name = std::getenv("COMPUTERNAME");
    return name && wpo::iequals(machine, name);
#else
    char name[256] = {};
    return gethostname(name, sizeof name - 1) == 0 && wpo::iequals(machine, name);
#endif
}

#ifdef PERFSCOPE_JNI_REMOTE

wpo::Result<std::shared_ptr<MachineBridge>> MachineBridge::connect(std::string_view machine, const TlsConnect& tls,
                                                                   bool shared)
{
    // Host names and ssh:// are case-insensitive; a user name is not, but two spellings of one machine
    // merely cost a second source.
    std::string key;
    for (const char c : machine)
        key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<MachineBridge>> open;
    std::lock_guard guard(mutex);
    std::erase_if(open, [](const auto& entry) { return entry.second.expired(); });
    if (shared)
        if (auto it = open.find(key); it != open.end())
            if (auto held = it->second.lock())
                return held;

    auto address = wpo::remote::MachineAddress::parse(machine);
    if (!address)
        return address.error();
    auto source = [&]() -> wpo::Result<std::unique_ptr<wpo::remote::RemoteSource>> {
        if (address->kind != wpo::remote::MachineAddress::Kind::https || !tls)
            return wpo::remote::RemoteSource::open(machine);
        return std::make_unique<wpo::remote::RemoteSource>(
            std::string(machine), [tls, host = address->host, port = address->port] { return tls(host, port); });
    }();
    if (!source)
        return source.error();
    // The names now: a machine that cannot be reached is told at once, with its address.
    if (auto names = (*source)->load_names(); !names)
        return names.error();
    std::shared_ptr<MachineBridge> result(new MachineBridge());
    result->m_machine = std::string(machine);
    result->m_parts = std::make_unique<Parts>();
    wpo::SnapshotOptions options;
    options.cache = &result->m_parts->cache;
    result->m_bridge = std::make_unique<Bridge>(std::move(*source), options);
    // The bridge's own copy of the names, now, while no sampler can collect: the bridge loads them outside
    // the source's lock, and a RemoteSource serves one request at a time.
    if (!result->m_bridge->name_table())
        return wpo::Error(wpo::Errc::io_error, "\\\\" + result->m_machine + ": the names could not be read again");
    if (shared)
        open[key] = result;
    return result;
}

#else

wpo::Result<std::shared_ptr<MachineBridge>> MachineBridge::connect(std::string_view machine, const TlsConnect&, bool)
{
    return wpo::Error(wpo::Errc::unsupported,
                      "\\\\" + std::string(machine) +
                          ": this build of the Perfscope library cannot read other machines (remote machines are "
                          "read by the Linux x86_64 library only)");
}

#endif

}  // namespace perfscope::jni
