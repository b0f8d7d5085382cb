// SPDX-License-Identifier: Apache-2.0
// org.perfscope.wpo.Machine's native side: another machine, read from its agent (`perfscope-cli serve`,
// docs/remote-protocol.md) through a RemoteSource. One bridge per machine in the process, each with its
// own source and cache, so every sampler of one machine shares its collections (and nothing of it mixes
// with this machine's cache); connect() hands out the bridge already open for that machine while any
// Java Machine still holds it.
//
// HOST:PORT machines are read over HTTP by the engine's HttpTransport (cpp-httplib's single header compiled
// into the library), https:// machines through the transport the caller gives (the JNI library's goes through
// the JVM's TLS, java_https_transport.h), ssh:// machines through the system's ssh
// and `perfscope-cli serve --stdio` (process_transport.h), as perfscope-cli does. A machine that goes down
// fails the samples taken meanwhile with the source's error, which names the machine; the source connects
// again on the next one.
//
// Without wpo_remote or cpp-httplib's single header in the build (cross builds, no zstd, no
// scripts/httplib-source.sh) connect() fails with Errc::unsupported.
#pragma once

#include "core/result.h"
#include "native/bridge.h"
#include "native/handle_table.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace wpo::remote {
class Transport;
}

namespace perfscope::jni {

class MachineBridge {
public:
    // The Java Machines of the process, by handle (several handles may hold one bridge).
    static HandleTable<MachineBridge>& table();

    // Whether `machine` (as a counter path names it, without the leading backslashes) is this one: empty,
    // "localhost" or this host's name, without a port.
    static bool is_this_machine(std::string_view machine);

    // Makes a connection to the agent at HOST:PORT over TLS (called again after each failure).
    using TlsConnect =
        std::function<wpo::Result<std::unique_ptr<wpo::remote::Transport>>(const std::string& host, int port)>;

    // The bridge of `machine` (HOST, HOST:PORT, [V6]:PORT, https://HOST[:PORT], ssh://[USER@]HOST[:PORT]), its
    // names fetched so that a machine that cannot be reached fails here, naming its address. `tls`: how an
    // https:// machine is reached (empty: the engine's HttpTransport). `shared`: whether the bridge is handed
    // out again to the next connect() of the machine; a caller's own credentials make a bridge of their own.
    static wpo::Result<std::shared_ptr<MachineBridge>> connect(std::string_view machine, const TlsConnect& tls = {},
                                                               bool shared = true);
    ~MachineBridge();
    MachineBridge(const MachineBridge&) = delete;
    MachineBridge& operator=(const MachineBridge&) = delete;

    Bridge& bridge() { return *m_bridge; }
    const std::string& machine() const { return m_machine; }

private:
    MachineBridge() = default;

    std::string m_machine;
    struct Parts;
    std::unique_ptr<Parts> m_parts;  // the cache; declared before the bridge, which holds copies in it
    std::unique_ptr<Bridge> m_bridge;
};

}  // namespace perfscope::jni
