// SPDX-License-Identifier: Apache-2.0
// Windows: the live segment of one publisher, found through its directory
// mapping Local\perfscope.<publisher> (segment_names.h). The provider DLL
// keeps one per registered publisher.
//
//   PublisherLink link("PerfscopeDemo");
//   if (auto live = link.current())                      // keeps the mapping alive while used
//       live->view.append(builder, query, first_counter, scratch);
//
// current() re-reads the directory's pid each call, so a publisher that
// starts after the monitor, restarts (new pid: new segment) or exits is
// followed; a dead pid or a segment marked closed reads as no publisher, and
// a segment that fails validation as well (the Error is kept in
// last_error()). Thread-safe: concurrent current() calls share one opened
// segment; a replaced segment stays mapped until its last user lets go.
#pragma once

#include "published/segment_view.h"
#include "published/shared_mapping.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace wpo::published {

struct LiveSegment {
    SharedMapping mapping;
    SegmentView view;
};

class PublisherLink {
public:
    explicit PublisherLink(std::string publisher);

    // The live publisher's segment, or nullptr.
    std::shared_ptr<const LiveSegment> current();
    // Why the last current() returned nullptr ("no publisher", a validation error).
    std::optional<Error> last_error() const;

private:
    std::shared_ptr<const LiveSegment> fail(Error e);

    const std::string m_publisher;
    mutable std::mutex m_mutex;
    SharedMapping m_directory;
    std::shared_ptr<const LiveSegment> m_live;
    std::uint32_t m_pid = 0;  // of m_live, or of the segment that failed validation
    std::optional<Error> m_error;
};

}  // namespace wpo::published
