// SPDX-License-Identifier: Apache-2.0
// Counter sets and the JSON under them (docs/counter-sets.md; files the
// desktop app saves and users edit): any bytes as a file. parse_json and
// parse_counter_set give a value or an invalid_argument error placed at
// "line L, column C"; an accepted document formats to text that parses to
// the same value, and an accepted set formats to text that parses to the
// same set and formats to the same text again. An accepted instance guard
// is within its bounds (serve relies on them).
#include "files/counter_set.h"
#include "files/json_value.h"

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
    using namespace perfscope::files;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    auto json = parse_json(text);
    if (json) {
        auto again = parse_json(format_json(*json));
        check(again.ok() && *again == *json);
    } else {
        check(json.error().code() == wpo::Errc::invalid_argument);
        check(json.error().message().starts_with("line "));
    }

    auto set = parse_counter_set(text);
    if (!set) {
        check(set.error().code() == wpo::Errc::invalid_argument);
        check(set.error().message().starts_with("line "));
        return 0;
    }
    check(json.ok());
    if (set->instance_guard) {
        const SetInstanceGuard& guard = *set->instance_guard;
        check(!guard.max_instances || *guard.max_instances <= kMaxGuardInstances);
        for (const auto* field : {&guard.rank_counter, &guard.include, &guard.exclude})
            check(!*field || (!(*field)->empty() && (*field)->size() <= kMaxGuardTextBytes));
    }
    const std::string written = format_counter_set(*set);
    auto back = parse_counter_set(written);
    check(back.ok() && *back == *set);
    check(format_counter_set(*back) == written);
    return 0;
}
