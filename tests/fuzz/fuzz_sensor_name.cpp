// SPDX-License-Identifier: Apache-2.0
// JPMF sensor names come from Java callers: parse_sensor_name must give a
// name or an invalid_argument Error for any text, and a name it accepts
// formats back (canonically escaped) to text that parses to the same name
// and formats to the same text again.
#include "naming/sensor_name.h"

#include <cstddef>
#include <cstdint>
#include <string>
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
    auto name = wpo::parse_sensor_name(text);
    if (!name) {
        check(name.error().code() == wpo::Errc::invalid_argument && !name.error().message().empty());
        return 0;
    }
    check(!name->object.empty() && !name->counter.empty() && (!name->instance || !name->instance->empty()));
    const std::string formatted = wpo::format_sensor_name(*name);
    auto again = wpo::parse_sensor_name(formatted);
    check(again.ok());
    check(*again == *name);
    check(wpo::format_sensor_name(*again) == formatted);
    return 0;
}
