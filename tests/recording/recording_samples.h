// SPDX-License-Identifier: Apache-2.0
// Blocks for the recording tests: a TestMachine whose processes come, go and
// burn CPU, collected for whole objects once a second, and a file helper.
#pragma once

#include "format/block_view.h"
#include "recording/recording_layout.h"
#include "recording/recording_reader.h"
#include "test_machine.h"

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

namespace wpo::recording::test {

inline constexpr const char* kMachineQuery = "2 238 230 232";

struct Sample {
    std::vector<std::byte> block;
    RecordTimes times;
};

// `count` collections one second apart; a process starts at 3 and ends at 7.
inline std::vector<Sample> machine_samples(std::size_t count)
{
    wpo::test::TestMachine machine;
    machine.start_process("init", 1, 0.05);
    machine.start_process("burner", 100, 0.25);
    std::vector<Sample> samples;
    for (std::size_t i = 0; i < count; ++i) {
        if (i == 3)
            machine.start_process("late", 200, 0.5);
        if (i == 7)
            machine.end_process(200);
        Sample sample;
        if (!machine.source().collect(kMachineQuery, sample.block))
            return {};
        auto view = BlockView::parse(sample.block);
        if (!view)
            return {};
        sample.times = RecordTimes::of(view->header());
        samples.push_back(std::move(sample));
        machine.advance(1.0);
    }
    return samples;
}

inline NameTable machine_names()
{
    NameTable names;
    names.set_name(2, "System");
    names.set_name(6, "% Processor Time");
    names.set_name(230, "Process");
    names.set_name(232, "Thread");
    names.set_name(238, "Processor");
    names.set_help(7, "Time the processor was busy.");
    return names;
}

inline std::vector<std::byte> read_file(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i)
        bytes[i] = static_cast<std::byte>(chars[i]);
    return bytes;
}

inline std::filesystem::path temp_path(const std::string& name)
{
    return std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()) + ".psrec");
}

// Every block of every chunk, in order; a chunk that does not read is a test failure.
inline std::vector<RecordedBlock> read_all(RecordingReader& reader)
{
    std::vector<RecordedBlock> all, chunk;
    for (std::size_t i = 0; i < reader.chunks().size(); ++i) {
        Status status = reader.read_chunk(i, chunk);
        EXPECT_TRUE(status) << status.error().describe();
        all.insert(all.end(), chunk.begin(), chunk.end());
    }
    return all;
}

}  // namespace wpo::recording::test
