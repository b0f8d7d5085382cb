// SPDX-License-Identifier: Apache-2.0
// Writes the seed corpora of fuzz_segment (corpus/segment/) and
// fuzz_definition (corpus/definition/):
//   make_publish_corpus <corpus dir> <publish/demo/perfscope-demo.counters>
// Segments: the demo's and a test definition's, with live instances, and
// damaged copies (magic, offsets, counts, an unterminated string).
#include "core/byte_io.h"
#include "published/definition.h"
#include "published/segment_layout.h"
#include "segment_writer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace L = wpo::published::layout;

namespace {

void write(const fs::path& path, const void* data, std::size_t size)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
}

std::vector<std::byte> segment(const wpo::published::Definition& d, bool with_instances)
{
    const auto plan = wpo::publish::plan_segment(d);
    std::vector<std::byte> out(plan.total_size);
    wpo::publish::write_segment(d, plan, out.data(), 1);
    wpo::publish::mark_ready(out.data());
    for (std::size_t i = 0; i < d.objects.size() && with_instances; ++i) {
        const auto& g = plan.objects[i];
        for (std::uint32_t s = 0; s < g.slot_count && s < 3; ++s) {
            std::byte* slot = out.data() + g.slots_offset + s * g.slot_size;
            wpo::store<std::uint32_t>(slot + L::slot::kLive, 1);
            const std::string name = "inst" + std::to_string(s);
            std::memcpy(slot + L::slot::kName, name.data(), name.size());
            for (std::uint32_t c = 0; c < g.counters; ++c)
                wpo::store<std::uint64_t>(slot + L::slot::kName + g.name_capacity + 8 * c, 1000 * s + c);
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: make_publish_corpus <corpus dir> <perfscope-demo.counters>\n");
        return 2;
    }
    const fs::path root = argv[1];
    std::ifstream in(argv[2], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string demo_text = text.str();
    auto demo = wpo::published::parse_definition(demo_text);
    if (!demo) {
        std::fprintf(stderr, "%s\n", demo.error().describe().c_str());
        return 1;
    }
    fs::create_directories(root / "segment");
    fs::create_directories(root / "definition");
    write(root / "definition" / "demo.counters", demo_text.data(), demo_text.size());
    const std::string small = "publisher = p\n[object]\nname = A\n[counter]\nname = c\ntype = raw32\n";
    write(root / "definition" / "small.counters", small.data(), small.size());
    const std::string bad = "publisher = p\n[object]\nname = A\n[counter]\nname = f\ntype = fraction\n";
    write(root / "definition" / "bad_fraction_without_base.counters", bad.data(), bad.size());

    const auto plain = segment(*demo, false);
    write(root / "segment" / "demo.bin", plain.data(), plain.size());
    const auto live = segment(*demo, true);
    write(root / "segment" / "demo_instances.bin", live.data(), live.size());
    auto damaged = [&](const char* name, std::uint32_t offset, std::uint32_t value) {
        auto copy = live;
        wpo::store<std::uint32_t>(copy.data() + offset, value);
        write(root / "segment" / name, copy.data(), copy.size());
    };
    damaged("bad_version.bin", L::header::kVersion, 2);
    damaged("bad_state.bin", L::header::kState, 0);
    damaged("bad_object_count.bin", L::header::kObjectCount, 3);
    damaged("bad_strings_size.bin", L::header::kStringsSize, wpo::load_u32(live.data() + L::header::kStringsSize) - 1);
    damaged("bad_slot_seq_odd.bin",
            wpo::load_u32(live.data() + L::header::kObjectsOffset + L::object::kSize + L::object::kSlotsOffset), 1);
    return 0;
}
