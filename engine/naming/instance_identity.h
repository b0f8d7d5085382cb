// SPDX-License-Identifier: Apache-2.0
// Numeric identities of instances, for matching the instances of one sample
// with those of the next without building strings (the snapshot's decode path
// must not allocate). They follow the rules of instance_names.h:
//
//   Thread (232, with ID Thread 804)    {thread,  TID, start}   start = raw Elapsed Time (684), 0 without it
//   any other object with ID Process    {process, PID, start}   (Process 230, Process Memory Detail, ...)
//   an instance with a UniqueID (!= -1) {unique_id, UniqueID, 0}
//   anything else, _Total included      {name, hash(parent raw name "/" name), occurrence}
//
// Only the last kind can confuse two instances: when the first of two
// instances with the same name goes, the second takes its occurrence, as
// PerfMon's "#N" does. Objects whose instances carry no id cannot do better.
//
// Names compare ASCII case-insensitively, as instance_names' "#N" does; the
// hash is 64-bit FNV-1a over the lower-cased UTF-16 code units (each as two
// little-endian bytes; 8-bit CodePage names widened), so two different
// names share an identity with probability ~2^-64.
// A PID reused by a new process has another start time: a new identity.
#pragma once

#include "format/block_view.h"

#include <compare>
#include <cstdint>
#include <span>
#include <vector>

namespace wpo {

struct InstanceIdentity {
    enum class Kind : std::uint8_t { process, thread, unique_id, name };
    Kind kind = Kind::name;
    std::uint64_t id = 0;     // PID, TID, UniqueID or name hash
    std::uint64_t start = 0;  // start time, or occurrence among equal names

    friend auto operator<=>(const InstanceIdentity&, const InstanceIdentity&) = default;
};

// Computes identities; keeps scratch space between calls so that, once grown
// to the largest object seen, identify() and pair() do not allocate.
// One per thread (not thread-safe).
class InstanceIdentifier {
public:
    // Identities of `object`'s instances in block order into `out` (resized to
    // instance_count(); empty for an object without instances). `block` is the
    // block `object` lies in (parents are looked up there).
    void identify(const BlockView& block, const ObjectView& object, std::vector<InstanceIdentity>& out);

    // For each identity of `current`, the position of the same identity in
    // `previous`, or -1 if it is new, into `previous_of` (resized to
    // current.size()). Returns whether the instance set changed: some
    // instance is new or some previous one is gone. Duplicate identities
    // within one side pair in order of appearance.
    bool pair(std::span<const InstanceIdentity> previous, std::span<const InstanceIdentity> current,
              std::vector<std::int32_t>& previous_of);

private:
    std::vector<std::uint32_t> m_order;          // scratch: positions sorted by identity
    std::vector<std::uint64_t> m_parent_hashes;  // scratch: hashes of the parent object's names
};

}  // namespace wpo
