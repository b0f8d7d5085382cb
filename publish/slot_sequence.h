// SPDX-License-Identifier: Apache-2.0
// The writer's side of a slot's sequence counter (segment_layout.h): odd
// while the slot changes. One writer per slot at a time; readers retry
// while it is odd or when it moved during their read.
#pragma once

#include "published/segment_layout.h"
#include "published/shared_atomic.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace wpo::publish {

inline void seq_begin(std::byte* slot)
{
    auto seq = published::shared_word<std::uint32_t>(slot + published::layout::slot::kSeq);
    // The value stores that follow are release stores (Counter, the
    // publisher's slot writes): none becomes visible before this odd count.
    seq.store(seq.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

inline void seq_end(std::byte* slot)
{
    auto seq = published::shared_word<std::uint32_t>(slot + published::layout::slot::kSeq);
    seq.store(seq.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

}  // namespace wpo::publish
