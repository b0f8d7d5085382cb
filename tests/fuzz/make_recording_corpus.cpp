// SPDX-License-Identifier: Apache-2.0
// Writes the starting corpus of fuzz_recording: small recordings of the test source's
// blocks, closed (with an index), cut inside a chunk (walked) and with one
// block per chunk.
//   make_recording_corpus <dir>  ->  <dir>/recording/*.bin
#include "recording/recording_writer.h"
#include "test_source.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

using namespace wpo;
namespace fs = std::filesystem;

TestSource machine()
{
    TestObject memory;
    memory.name_index = 4;
    memory.counters = {{24, 25, 0x00010100, 0}, {26, 27, 0x00000400, 0}};
    memory.values = {1 << 20, 7};
    TestObject processor;
    processor.name_index = 238;
    processor.has_instances = true;
    processor.counters = {{6, 7, 0x25510500, 0}};
    processor.instances = {{"0", {1000}}, {"_Total", {1000}}};
    NameTable names;
    names.set_name(4, "Memory");
    names.set_name(238, "Processor");
    names.set_name(6, "% Processor Time");
    return TestSource({memory, processor}, names);
}

bool write(const fs::path& path, std::uint32_t per_chunk, int blocks)
{
    TestSource source = machine();
    recording::WriterOptions options;
    options.max_blocks_per_chunk = per_chunk;
    auto writer = recording::RecordingWriter::create(path.string(), {"corpus", "Linux", *source.load_names()}, options);
    if (!writer)
        return false;
    std::vector<std::byte> block;
    for (int i = 0; i < blocks; ++i) {
        source.objects()[0].values[1] += 3;
        source.objects()[1].instances[0].values[0] += 5'000'000;
        source.advance_seconds(1.0);
        if (!source.collect("4 238", block))
            return false;
        recording::RecordTimes times{source.times().perf_time_100ns, source.times().perf_time,
                                     source.times().perf_freq};
        if (!writer->append("4 238", block, times))
            return false;
    }
    return static_cast<bool>(writer->close());
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_recording_corpus <corpus dir>\n");
        return 2;
    }
    const fs::path dir = fs::path(argv[1]) / "recording";
    fs::create_directories(dir);
    if (!write(dir / "closed.bin", 3, 7) || !write(dir / "one_per_chunk.bin", 1, 3))
        return 1;
    // The same as closed.bin, cut inside its last chunk: no index.
    std::ifstream in(dir / "closed.bin", std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bytes.resize(bytes.size() * 3 / 4);
    std::ofstream(dir / "cut.bin", std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return 0;
}
