// SPDX-License-Identifier: Apache-2.0
// RegistrySource: performance data from HKEY_PERFORMANCE_DATA (Windows only).
//
// Every read goes through RegQueryValueExW(HKEY_PERFORMANCE_DATA, value, ...)
// into a buffer that this object keeps between calls (docs/performance-data-format.md
// §14):
// - ERROR_MORE_DATA doubles the buffer. The size the call reports with that
//   error is never used: Windows documents it as undefined and Wine returns 0.
//   The buffer starts at RegistrySourceOptions::initial_size and may not grow
//   past max_size (Errc::too_large).
// - ERROR_BUSY and the other transient errors (ERROR_NOT_READY,
//   ERROR_LOCK_FAILED, WAIT_TIMEOUT) are retried busy_retries times,
//   busy_delay apart, then reported as Errc::busy.
// - ERROR_INVALID_HANDLE closes the key and retries once (close and
//   reopen).
// - RegQueryValueExW is told a size `slack` bytes smaller than the buffer
//   really is: Wine writes provider objects 88 bytes past the data it reports
//   (docs/windows-under-wine.md §5.2). On Windows the slack is never touched.
//   A block with exactly Wine's shape (its objects at HeaderLength + 88,
//   wine_shifted_objects.h) is returned with the objects moved back to
//   HeaderLength, so providers' data can be read under Wine; this needs a
//   slack of at least 88 bytes.
// - A data block is checked with BlockView::parse before collect() returns it
//   (a bad header fails collect(); a bad object is left out by whoever parses).
// Query strings are checked with ObjectQuery first and passed on in canonical
// form ("Global", "Costly", "230 232"), so garbage never reaches the registry.
//
// RegCloseKey policy: HKEY_PERFORMANCE_DATA is opened by the first query and
// kept open between polls; it is closed by close() or the destructor. Closing
// after every poll would make Windows unload and reload every provider DLL on
// the next query (hundreds of ms for a Global query); never closing keeps the
// providers loaded for the life of the process and stops them from being
// updated or removed (winperf.h asks consumers to close). The key is a
// process-wide pseudo-handle, so closing it affects every user in the process;
// that costs them a provider reload, never correctness (the next query
// reopens it). Never let the destructor run inside DllMain: RegCloseKey
// unloads provider DLLs, and FreeLibrary under the loader lock can deadlock.
// A DLL (the JNI bridge) must not keep a RegistrySource in a static; it
// destroys it (or calls close()) before it is unloaded. (Wine has nothing to
// close: it unloads its providers after every query.)
//
// Errors carry the Win32 error code and its system message in their text.
// Thread-safety: as Source (one thread at a time).
#pragma once

#include "format/object_query.h"
#include "sources/source.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace wpo {

struct RegistrySourceOptions {
    std::size_t initial_size = 64 * 1024;      // bytes offered to the first query
    std::size_t max_size = 256 * 1024 * 1024;  // growth beyond this is Errc::too_large
    int busy_retries = 5;                      // retries after a busy/transient error
    std::chrono::milliseconds busy_delay{50};  // sleep before each of those retries
    std::size_t slack = 128;                   // bytes allocated past what the API is told
    std::string language = "009";              // of "Counter <language>" and "Help <language>"
};

// The two registry calls RegistrySource makes, replaceable for tests. Both
// return a Win32 error code (0 = ERROR_SUCCESS).
struct PerfRegistryApi {
    // Semantics of RegQueryValueExW(HKEY_PERFORMANCE_DATA, value_name,
    // nullptr, type, data, size): *size is the room at `data` on entry and the
    // bytes written on success; its value after ERROR_MORE_DATA is undefined.
    using Query = std::function<std::uint32_t(const wchar_t* value_name, std::uint32_t* type, std::byte* data,
                                              std::uint32_t* size)>;
    // Semantics of RegCloseKey(HKEY_PERFORMANCE_DATA).
    using Close = std::function<std::uint32_t()>;

    Query query;  // empty: the real RegQueryValueExW
    Close close;  // empty: the real RegCloseKey
};

class RegistrySource final : public Source {
public:
    explicit RegistrySource(RegistrySourceOptions options = {}, PerfRegistryApi api = {});
    // Closes HKEY_PERFORMANCE_DATA if this object opened it (see the policy above).
    ~RegistrySource() override;

    RegistrySource(const RegistrySource&) = delete;
    RegistrySource& operator=(const RegistrySource&) = delete;

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    // "Counter <language>" and "Help <language>" through NameTable::from_multi_sz.
    Result<NameTable> load_names() override;

    // RegCloseKey(HKEY_PERFORMANCE_DATA) now, if a query opened it; the next
    // query reopens it. Lets a long-lived owner release the providers while it
    // idles.
    Status close();

    // Bytes the next query offers RegQueryValueExW (the buffer's grown size,
    // without the slack).
    std::size_t buffer_size() const { return m_size; }

private:
    // Reads `value_name` into m_buffer; the value is m_buffer[0, bytes).
    Status query_value(const std::wstring& value_name, std::size_t& bytes);

    RegistrySourceOptions m_options;
    PerfRegistryApi m_api;
    std::vector<std::byte> m_buffer;  // m_size + slack bytes once used
    std::size_t m_size = 0;
    bool m_open = false;  // a query may have opened HKEY_PERFORMANCE_DATA
    ObjectQuery m_query;
    std::wstring m_value_name;
};

}  // namespace wpo
