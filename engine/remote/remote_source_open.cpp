// SPDX-License-Identifier: Apache-2.0
// RemoteSource::open in a file of its own: the one part of the source that needs cpp-httplib, so that a
// library making its own transports (the Java library) links the rest without it.
#include "remote/http_transport.h"
#include "remote/machine_address.h"
#include "remote/process_transport.h"
#include "remote/remote_source.h"

#include <cstdlib>

namespace wpo::remote {

Result<std::unique_ptr<RemoteSource>> RemoteSource::open(std::string_view machine)
{
    auto address = MachineAddress::parse(machine);
    if (!address)
        return address.error();
    Connect connect;
    if (address->kind == MachineAddress::Kind::ssh) {
        connect = [argv = address->ssh_command(std::getenv("PERFSCOPE_SSH"), std::getenv("PERFSCOPE_REMOTE_CLI"))]()
            -> Result<std::unique_ptr<Transport>> {
            auto started = ProcessTransport::start(argv);
            if (!started)
                return started.error();
            return std::unique_ptr<Transport>(std::move(*started));
        };
    } else {
        const bool tls = address->kind == MachineAddress::Kind::https;
        connect = [host = address->host, port = address->port, tls,
                   credentials = MachineAddress::credentials_from(
                       std::getenv("PERFSCOPE_REMOTE_CA"), std::getenv("PERFSCOPE_REMOTE_USER"),
                       std::getenv("PERFSCOPE_REMOTE_PASSWORD"))]() -> Result<std::unique_ptr<Transport>> {
            return std::unique_ptr<Transport>(std::make_unique<HttpTransport>(host, port, tls, credentials));
        };
    }
    return std::make_unique<RemoteSource>(std::string(machine), std::move(connect));
}

}  // namespace wpo::remote
