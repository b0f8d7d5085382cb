// SPDX-License-Identifier: Apache-2.0
// Byte layout of a published-counters segment: the shared memory an
// application writes its counters into (publish/, docs/publishing.md) and
// every reader (the Linux procfs source, the Windows provider DLL, tests)
// reads as untrusted input (segment_view.h validates it).
//
// All fields little-endian, at fixed offsets from the start of the segment;
// every structure is 8-byte aligned so that values and sequence counters can
// be read and written as lock-free atomics.
//
//   [header 64] [object records 48 each] [counter records 32 each]
//   [strings: UTF-8, each NUL-terminated] [instance slots of object 0] [slots of object 1] ...
//
// The header, records and strings are written once, before `state` becomes
// kStateReady (a release store); afterwards only the instance slots change.
// A slot is `seq` (u32, odd while the writer changes the slot), `live` (u32,
// 1 = the instance exists), 8 reserved bytes, the instance name (UTF-8,
// NUL-terminated inside `name_capacity` bytes) and one u64 per counter of the
// object, in counter order. Counter values are single atomic u64 words, so a
// lone value is never torn; `seq` makes a group of values (a fraction and its
// base, an instance's name and values) consistent.
#pragma once

#include <cstdint>

namespace wpo::published::layout {

inline constexpr char kMagic[8] = {'P', 'E', 'R', 'F', 'S', 'C', 'P', 'B'};
inline constexpr std::uint32_t kVersion = 1;

namespace header {
inline constexpr std::uint32_t kMagic = 0;            // char[8] "PERFSCPB"
inline constexpr std::uint32_t kVersion = 8;          // u32, kVersion
inline constexpr std::uint32_t kHeaderSize = 12;      // u32, kSize
inline constexpr std::uint32_t kTotalSize = 16;       // u32, bytes of the segment that are used
inline constexpr std::uint32_t kState = 20;           // u32 atomic: kStateBuilding / Ready / Closed
inline constexpr std::uint32_t kPid = 24;             // u32, the publishing process
inline constexpr std::uint32_t kObjectCount = 28;     // u32
inline constexpr std::uint32_t kCounterCount = 32;    // u32, all objects together
inline constexpr std::uint32_t kObjectsOffset = 36;   // u32, object records
inline constexpr std::uint32_t kCountersOffset = 40;  // u32, counter records
inline constexpr std::uint32_t kStringsOffset = 44;   // u32
inline constexpr std::uint32_t kStringsSize = 48;     // u32
inline constexpr std::uint32_t kPublisherName = 52;   // u32, string offset (relative to the strings)
inline constexpr std::uint32_t kReserved = 56;        // u64, 0
inline constexpr std::uint32_t kSize = 64;
}  // namespace header

inline constexpr std::uint32_t kStateBuilding = 0;
inline constexpr std::uint32_t kStateReady = 1;
inline constexpr std::uint32_t kStateClosed = 2;  // the publisher exited cleanly

namespace object {
inline constexpr std::uint32_t kName = 0;             // u32, string offset
inline constexpr std::uint32_t kHelp = 4;             // u32, string offset
inline constexpr std::uint32_t kFirstCounter = 8;     // u32, index into the counter records
inline constexpr std::uint32_t kCounterCount = 12;    // u32, >= 1
inline constexpr std::uint32_t kDetailLevel = 16;     // u32, 100/200/300/400
inline constexpr std::uint32_t kDefaultCounter = 20;  // i32, position among the object's counters
inline constexpr std::uint32_t kFlags = 24;           // u32, kFlag*
inline constexpr std::uint32_t kSlotCount = 28;       // u32, 1 without instances
inline constexpr std::uint32_t kSlotsOffset = 32;     // u32, absolute, 8-aligned
inline constexpr std::uint32_t kSlotSize = 36;        // u32, = slot::kName + name capacity + 8 x counters
inline constexpr std::uint32_t kNameCapacity = 40;    // u32, multiple of 8, 8..kMaxNameCapacity
inline constexpr std::uint32_t kReserved = 44;        // u32, 0
inline constexpr std::uint32_t kSize = 48;
}  // namespace object

inline constexpr std::uint32_t kFlagInstances = 1;  // the object has instances (else one slot, PERF_NO_INSTANCES)
inline constexpr std::uint32_t kFlagCostly = 2;     // served for "Costly" only, not "Global"

namespace counter {
inline constexpr std::uint32_t kName = 0;           // u32, string offset
inline constexpr std::uint32_t kHelp = 4;           // u32, string offset
inline constexpr std::uint32_t kType = 8;           // u32, PERF_COUNTER_* (supported set: definition.h)
inline constexpr std::uint32_t kDefaultScale = 12;  // i32, -10..10 (power of ten)
inline constexpr std::uint32_t kDetailLevel = 16;   // u32
inline constexpr std::uint32_t kReserved = 20;      // 12 bytes, 0
inline constexpr std::uint32_t kSize = 32;
}  // namespace counter

namespace slot {
inline constexpr std::uint32_t kSeq = 0;       // u32 atomic, odd while written
inline constexpr std::uint32_t kLive = 4;      // u32 atomic, 1 = the instance exists
inline constexpr std::uint32_t kReserved = 8;  // u64, 0
inline constexpr std::uint32_t kName = 16;     // name_capacity bytes, then u64 values
}  // namespace slot

// Limits a reader enforces (a segment beyond them is refused) and the writer respects.
inline constexpr std::uint32_t kMaxObjects = 256;
inline constexpr std::uint32_t kMaxCountersPerObject = 256;
inline constexpr std::uint32_t kMaxCounters = 4096;
inline constexpr std::uint32_t kMaxSlots = 4096;
inline constexpr std::uint32_t kMaxNameCapacity = 256;
inline constexpr std::uint32_t kDefaultNameCapacity = 64;
inline constexpr std::uint32_t kMaxSegmentSize = 64u << 20;
// Objects + counters of one segment, each taking a name and a help index: a
// segment needs 2 x items title indices (segment_view.h, "Indices").
inline constexpr std::uint32_t kMaxItems = 2500;

}  // namespace wpo::published::layout
