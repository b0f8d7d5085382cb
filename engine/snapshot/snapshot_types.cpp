// SPDX-License-Identifier: Apache-2.0
#include "snapshot/snapshot_types.h"

namespace wpo {

std::string_view to_string(SnapshotState state)
{
    switch (state) {
    case SnapshotState::initializing: return "initializing";
    case SnapshotState::initialized: return "initialized";
    case SnapshotState::preparing: return "preparing";
    case SnapshotState::prepared: return "prepared";
    case SnapshotState::sampling: return "sampling";
    case SnapshotState::sampled: return "sampled";
    case SnapshotState::decoding: return "decoding";
    }
    return "unknown";
}

}  // namespace wpo
