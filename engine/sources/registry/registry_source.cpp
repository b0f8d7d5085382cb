// SPDX-License-Identifier: Apache-2.0
#include "sources/registry/registry_source.h"

#include "core/utf.h"
#include "format/block_view.h"
#include "format/phantom_objects.h"
#include "format/wine_shifted_objects.h"

#include <windows.h>

#include <algorithm>
#include <limits>
#include <thread>
#include <utility>

namespace wpo {
namespace {

static_assert(sizeof(DWORD) == sizeof(std::uint32_t));
static_assert(sizeof(wchar_t) == 2);

constexpr std::uint32_t kSuccess = ERROR_SUCCESS;
constexpr std::uint32_t kMoreData = ERROR_MORE_DATA;
constexpr std::uint32_t kInvalidHandle = ERROR_INVALID_HANDLE;
constexpr std::uint32_t kAccessDenied = ERROR_ACCESS_DENIED;
constexpr std::uint32_t kFileNotFound = ERROR_FILE_NOT_FOUND;

// Bytes zeroed at the start of the buffer before each query. Wine never
// writes the 88 bytes at HeaderLength (its objects start 88 bytes later), so
// they would still hold what an earlier query left there, possibly an object
// that looks sound and hides Wine's shape (wine_shifted_objects.h). Zero is
// never a sound object. HeaderLength is 88 plus the computer name (at most
// 16 UTF-16 units under Wine), so the gap lies well inside these bytes.
constexpr std::size_t kScrubbed = 1024;

// Transient: the perflib (or a provider) is busy (docs/performance-data-format.md §14).
bool is_transient(std::uint32_t code)
{
    switch (code) {
    case ERROR_BUSY:
    case ERROR_NOT_READY:
    case ERROR_LOCK_FAILED:
    case WAIT_TIMEOUT: return true;
    default: return false;
    }
}

std::uint32_t system_query(const wchar_t* value_name, std::uint32_t* type, std::byte* data, std::uint32_t* size)
{
    DWORD t = 0;
    DWORD s = *size;
    const LSTATUS rc =
        RegQueryValueExW(HKEY_PERFORMANCE_DATA, value_name, nullptr, &t, reinterpret_cast<LPBYTE>(data), &s);
    *type = t;
    *size = s;
    return static_cast<std::uint32_t>(rc);
}

std::uint32_t system_close()
{
    return static_cast<std::uint32_t>(RegCloseKey(HKEY_PERFORMANCE_DATA));
}

// "Win32 error 5 (Access is denied.)"
std::string win32_error(std::uint32_t code)
{
    std::string text = "Win32 error " + std::to_string(code);
    wchar_t message[512];
    DWORD units = FormatMessageW(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code, 0, message,
                                 static_cast<DWORD>(std::size(message)), nullptr);
    while (units > 0 && (message[units - 1] == L'\r' || message[units - 1] == L'\n' || message[units - 1] == L' '))
        --units;
    if (units > 0)
        text += " (" + utf16le_to_utf8(reinterpret_cast<const std::byte*>(message), units) + ")";
    return text;
}

// The value names are ASCII.
std::string narrow(const std::wstring& text)
{
    return utf16le_to_utf8(reinterpret_cast<const std::byte*>(text.data()), text.size());
}

std::string describe_value(const std::wstring& value_name)
{
    return "HKEY_PERFORMANCE_DATA \"" + narrow(value_name) + "\"";
}

bool is_language_id(std::string_view language)
{
    return !language.empty() && language.size() <= 4 && std::all_of(language.begin(), language.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    });
}

}  // namespace

RegistrySource::RegistrySource(RegistrySourceOptions options, PerfRegistryApi api)
    : m_options(std::move(options)), m_api(std::move(api))
{
    if (!m_api.query)
        m_api.query = system_query;
    if (!m_api.close)
        m_api.close = system_close;
    // RegQueryValueExW takes a DWORD size.
    m_options.max_size = std::clamp<std::size_t>(m_options.max_size, 1, std::numeric_limits<std::uint32_t>::max());
    m_options.initial_size = std::clamp<std::size_t>(m_options.initial_size, 1, m_options.max_size);
    m_options.busy_retries = std::max(m_options.busy_retries, 0);
    m_size = m_options.initial_size;
}

RegistrySource::~RegistrySource()
{
    // A failure here has nobody to go to; the handle is gone either way.
    (void)close();
}

Status RegistrySource::close()
{
    if (!m_open)
        return {};
    m_open = false;
    const std::uint32_t rc = m_api.close();
    if (rc != kSuccess)
        return Error(Errc::io_error, "RegCloseKey(HKEY_PERFORMANCE_DATA): " + win32_error(rc));
    return {};
}

