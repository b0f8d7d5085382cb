// SPDX-License-Identifier: Apache-2.0
// The published segments of a Linux machine, as the procfs source serves
// them (docs/publishing.md, "Linux"). refresh() lists the segment directory
// (/dev/shm), maps and validates new segments, and drops segments that are
// gone, closed by their publisher or left by a process that no longer
// exists; the names of the last are removed, so a crashed publisher leaves
// nothing behind. A segment that fails validation is skipped (and retried
// when its file changes).
//
// Not thread-safe: the owning source serialises collect() (source.h).
#pragma once

#include "published/segment_view.h"
#include "published/shared_mapping.h"

#include <cstdint>
#include <string>
#include <vector>

namespace wpo::published {

class LinuxPublishedSet {
public:
    explicit LinuxPublishedSet(std::string directory = "/dev/shm");

    void refresh();
    // Appends the selected objects of every segment (see SegmentView::append).
    AppendResult append(BlockBuilder& b, const ObjectQuery& query);
    // The names and help texts of every segment at its indices.
    void add_names(NameTable& names) const;

    struct Segment {
        std::uint32_t slot = 0;
        std::uint64_t inode = 0;
        SharedMapping mapping;
        SegmentView view;
    };
    const std::vector<Segment>& segments() const { return m_segments; }

private:
    struct Found {
        std::uint32_t slot;
        std::uint64_t inode;
    };

    std::string m_directory;
    std::vector<Found> m_found;        // refresh()'s listing, kept for its storage
    std::vector<Segment> m_segments;   // by slot
    std::vector<std::uint64_t> m_bad;  // inodes that failed validation, not retried
    ReadScratch m_scratch;
};

}  // namespace wpo::published
