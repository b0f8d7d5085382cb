// SPDX-License-Identifier: Apache-2.0
#include "published/publisher_link.h"

#include "published/segment_layout.h"
#include "published/segment_names.h"
#include "published/shared_atomic.h"

#include <cstring>

namespace wpo::published {

PublisherLink::PublisherLink(std::string publisher) : m_publisher(std::move(publisher))
{}

std::shared_ptr<const LiveSegment> PublisherLink::fail(Error e)
{
    m_live.reset();
    m_error = std::move(e);
    return nullptr;
}

std::shared_ptr<const LiveSegment> PublisherLink::current()
{
    std::lock_guard lock(m_mutex);
    if (!m_directory.valid()) {
        auto dir = SharedMapping::open(windows_directory_name(m_publisher));
        if (!dir)
            return fail(Error(Errc::not_found, "no publisher \"" + m_publisher + "\" has run yet"));
        if (dir->size() < directory::kSize ||
            std::memcmp(dir->data() + directory::kMagicOffset, directory::kMagic, sizeof directory::kMagic) != 0)
            return fail(Error(Errc::bad_signature, "the directory mapping of \"" + m_publisher + "\" is malformed"));
        m_directory = std::move(*dir);
    }
    const std::uint32_t pid = load_acquire_u32(m_directory.data() + directory::kPid);
    if (pid == 0 || !process_alive(pid))
        return fail(Error(Errc::not_found, "publisher \"" + m_publisher + "\" is not running"));
    if (m_live && m_pid == pid && m_live->view.state() == layout::kStateReady)
        return m_live;
    if (!m_live && m_pid == pid && m_error && m_error->code() != Errc::not_found &&
        m_error->code() != Errc::invalid_state)
        return nullptr;  // this publisher's segment failed validation: not again every collect
    m_pid = pid;
    auto mapping = SharedMapping::open(windows_segment_name(m_publisher, pid));
    if (!mapping)
        return fail(Error(Errc::not_found, "publisher \"" + m_publisher + "\": " + mapping.error().message()));
    auto view = SegmentView::parse(mapping->bytes());
    if (!view)
        return fail(view.error());
    if (view->publisher() != m_publisher || view->pid() != pid)
        return fail(Error(Errc::invalid_argument, "segment of \"" + m_publisher + "\" names another publisher"));
    auto live = std::make_shared<LiveSegment>();
    live->mapping = std::move(*mapping);
    live->view = std::move(*view);
    m_live = std::move(live);
    m_error.reset();
    return m_live;
}

std::optional<Error> PublisherLink::last_error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

}  // namespace wpo::published
