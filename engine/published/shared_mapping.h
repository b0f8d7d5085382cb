// SPDX-License-Identifier: Apache-2.0
// A named shared-memory segment mapped into this process: a POSIX shared
// memory object on Linux (shm_open; glibc keeps it as a file in /dev/shm,
// which is how readers list them), a named file mapping backed by the page
// file on Windows (CreateFileMappingW / OpenFileMappingW).
//
// Names: on Linux a path; "/dev/shm/<file>" goes through shm_open /
// shm_unlink, any other directory (tests) through open / unlink. On Windows
// a kernel object name such as "Local\perfscope.Demo" (docs/publishing.md
// says why Local\).
#pragma once

#include "core/result.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace wpo::published {

class SharedMapping {
public:
    SharedMapping() = default;
    ~SharedMapping();
    SharedMapping(SharedMapping&& other) noexcept;
    SharedMapping& operator=(SharedMapping&& other) noexcept;
    SharedMapping(const SharedMapping&) = delete;
    SharedMapping& operator=(const SharedMapping&) = delete;

    // Creates `name` with `size` zero bytes, mapped read-write. Errc::busy
    // when it exists already.
    static Result<SharedMapping> create(const std::string& name, std::size_t size);
    // Windows: opens `name` or creates it with `size` zero bytes (the
    // publisher directory, which several publishers share). Read-write.
    static Result<SharedMapping> open_or_create(const std::string& name, std::size_t size);
    // Opens an existing segment; its whole size is mapped (capped at
    // layout::kMaxSegmentSize). Errc::not_found when it does not exist.
    static Result<SharedMapping> open(const std::string& name, bool writable = false);
    // Linux: removes the name (the memory lives on while mapped). Windows:
    // nothing to do, a mapping vanishes with its last handle.
    static Status remove(const std::string& name);

    bool valid() const { return m_data != nullptr; }
    std::byte* data() const { return m_data; }
    std::size_t size() const { return m_size; }
    std::span<const std::byte> bytes() const { return {m_data, m_size}; }

private:
    void reset();

    std::byte* m_data = nullptr;
    std::size_t m_size = 0;
    void* m_handle = nullptr;  // Windows: the mapping handle
};

// Whether process `pid` exists (Linux: kill(pid, 0); Windows: OpenProcess
// and GetExitCodeProcess). A reused pid reads as alive: the segment is then
// served until the new process exits (docs/publishing.md, "Limits").
bool process_alive(std::uint32_t pid);
std::uint32_t current_pid();

}  // namespace wpo::published
