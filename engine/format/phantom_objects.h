// Some Windows providers claim more objects than they return: MSMQ has been
// seen with NumObjectTypes 4 and two objects present (spec §1.6; .NET stops
// walking at TotalByteLength for this reason). BlockView::parse rejects such
// a block, as it must; a source that reads Windows data may first lower the
// count to the objects that are really there, when that explains the block
// exactly: every present object is valid and the last one ends at
// TotalByteLength.
#pragma once

#include <cstddef>
#include <span>

namespace wpo {

// Rewrites NumObjectTypes when the block has that defect and only that one;
// returns whether it did.
bool drop_phantom_objects(std::span<std::byte> block);

}  // namespace wpo
