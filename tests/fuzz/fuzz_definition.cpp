// SPDX-License-Identifier: Apache-2.0
// Fuzz target: parse_definition over any bytes as a definition file
// (docs/publishing.md). A rejected file is an invalid_argument Error whose
// message starts with "line " or names the rule it breaks; an accepted one
// must lay out into a segment (the publishing library's writer) that the
// reader accepts and reads back as the same definition.
#include "published/definition.h"
#include "published/segment_view.h"
#include "segment_writer.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

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
    auto d = wpo::published::parse_definition(text);
    if (!d) {
        check(d.error().code() == wpo::Errc::invalid_argument && !d.error().message().empty());
        return 0;
    }
    check(wpo::published::validate(*d).ok());
    const auto plan = wpo::publish::plan_segment(*d);
    std::vector<std::uint64_t> words((plan.total_size + 7) / 8);
    auto* segment = reinterpret_cast<std::byte*>(words.data());
    wpo::publish::write_segment(*d, plan, segment, 1);
    wpo::publish::mark_ready(segment);
    auto view = wpo::published::SegmentView::parse({segment, plan.total_size});
    check(view.ok());
    const auto& back = view->definition();
    check(back.publisher == d->publisher && back.objects.size() == d->objects.size());
    for (std::size_t i = 0; i < back.objects.size(); ++i) {
        const auto& a = back.objects[i];
        const auto& b = d->objects[i];
        check(a.name == b.name && a.help == b.help && a.detail_level == b.detail_level &&
              a.max_instances == b.max_instances && a.costly == b.costly && a.default_counter == b.default_counter &&
              a.counters.size() == b.counters.size());
        for (std::size_t c = 0; c < a.counters.size(); ++c) {
            const auto& x = a.counters[c];
            const auto& y = b.counters[c];
            check(x.name == y.name && x.help == y.help && x.type == y.type && x.default_scale == y.default_scale &&
                  x.detail_level == y.detail_level);
        }
    }
    return 0;
}
