// SPDX-License-Identifier: Apache-2.0
#include "provider/registration.h"

#include <windows.h>

namespace perfscope::provider {

std::wstring service_key(std::string_view publisher)
{
    return L"SYSTEM\\CurrentControlSet\\Services\\" + std::wstring(publisher.begin(), publisher.end());
}

std::wstring performance_key(std::string_view publisher)
{
    return service_key(publisher) + L"\\Performance";
}

std::wstring linkage_key(std::string_view publisher)
{
    return service_key(publisher) + L"\\Linkage";
}

std::optional<std::uint32_t> read_dword(const std::wstring& key, const wchar_t* value)
{
    DWORD data = 0;
    DWORD size = sizeof data;
    if (RegGetValueW(HKEY_LOCAL_MACHINE, key.c_str(), value, RRF_RT_REG_DWORD, nullptr, &data, &size) != ERROR_SUCCESS)
        return std::nullopt;
    return static_cast<std::uint32_t>(data);
}

bool key_exists(const std::wstring& key)
{
    HKEY opened = nullptr;
    if (RegOpenKeyExW(HKEY_LOCAL_MACHINE, key.c_str(), 0, KEY_READ, &opened) != ERROR_SUCCESS)
        return false;
    RegCloseKey(opened);
    return true;
}

TitleIndices read_title_indices(std::string_view publisher)
{
    const std::wstring key = performance_key(publisher);
    return {read_dword(key, kFirstCounter), read_dword(key, kLastCounter), read_dword(key, kFirstHelp),
            read_dword(key, kLastHelp)};
}

}  // namespace perfscope::provider
