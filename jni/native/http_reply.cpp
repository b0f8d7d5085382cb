// SPDX-License-Identifier: Apache-2.0
#include "native/http_reply.h"

#include "core/utf.h"

#include <charconv>
#include <string>

namespace perfscope::jni {
namespace {

using wpo::Errc;
using wpo::Error;

constexpr std::size_t kMaxHeaderBytes = 64 * 1024;

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

bool parse_size(std::string_view text, int base, std::size_t& out)
{
    if (text.empty())
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
    return ec == std::errc() && end == text.data() + text.size();
}

// A chunked body (RFC 9112 §7.1) into `out`; trailers are skipped.
wpo::Status read_chunked(std::string_view rest, std::size_t max_body, std::string& out)
{
    for (;;) {
        const std::size_t eol = rest.find("\r\n");
        if (eol == std::string_view::npos)
            return Error(Errc::truncated, "the agent's answer ends inside a chunk header");
        std::string_view size_text = rest.substr(0, eol);
        if (const std::size_t ext = size_text.find(';'); ext != std::string_view::npos)
            size_text = size_text.substr(0, ext);
        std::size_t size = 0;
        if (!parse_size(trim(size_text), 16, size))
            return Error(Errc::invalid_argument, "the agent's answer has a malformed chunk size");
        rest.remove_prefix(eol + 2);
        if (size == 0)
            return {};
        if (size > max_body - out.size())
            return Error(Errc::too_large, "the agent's answer is longer than " + std::to_string(max_body) + " bytes");
        if (rest.size() < size + 2)
            return Error(Errc::truncated, "the agent's answer ends inside a chunk");
        out.append(rest.substr(0, size));
        rest.remove_prefix(size + 2);
    }
}

}  // namespace

wpo::Result<wpo::remote::Reply> parse_http_reply(std::string_view raw, std::size_t max_body)
{
    const std::size_t head_end = raw.find("\r\n\r\n");
    if (head_end == std::string_view::npos)
        return Error(raw.size() > kMaxHeaderBytes ? Errc::too_large : Errc::truncated,
                     "the agent's answer ends before its headers do");
    if (head_end > kMaxHeaderBytes)
        return Error(Errc::too_large,
                     "the agent's answer has more than " + std::to_string(kMaxHeaderBytes) + " bytes of headers");
    std::string_view head = raw.substr(0, head_end + 2);
    std::string_view rest = raw.substr(head_end + 4);

    // "HTTP/1.1 200 OK"
    const std::size_t line_end = head.find("\r\n");
    const std::string_view status_line = head.substr(0, line_end);
    head.remove_prefix(line_end + 2);
    if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12 || status_line[8] != ' ')
        return Error(Errc::invalid_argument, "the answer is not HTTP/1.x (no agent at that address?)");
    std::size_t status = 0;
    if (!parse_size(status_line.substr(9, 3), 10, status) || status < 100 ||
        (status_line.size() > 12 && status_line[12] != ' '))
        return Error(Errc::invalid_argument, "the agent's answer has a malformed status line");

    bool has_length = false;
    bool chunked = false;
    std::size_t length = 0;
    while (!head.empty()) {
        const std::size_t eol = head.find("\r\n");
        const std::string_view line = head.substr(0, eol);
        head.remove_prefix(eol + 2);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            return Error(Errc::invalid_argument, "the agent's answer has a header line without ':'");
        const std::string_view name = line.substr(0, colon);
        const std::string_view value = trim(line.substr(colon + 1));
        if (wpo::iequals(name, "Content-Length")) {
            if (!parse_size(value, 10, length))
                return Error(Errc::invalid_argument, "the agent's answer has a malformed Content-Length");
            has_length = true;
        } else if (wpo::iequals(name, "Transfer-Encoding")) {
            chunked = wpo::iequals(value, "chunked");
        }
    }

    wpo::remote::Reply reply;
    reply.status = static_cast<int>(status);
    if (chunked) {
        if (wpo::Status read = read_chunked(rest, max_body, reply.body); !read)
            return read.error();
        return reply;
    }
    if (has_length) {
        if (length > max_body)
            return Error(Errc::too_large, "the agent's answer is longer than " + std::to_string(max_body) + " bytes");
        if (rest.size() < length)
            return Error(Errc::truncated, "the agent's answer ends after " + std::to_string(rest.size()) + " of " +
                                              std::to_string(length) + " bytes");
        rest = rest.substr(0, length);
    } else if (rest.size() > max_body) {
        return Error(Errc::too_large, "the agent's answer is longer than " + std::to_string(max_body) + " bytes");
    }
    reply.body.assign(rest);
    return reply;
}

}  // namespace perfscope::jni
