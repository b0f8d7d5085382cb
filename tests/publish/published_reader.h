// SPDX-License-Identifier: Apache-2.0
// Test helper: reads a publisher's objects into a data block the way the
// platform's reader does: on Linux through LinuxPublishedSet over a
// directory, on Windows through PublisherLink (the provider DLL's way).
#pragma once

#include "format/block_builder.h"
#include "published/segment_names.h"
#include "published/segment_view.h"

#ifdef _WIN32
#include "published/publisher_link.h"
#else
#include "published/linux_published_set.h"
#endif

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace wpo::test {

// A fresh directory for Linux segments (unused on Windows).
inline std::string segment_directory()
{
#ifdef _WIN32
    return {};
#else
    std::string dir = (std::filesystem::temp_directory_path() / "perfscope-publish-XXXXXX").string();
    if (!mkdtemp(dir.data()))
        return {};
    return dir;
#endif
}

// Unique publisher names: Windows mappings are machine (session) wide.
inline std::string unique_publisher(const std::string& stem)
{
    std::random_device rd;
    return stem + "-" + std::to_string(rd() % 1000000);
}

class PublishedReader {
public:
    PublishedReader(const std::string& directory, const std::string& publisher)
#ifdef _WIN32
        : m_link(publisher)
#else
        : m_set(directory)
#endif
    {
        (void)publisher;
        (void)directory;
    }

    // The block with the publisher's objects `query` selects; nullopt when
    // no live segment is found.
    std::optional<std::vector<std::byte>> read(std::string_view query, published::AppendResult* result = nullptr)
    {
        ObjectQuery q;
        if (!q.parse(query))
            return std::nullopt;
        std::vector<std::byte> buffer;
        BlockBuilder b(buffer);
        b.begin({}, "HOST");
        published::AppendResult r;
#ifdef _WIN32
        auto live = m_link.current();
        if (!live)
            return std::nullopt;
        r = live->view.append(b, q, kWindowsBase, m_scratch);
#else
        m_set.refresh();
        if (m_set.segments().empty())
            return std::nullopt;
        r = m_set.append(b, q);
#endif
        b.finish();
        if (result)
            *result = r;
        return buffer;
    }

    std::uint32_t base()
    {
#ifdef _WIN32
        return kWindowsBase;
#else
        m_set.refresh();
        return m_set.segments().empty() ? 0 : published::linux_base(m_set.segments().front().slot);
#endif
    }

    static constexpr std::uint32_t kWindowsBase = 1848;

private:
#ifdef _WIN32
    published::PublisherLink m_link;
#else
    published::LinuxPublishedSet m_set;
#endif
    published::ReadScratch m_scratch;
};

}  // namespace wpo::test
