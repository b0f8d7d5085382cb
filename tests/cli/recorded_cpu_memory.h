// SPDX-License-Identifier: Apache-2.0
// What the record and relog tests compare the CLI's rows with: the raw values of _Total's
// % Processor Time and Memory's Available Bytes in each block of a recording, read with the recording
// reader and the block views (not through the decoder the CLI uses), and the formula that cooks the first.
#pragma once

#include "format/block_view.h"
#include "format/counter_type.h"
#include "recording/recording_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace perfscope::tests {

inline constexpr const char* kCpuPath = "\\Processor(_Total)\\% Processor Time";
inline constexpr const char* kMemoryPath = "\\Memory\\Available Bytes";

struct RecordedCpuMemory {
    std::int64_t time_100ns = 0;
    std::uint32_t cpu_type = 0;  // of % Processor Time: PERF_100NSEC_TIMER_INV
    std::uint64_t cpu = 0;
    std::uint64_t available = 0;
};

// Every block of the recording, in order (a failure to read is a test failure and ends the list).
inline std::vector<wpo::recording::RecordedBlock> recorded_blocks(const std::filesystem::path& file)
{
    auto reader = wpo::recording::RecordingReader::open(file.string());
    EXPECT_TRUE(reader) << reader.error().describe();
    std::vector<wpo::recording::RecordedBlock> out;
    if (!reader)
        return out;
    std::vector<wpo::recording::RecordedBlock> chunk;
    for (std::size_t c = 0; c < reader->chunks().size(); ++c) {
        EXPECT_TRUE(reader->read_chunk(c, chunk));
        out.insert(out.end(), chunk.begin(), chunk.end());
    }
    return out;
}

inline std::vector<RecordedCpuMemory> recorded_cpu_memory(const std::filesystem::path& file)
{
    auto reader = wpo::recording::RecordingReader::open(file.string());
    if (!reader)
        return {};
    const wpo::NameTable& names = reader->info().names;
    std::vector<RecordedCpuMemory> out;
    for (const auto& recorded : recorded_blocks(file)) {
        auto block = wpo::BlockView::parse(recorded.bytes);
        EXPECT_TRUE(block);
        if (!block)
            break;
        RecordedCpuMemory raw;
        raw.time_100ns = block->header().perf_time_100ns;
        const auto processor = block->find_object(*names.find_object("Processor"));
        const auto memory = block->find_object(*names.find_object("Memory"));
        EXPECT_TRUE(processor && memory);
        if (!processor || !memory)
            break;
        const auto cpu = names.find_counter(*processor, "% Processor Time");
        const auto available = names.find_counter(*memory, "Available Bytes");
        EXPECT_TRUE(cpu && available);
        for (const wpo::CounterDefinition& def : processor->counters())
            if (cpu && def.name_index == *cpu) {
                raw.cpu_type = def.type;
                for (const wpo::InstanceView& instance : processor->instances())
                    if (instance.name() == "_Total")
                        raw.cpu = instance.counters().value(def);
            }
        for (const wpo::CounterDefinition& def : memory->counters())
            if (available && def.name_index == *available)
                raw.available = memory->counter_block().value(def);
        out.push_back(raw);
    }
    return out;
}

// PERF_100NSEC_TIMER_INV between two samples: the idle share of the elapsed 100 ns ticks, inverted.
inline double cpu_percent(const RecordedCpuMemory& before, const RecordedCpuMemory& after)
{
    const double idle =
        static_cast<double>(after.cpu - before.cpu) / static_cast<double>(after.time_100ns - before.time_100ns);
    return std::max(0.0, 100.0 * (1.0 - idle));
}

}  // namespace perfscope::tests
