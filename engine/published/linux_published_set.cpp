// SPDX-License-Identifier: Apache-2.0
#include "published/linux_published_set.h"

#include "published/segment_layout.h"
#include "published/segment_names.h"

#include <algorithm>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

namespace wpo::published {

LinuxPublishedSet::LinuxPublishedSet(std::string directory) : m_directory(std::move(directory))
{}

void LinuxPublishedSet::refresh()
{
    // Listed through the directory's descriptor into a kept vector: a
    // collection with publishers running allocates nothing here.
    m_found.clear();
    if (DIR* dir = opendir(m_directory.c_str())) {
        while (const dirent* e = readdir(dir)) {
            const auto slot = linux_segment_slot(e->d_name);
            if (!slot)
                continue;
            struct stat st {};
            if (fstatat(dirfd(dir), e->d_name, &st, 0) == 0 && S_ISREG(st.st_mode))
                m_found.push_back({*slot, static_cast<std::uint64_t>(st.st_ino)});
        }
        closedir(dir);
    }
    const std::vector<Found>& found = m_found;
    // Keep what is still there, unchanged and alive.
    std::erase_if(m_segments, [&](const Segment& s) {
        const bool listed = std::any_of(found.begin(), found.end(),
                                        [&](const Found& f) { return f.slot == s.slot && f.inode == s.inode; });
        if (!listed || s.view.state() != layout::kStateReady)
            return true;
        if (process_alive(s.view.pid()))
            return false;
        // A publisher that died without closing: remove its name (may fail: not ours).
        (void)SharedMapping::remove(m_directory + "/" + linux_segment_file(s.slot));
        return true;
    });
    std::erase_if(m_bad, [&](std::uint64_t inode) {
        return std::none_of(found.begin(), found.end(), [&](const Found& f) { return f.inode == inode; });
    });
    for (const Found& f : found) {
        const bool known =
            std::any_of(m_segments.begin(), m_segments.end(), [&](const Segment& s) { return s.slot == f.slot; }) ||
            std::find(m_bad.begin(), m_bad.end(), f.inode) != m_bad.end();
        if (known)
            continue;
        const std::string path = m_directory + "/" + linux_segment_file(f.slot);
        auto mapping = SharedMapping::open(path);
        if (!mapping)
            continue;
        auto view = SegmentView::parse(mapping->bytes());
        if (!view) {
            // A segment being built is retried; a malformed one is not,
            // until its file changes.
            if (view.error().code() != Errc::invalid_state)
                m_bad.push_back(f.inode);
            continue;
        }
        if (!process_alive(view->pid())) {
            (void)SharedMapping::remove(path);  // a crashed publisher's leftover (may fail: not ours)
            continue;
        }
        Segment s;
        s.slot = f.slot;
        s.inode = f.inode;
        s.mapping = std::move(*mapping);
        s.view = std::move(*view);
        m_segments.push_back(std::move(s));
    }
    std::sort(m_segments.begin(), m_segments.end(), [](const Segment& a, const Segment& b) { return a.slot < b.slot; });
}

AppendResult LinuxPublishedSet::append(BlockBuilder& b, const ObjectQuery& query)
{
    AppendResult total;
    for (const Segment& s : m_segments) {
        const auto r = s.view.append(b, query, linux_base(s.slot), m_scratch);
        total.objects += r.objects;
        total.not_ready += r.not_ready;
    }
    return total;
}

void LinuxPublishedSet::add_names(NameTable& names) const
{
    for (const Segment& s : m_segments)
        s.view.add_names(names, linux_base(s.slot));
}

}  // namespace wpo::published
