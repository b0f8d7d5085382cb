// SPDX-License-Identifier: Apache-2.0
// Fuzz target: SegmentView::parse over any bytes as a published-counters
// segment (engine/published/segment_layout.h). The bytes are copied into
// 8-aligned memory, as a mapping is. A rejected segment is an Error with a
// message; an accepted one must read into a data block that BlockView
// accepts, for every query kind, with exactly the objects it selects, and
// give its names at the indices it announces.
#include "format/block_builder.h"
#include "format/block_view.h"
#include "published/segment_view.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
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
    std::vector<std::uint64_t> words((size + 7) / 8);
    if (size)
        std::memcpy(words.data(), data, size);
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(words.data()), size);
    auto view = wpo::published::SegmentView::parse(bytes);
    if (!view) {
        check(!view.error().message().empty());
        return 0;
    }
    constexpr std::uint32_t kBase = 1000;
    const auto& objects = view->definition().objects;
    std::string all;
    for (std::size_t i = 0; i < objects.size(); ++i)
        all += std::to_string(view->object_index(i, kBase)) + " ";
    std::vector<std::byte> buffer;
    wpo::published::ReadScratch scratch;
    for (const char* query : {"Global", "Costly", all.c_str()}) {
        wpo::ObjectQuery q;
        check(q.parse(query).ok());
        wpo::BlockBuilder b(buffer);
        b.begin({}, "FUZZ");
        const auto r = view->append(b, q, kBase, scratch);
        b.finish();
        auto block = wpo::BlockView::parse(buffer);
        check(block.ok());
        check(block->object_count() == r.objects);
        std::uint32_t selected = 0;
        for (std::size_t i = 0; i < objects.size(); ++i)
            selected += view->selects(q, i, kBase) ? 1 : 0;
        check(r.objects + r.not_ready == selected);
        for (const auto& o : block->objects()) {
            check(o.counter_count() >= 1);
            for (const auto& inst : o.instances())
                (void)inst.name();
        }
    }
    wpo::NameTable names;
    view->add_names(names, kBase);
    check(names.names().size() == view->index_count() / 2);
    check(names.name(kBase) == objects[0].name);
    return 0;
}