Status RegistrySource::query_value(const std::wstring& value_name, std::size_t& bytes)
{
    int busy = 0;
    bool reopened = false;
    for (;;) {
        const std::size_t allocation = m_size + m_options.slack;
        if (m_buffer.size() < allocation) {
            m_buffer = {};  // free the old buffer before the larger one is allocated
            m_buffer.resize(allocation);
        }
        std::fill_n(m_buffer.begin(), std::min(m_buffer.size(), kScrubbed), std::byte{0});
        std::uint32_t type = 0;
        std::uint32_t size = static_cast<std::uint32_t>(m_size);
        m_open = true;
        const std::uint32_t rc = m_api.query(value_name.c_str(), &type, m_buffer.data(), &size);

        if (rc == kSuccess) {
            if (size > m_size)
                return Error(Errc::io_error, describe_value(value_name) + ": RegQueryValueExW reported " +
                                                 std::to_string(size) + " bytes for a buffer of " +
                                                 std::to_string(m_size));
            bytes = size;
            return {};
        }
        if (rc == kMoreData) {
            // `size` is undefined here (Wine: 0), so grow blindly.
            if (m_size >= m_options.max_size)
                return Error(Errc::too_large, describe_value(value_name) + " needs more than " +
                                                  std::to_string(m_options.max_size) +
                                                  " bytes, the configured maximum");
            m_size = std::min(m_size * 2, m_options.max_size);
            continue;
        }
        if (is_transient(rc)) {
            if (busy++ >= m_options.busy_retries)
                return Error(Errc::busy, describe_value(value_name) + ": still busy after " +
                                             std::to_string(m_options.busy_retries) + " retries: " + win32_error(rc));
            std::this_thread::sleep_for(m_options.busy_delay);
            continue;
        }
        if (rc == kInvalidHandle && !reopened) {
            reopened = true;
            (void)close();
            continue;
        }
        const Errc code = rc == kAccessDenied   ? Errc::permission_denied
                          : rc == kFileNotFound ? Errc::not_found
                                                : Errc::io_error;
        return Error(code, describe_value(value_name) + ": RegQueryValueExW failed: " + win32_error(rc));
    }
}

Status RegistrySource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (auto parsed = m_query.parse(query); !parsed)
        return parsed;

    // Canonical form: only well-formed strings reach the registry.
    switch (m_query.kind()) {
    case ObjectQuery::Kind::global: m_value_name = L"Global"; break;
    case ObjectQuery::Kind::costly: m_value_name = L"Costly"; break;
    case ObjectQuery::Kind::list:
        m_value_name.clear();
        for (std::uint32_t index : m_query.indices()) {
            if (!m_value_name.empty())
                m_value_name += L' ';
            m_value_name += std::to_wstring(index);
        }
        break;
    }

    std::size_t bytes = 0;
    if (auto read = query_value(m_value_name, bytes); !read)
        return read;
    // Under Wine the providers' objects lie 88 bytes past where the header
    // says, in the slack after `bytes`; they are moved back into place.
    const std::span<const std::byte> area(m_buffer.data(), std::min(m_buffer.size(), bytes + m_options.slack));
    if (!unshift_wine_objects(area, buffer))
        buffer.assign(m_buffer.begin(), m_buffer.begin() + static_cast<std::ptrdiff_t>(bytes));
    // A provider that over-counts its objects (docs/performance-data-format.md §8) is repaired
    // silently; any other bad object is left out by BlockView::parse and
    // reported by whoever reads the block (BlockView::left_out()).
    auto block = BlockView::parse(buffer);
    if ((!block || block->has_phantom_objects()) && drop_phantom_objects(buffer))
        block = BlockView::parse(buffer);
    if (!block) {
        buffer.clear();
        return Error(block.error().code(), describe_value(m_value_name) + ": " + block.error().message());
    }
    return {};
}

Result<NameTable> RegistrySource::load_names()
{
    if (!is_language_id(m_options.language))
        return Error(Errc::invalid_argument,
                     "language \"" + m_options.language + "\" is not a hexadecimal language id such as 009");
    const std::wstring language(m_options.language.begin(), m_options.language.end());

    const std::wstring counter_name = L"Counter " + language;
    std::size_t bytes = 0;
    if (auto read = query_value(counter_name, bytes); !read)
        return read.error();
    const std::vector<std::byte> counters(m_buffer.begin(), m_buffer.begin() + static_cast<std::ptrdiff_t>(bytes));

    const std::wstring help_name = L"Help " + language;
    if (auto read = query_value(help_name, bytes); !read)
        return read.error();
    const std::span<const std::byte> helps(m_buffer.data(), bytes);

    auto table = NameTable::from_multi_sz(counters, helps);
    if (!table)
        return Error(table.error().code(),
                     describe_value(counter_name) + " / \"" + narrow(help_name) + "\": " + table.error().message());
    return table;
}

}  // namespace wpo
