// SPDX-License-Identifier: Apache-2.0
// An HTTP/1.1 answer as the agent sends it (docs/remote-protocol.md): a status line, headers, a body of
// Content-Length bytes (or up to the end of the connection without one; chunked bodies are read too).
// The Java library reads the agent through its own small client (socket_transport.h) rather than
// cpp-httplib, whose Debian build is a shared library needing the system's libstdc++ and OpenSSL, which
// the Java library must load without (docs/java.md, "Where the library loads").
#pragma once

#include "core/result.h"
#include "remote/transport.h"

#include <cstddef>
#include <string_view>

namespace perfscope::jni {

// The answer in `raw` (all bytes read until the server closed), the body at most `max_body` bytes.
// Errc::truncated for an answer cut short, Errc::invalid_argument for one that is not HTTP/1.x,
// Errc::too_large for a longer body.
wpo::Result<wpo::remote::Reply> parse_http_reply(std::string_view raw, std::size_t max_body);

}  // namespace perfscope::jni
