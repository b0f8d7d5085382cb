// SPDX-License-Identifier: Apache-2.0
// The Java library's reading of an agent's HTTP answers (jni/native/http_reply.h): whatever bytes a server
// sends until it closes. Each gives a reply or an Error; a reply's body fits the limit and lies within the input.
#include "native/http_reply.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const std::size_t limit : {std::size_t{0}, std::size_t{16}, std::size_t{1} << 20}) {
        auto reply = perfscope::jni::parse_http_reply(text, limit);
        if (!reply) {
            check(!reply.error().message().empty());
            continue;
        }
        check(reply->status >= 100 && reply->status <= 999);
        check(reply->body.size() <= limit && reply->body.size() < size);
    }
    return 0;
}
