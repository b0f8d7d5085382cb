// SPDX-License-Identifier: Apache-2.0
// The thesis's Performance Object Storage (docs/snapshots-and-cache.md §1): one sample of the objects a
// snapshot measures, assembled from cached and freshly collected objects into
// one block, with the header of the block each object came from (objects of
// one storage may have been collected at different times).
//
// The assembled block has a PERF_DATA_BLOCK header written here and the
// objects copied behind it, so BlockView/ObjectView and instance naming work
// on it unchanged. Its bytes are not validated again: every object was
// accepted by ObjectView::parse when it was collected.
#pragma once

#include "format/block_view.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace wpo {

class ObjectStorage {
public:
    // Starts a new fill, keeping capacity.
    void clear();
    // Copies one validated object (ObjectView::bytes()) and the header of its
    // block, behind the objects of the current fill. A storage never cleared
    // (new, or moved from) is an empty fill: add() first makes room for the
    // block header, which seal() writes in front of the objects. Invalidates
    // block() until the next seal().
    void add(std::span<const std::byte> object, const BlockHeader& block);
    // Grows this storage's buffers to `other`'s capacity, so that a storage
    // used in turns with `other` does not grow one cycle later. Invalidates
    // block() until the next fill.
    void reserve_like(const ObjectStorage& other);
    // Writes the block header; after it, block() and the finders work.
    void seal();

    bool empty() const { return m_origins.empty(); }
    const BlockView& block() const { return m_block; }
    // The object with this index and the header of the block it came from.
    struct Entry {
        ObjectView object;
        const BlockHeader* origin = nullptr;
    };
    std::optional<Entry> find(std::uint32_t object_index) const;
    // Whether the last fill had to grow a buffer (an allocation).
    bool grew() const { return m_grew; }

private:
    struct Origin {
        std::uint32_t index = 0;
        std::size_t offset = 0;  // of the object in m_bytes
        BlockHeader block;
    };
    std::vector<std::byte> m_bytes;
    std::vector<Origin> m_origins;
    BlockView m_block;
    bool m_grew = false;
};

}  // namespace wpo
