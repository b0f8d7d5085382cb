// SPDX-License-Identifier: Apache-2.0
// Fuzz target: RecordingReader over arbitrary bytes (docs/recording-format.md).
// Opening either fails with a message or lists chunks that lie inside the
// file in rising order; reading every chunk either fails with a message
// naming the chunk's offset or yields blocks of the lengths their records
// state, which the block parser then walks.
#include "format/block_view.h"
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
                for (const wpo::ObjectView& object : view->objects())
                    (void)object;
        }
    }
    return 0;
}
