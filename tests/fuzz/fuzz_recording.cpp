// SPDX-License-Identifier: Apache-2.0
// Fuzz target: RecordingReader over arbitrary bytes (docs/recording-format.md).
// Opening either fails with a message or lists chunks that lie inside the
// file in rising order; reading every chunk either fails with a message
// naming the chunk's offset or yields blocks of the lengths their records
// state, which the block parser then walks and relog's block cut rewrites.
#include "format/block_view.h"
#include "recording/block_cut.h"
#include "recording/recording_reader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

// relog -f bin -c's cut of a block that parsed: every other object whole, the
// others cut to their even instances, is a sound block with those counts.
void check_cut(const wpo::BlockView& view)
{
    std::vector<wpo::recording::ObjectCut> cuts;
    for (const wpo::ObjectView& object : view.objects()) {
        wpo::recording::ObjectCut& cut = cuts.emplace_back();
        cut.name_index = object.name_index();
        cut.whole = cuts.size() % 2 == 1;
        for (std::uint32_t i = 0; i < object.instance_count(); i += 2)
            cut.positions.push_back(i);
    }
    std::vector<std::byte> out;
    wpo::recording::cut_block(view, cuts, out);
    auto cut_view = wpo::BlockView::parse(out);
    check(cut_view && cut_view->left_out().empty() && cut_view->object_count() == view.object_count());
    auto before = view.objects().begin();
    for (const wpo::ObjectView& object : cut_view->objects()) {
        const wpo::ObjectView was = *before++;
        const wpo::recording::ObjectCut* cut = nullptr;
        for (const auto& c : cuts)
            if (!cut && c.name_index == was.name_index())
                cut = &c;
        check(object.name_index() == was.name_index() && object.has_instances() == was.has_instances());
        check(object.instance_count() == (cut->whole ? was.instance_count() : (was.instance_count() + 1) / 2));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto* first = reinterpret_cast<const std::byte*>(data);
    auto reader = wpo::recording::RecordingReader::from_bytes(std::vector<std::byte>(first, first + size));
    if (!reader) {
        check(!reader.error().message().empty());
        return 0;
    }
    const auto& chunks = reader->chunks();
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        check(chunks[i].offset < size);
        check(i == 0 || chunks[i - 1].offset < chunks[i].offset);
    }
    (void)reader->chunk_at(0);
    std::vector<wpo::recording::RecordedBlock> blocks;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        wpo::Status status = reader->read_chunk(i, blocks);
        if (!status) {
            check(status.error().message().find("offset " + std::to_string(chunks[i].offset)) != std::string::npos);
            continue;
        }
        check(!blocks.empty());
        for (const auto& block : blocks) {
            check(!block.query.empty() && !block.bytes.empty());
            if (auto view = wpo::BlockView::parse(block.bytes))
                check_cut(*view);
        }
    }
    return 0;
}
