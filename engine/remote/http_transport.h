// SPDX-License-Identifier: Apache-2.0
// A Transport over HTTP/1.1 or HTTPS (cpp-httplib, kept inside the .cpp), one kept-alive connection.
#pragma once

#include "remote/machine_address.h"
#include "remote/transport.h"

#include <memory>
#include <string>

namespace wpo::remote {

class HttpTransport : public Transport {
public:
    // `tls`: HTTPS, the agent's certificate verified against `credentials.ca_file` (or the system's
    // certificates) and its host name. Basic auth when `credentials.user` is set, over HTTPS only: a
    // password is never sent in the clear.
    HttpTransport(const std::string& host, int port, bool tls = false,
                  const MachineAddress::Credentials& credentials = {});
    ~HttpTransport() override;
    HttpTransport(const HttpTransport&) = delete;
    HttpTransport& operator=(const HttpTransport&) = delete;

    Result<Reply> get(std::string_view target) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_where;    // https://host:port or host:port, for messages
    std::string m_refusal;  // why no request can be made (TLS asked of a build without it), else empty
};

}  // namespace wpo::remote
