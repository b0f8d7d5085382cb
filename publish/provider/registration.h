// SPDX-License-Identifier: Apache-2.0
// The registry contract between `perfscope-cli counters install` (which
// writes it) and perfscope-counters.dll (which reads it), Windows only
// (docs/windows-provider.md): where a publisher's registration lives, the
// names of its values, and the registry calls both sides make.
//
//   HKLM\SYSTEM\CurrentControlSet\Services\<Name>
//     Performance: Library, Open, Collect, Close, First/Last Counter,
//                  First/Last Help, Object List, "Perfscope Provider" = 1
//     Linkage:     Export = <Name>
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace perfscope::provider {

// Value names under Services\<Name>\Performance.
inline constexpr const wchar_t* kLibrary = L"Library";
inline constexpr const wchar_t* kOpen = L"Open";
inline constexpr const wchar_t* kCollect = L"Collect";
inline constexpr const wchar_t* kClose = L"Close";
inline constexpr const wchar_t* kFirstCounter = L"First Counter";
inline constexpr const wchar_t* kLastCounter = L"Last Counter";
inline constexpr const wchar_t* kFirstHelp = L"First Help";
inline constexpr const wchar_t* kLastHelp = L"Last Help";
inline constexpr const wchar_t* kObjectList = L"Object List";
// 1 where install wrote the key: uninstall removes nothing without it.
inline constexpr const wchar_t* kMark = L"Perfscope Provider";
// Under Services\<Name>\Linkage: the REG_MULTI_SZ the registry hands to Open.
inline constexpr const wchar_t* kExport = L"Export";

// The DLL's exports, as Open, Collect and Close name them.
inline constexpr const wchar_t* kOpenFunction = L"OpenPerformanceData";
inline constexpr const wchar_t* kCollectFunction = L"CollectPerformanceData";
inline constexpr const wchar_t* kCloseFunction = L"ClosePerformanceData";

// Perflib, whose Last Counter / Last Help are the highest indices in use.
inline constexpr const wchar_t* kPerflibKey = L"SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Perflib";

// Keys under HKLM of a publisher (a valid_publisher name, so ASCII).
std::wstring service_key(std::string_view publisher);
std::wstring performance_key(std::string_view publisher);
std::wstring linkage_key(std::string_view publisher);

// A REG_DWORD under HKLM; none when the key or value is missing or of
// another type.
std::optional<std::uint32_t> read_dword(const std::wstring& key, const wchar_t* value);
// Whether HKLM\<key> opens for reading.
bool key_exists(const std::wstring& key);

// The title indices of Services\<Name>\Performance (each none when missing).
struct TitleIndices {
    std::optional<std::uint32_t> first_counter;
    std::optional<std::uint32_t> last_counter;
    std::optional<std::uint32_t> first_help;
    std::optional<std::uint32_t> last_help;
};
TitleIndices read_title_indices(std::string_view publisher);

}  // namespace perfscope::provider
