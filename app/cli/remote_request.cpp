// SPDX-License-Identifier: Apache-2.0
#include "cli/remote_request.h"

#include "remote/remote_protocol.h"
#include "remote/wire_format.h"

namespace perfscope::cli {

using wpo::Errc;
using wpo::Error;

const std::string* RemoteRequest::param(std::string_view name) const
{
    for (const auto& [key, value] : params)
        if (key == name)
            return &value;
    return nullptr;
}

wpo::Result<RemoteRequest> parse_request_line(std::string_view line)
{
    if (line.size() >= wpo::remote::kMaxRequestLineBytes)
        return Error(Errc::too_large,
                     "request line longer than " + std::to_string(wpo::remote::kMaxRequestLineBytes - 1) + " bytes");
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    for (const char c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            return Error(Errc::invalid_argument, "control character in the request line");
    RemoteRequest request;
    const auto space = line.find(' ');
    if (space == std::string_view::npos || space == 0)
        return Error(Errc::invalid_argument, "expected \"METHOD /path[?query]\"");
    request.method = line.substr(0, space);
    if (request.method.size() > 16)
        return Error(Errc::invalid_argument, "method longer than 16 characters");
    std::string_view target = line.substr(space + 1);
    if (const auto version = target.find(' '); version != std::string_view::npos) {
        if (!target.substr(version + 1).starts_with("HTTP/1.") || target.substr(version + 1).size() != 8)
            return Error(Errc::invalid_argument, "expected \"METHOD /path[?query] [HTTP/1.x]\"");
        target = target.substr(0, version);
    }
    if (!target.starts_with('/'))
        return Error(Errc::invalid_argument, "the target must start with '/'");
    const auto question = target.find('?');
    auto path = wpo::remote::percent_decode(target.substr(0, question));
    if (!path)
        return path.error();
    request.path = std::move(*path);
    if (question == std::string_view::npos)
        return request;
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (pair.empty())
            continue;
        if (request.params.size() == wpo::remote::kMaxParameters)
            return Error(Errc::invalid_argument,
                         "more than " + std::to_string(wpo::remote::kMaxParameters) + " query parameters");
        const auto equals = pair.find('=');
        auto key = wpo::remote::percent_decode(pair.substr(0, equals));
        if (!key)
            return key.error();
        auto value = wpo::remote::percent_decode(equals == std::string_view::npos ? std::string_view()
                                                                                  : pair.substr(equals + 1));
        if (!value)
            return value.error();
        request.params.emplace_back(std::move(*key), std::move(*value));
    }
    return request;
}

}  // namespace perfscope::cli
