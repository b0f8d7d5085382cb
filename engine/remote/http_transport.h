// SPDX-License-Identifier: Apache-2.0
// A Transport over plain HTTP/1.1 (cpp-httplib, kept inside the .cpp), one kept-alive connection.
#pragma once

#include "remote/transport.h"

#include <memory>
#include <string>

namespace wpo::remote {

class HttpTransport : public Transport {
public:
    HttpTransport(const std::string& host, int port);
    ~HttpTransport() override;
    HttpTransport(const HttpTransport&) = delete;
    HttpTransport& operator=(const HttpTransport&) = delete;

    Result<Reply> get(std::string_view target) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_where;  // host:port, for messages
};

}  // namespace wpo::remote
