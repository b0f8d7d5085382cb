// SPDX-License-Identifier: Apache-2.0
// Where segments live and how readers find them (docs/publishing.md,
// "Finding segments").
//
// Linux: one POSIX shared memory object per running publisher,
// /dev/shm/perfscope-counters.<slot>, slot 0..kLinuxSlots-1, claimed with
// O_EXCL by the publisher. The slot fixes the segment's title indices:
// base = kLinuxFirstIndex + slot * kLinuxIndicesPerSlot, stable while the
// publisher runs. Readers list the directory.
//
// Windows: file mappings cannot be listed, so each publisher name has a
// small directory mapping Local\perfscope.<publisher> (layout below) whose
// pid word names the live publisher; its data segment is
// Local\perfscope.<publisher>.<pid>. Indices come from the provider's
// registration (First Counter), not from here.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wpo::published {

inline constexpr std::uint32_t kLinuxFirstIndex = 60000;
inline constexpr std::uint32_t kLinuxIndicesPerSlot = 5000;  // >= 2 x layout::kMaxItems
inline constexpr std::uint32_t kLinuxSlots = 64;
inline constexpr std::string_view kLinuxSegmentDir = "/dev/shm";
inline constexpr std::string_view kLinuxSegmentPrefix = "perfscope-counters.";

inline std::string linux_segment_file(std::uint32_t slot)
{
    return std::string(kLinuxSegmentPrefix) + std::to_string(slot);
}

inline std::optional<std::uint32_t> linux_segment_slot(std::string_view file)
{
    if (file.substr(0, kLinuxSegmentPrefix.size()) != kLinuxSegmentPrefix)
        return std::nullopt;
    file.remove_prefix(kLinuxSegmentPrefix.size());
    std::uint32_t slot = 0;
    const auto r = std::from_chars(file.data(), file.data() + file.size(), slot);
    if (file.empty() || r.ec != std::errc() || r.ptr != file.data() + file.size() || slot >= kLinuxSlots ||
        (file.size() > 1 && file.front() == '0'))
        return std::nullopt;
    return slot;
}

constexpr std::uint32_t linux_base(std::uint32_t slot)
{
    return kLinuxFirstIndex + slot * kLinuxIndicesPerSlot;
}
inline constexpr std::uint32_t kLinuxLastIndex = kLinuxFirstIndex + kLinuxSlots * kLinuxIndicesPerSlot - 1;

inline std::string windows_directory_name(std::string_view publisher)
{
    return "Local\\perfscope." + std::string(publisher);
}

inline std::string windows_segment_name(std::string_view publisher, std::uint32_t pid)
{
    return windows_directory_name(publisher) + "." + std::to_string(pid);
}

// The Windows directory mapping (kDirectorySize bytes, zero-filled when created).
namespace directory {
inline constexpr char kMagic[8] = {'P', 'E', 'R', 'F', 'S', 'C', 'P', 'D'};
inline constexpr std::uint32_t kMagicOffset = 0;  // char[8], written by the first publisher
inline constexpr std::uint32_t kVersion = 8;      // u32, 1
inline constexpr std::uint32_t kPid = 12;         // u32 atomic: the live publisher, 0 = none
inline constexpr std::uint32_t kSize = 64;
}  // namespace directory
inline constexpr std::uint32_t kDirectorySize = 4096;

}  // namespace wpo::published
