// SPDX-License-Identifier: Apache-2.0
// Some Windows providers claim more objects than they return: MSMQ has been
// seen with NumObjectTypes 4 and two objects present (docs/performance-data-format.md §8; .NET stops
// walking at TotalByteLength for this reason). BlockView::parse ends its walk
// there and reports the missing objects (has_phantom_objects()); a source
// that reads Windows data may lower the count to the objects that are really
// there, when that explains the block exactly: the objects present chain from
// the header to exactly TotalByteLength (one of them may still be left out
// for defects of its own, and is reported as such).
#pragma once

#include <cstddef>
#include <span>

namespace wpo {

// Rewrites NumObjectTypes when the block has that defect; returns whether it did.
bool drop_phantom_objects(std::span<std::byte> block);

}  // namespace wpo
