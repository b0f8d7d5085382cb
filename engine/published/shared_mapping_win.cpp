// SPDX-License-Identifier: Apache-2.0
// SharedMapping on Windows: named file mappings backed by the page file.
#include "published/segment_layout.h"
#include "published/shared_mapping.h"

#include <windows.h>

namespace wpo::published {
namespace {

std::wstring widen(const std::string& s)
{
    return std::wstring(s.begin(), s.end());
}  // names are ASCII

Error windows_error(const std::string& what, const std::string& name)
{
    const DWORD code = GetLastError();
    const Errc errc = code == ERROR_ACCESS_DENIED    ? Errc::permission_denied
                      : code == ERROR_FILE_NOT_FOUND ? Errc::not_found
                                                     : Errc::io_error;
    return Error(errc, what + " " + name + ": Windows error " + std::to_string(code));
}

}  // namespace

void SharedMapping::reset()
{
    if (m_data)
        UnmapViewOfFile(m_data);
    if (m_handle)
        CloseHandle(static_cast<HANDLE>(m_handle));
    m_data = nullptr;
    m_handle = nullptr;
    m_size = 0;
}

Result<SharedMapping> SharedMapping::create(const std::string& name, std::size_t size)
{
    const auto wide = widen(name);
    HANDLE h =
        CreateFileMappingW(INVALID_HANDLE_VALUE, nullptr, PAGE_READWRITE, 0, static_cast<DWORD>(size), wide.c_str());
    if (!h)
        return windows_error("cannot create the file mapping", name);
    if (GetLastError() == ERROR_ALREADY_EXISTS) {
        CloseHandle(h);
        return Error(Errc::busy, "the file mapping " + name + " exists already");
    }
    SharedMapping m;
    m.m_handle = h;
    m.m_data = static_cast<std::byte*>(MapViewOfFile(h, FILE_MAP_READ | FILE_MAP_WRITE, 0, 0, 0));
    if (!m.m_data)
        return windows_error("cannot map", name);
    m.m_size = size;
    return m;
}

Result<SharedMapping> SharedMapping::open_or_create(const std::string& name, std::size_t size)
{
    const auto wide = widen(name);
    HANDLE h =
        CreateFileMappingW(INVALID_HANDLE_VALUE, nullptr, PAGE_READWRITE, 0, static_cast<DWORD>(size), wide.c_str());
    if (!h)
        return windows_error("cannot create the file mapping", name);
    SharedMapping m;
    m.m_handle = h;
    m.m_data = static_cast<std::byte*>(MapViewOfFile(h, FILE_MAP_READ | FILE_MAP_WRITE, 0, 0, 0));
    if (!m.m_data)
        return windows_error("cannot map", name);
    MEMORY_BASIC_INFORMATION info{};
    if (VirtualQuery(m.m_data, &info, sizeof info) == 0 || info.RegionSize < size)
        return Error(Errc::truncated, "the file mapping " + name + " is smaller than expected");
    m.m_size = size;
    return m;
}

Result<SharedMapping> SharedMapping::open(const std::string& name, bool writable)
{
    const auto wide = widen(name);
    const DWORD access = writable ? FILE_MAP_READ | FILE_MAP_WRITE : FILE_MAP_READ;
    HANDLE h = OpenFileMappingW(access, FALSE, wide.c_str());
    if (!h)
        return windows_error("cannot open the file mapping", name);
    SharedMapping m;
    m.m_handle = h;
    m.m_data = static_cast<std::byte*>(MapViewOfFile(h, access, 0, 0, 0));
    if (!m.m_data)
        return windows_error("cannot map", name);
    // The view covers the whole section, rounded up to pages: its size is the
    // region VirtualQuery reports (the header's total size says how much is used).
    MEMORY_BASIC_INFORMATION info{};
    if (VirtualQuery(m.m_data, &info, sizeof info) == 0)
        return windows_error("cannot query the view of", name);
    m.m_size = info.RegionSize < layout::kMaxSegmentSize ? info.RegionSize : layout::kMaxSegmentSize;
    return m;
}

Status SharedMapping::remove(const std::string&)
{
    return {};
}

bool process_alive(std::uint32_t pid)
{
    if (pid == 0)
        return false;
    HANDLE h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, pid);
    if (!h)
        return GetLastError() == ERROR_ACCESS_DENIED;  // exists, but not ours to query
    DWORD code = 0;
    const bool alive = GetExitCodeProcess(h, &code) && code == STILL_ACTIVE;
    CloseHandle(h);
    return alive;
}

std::uint32_t current_pid()
{
    return GetCurrentProcessId();
}

}  // namespace wpo::published
