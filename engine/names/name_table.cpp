// SPDX-License-Identifier: Apache-2.0
#include "names/name_table.h"

#include "core/byte_io.h"
#include "core/utf.h"
#include "format/counter_type.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace wpo {
namespace {

using Entries = NameTable::Entries;

// Longest index text quoted back in an error message, in code units.
constexpr std::size_t kQuoteUnits = 24;

std::uint16_t unit_at(std::span<const std::byte> bytes, std::size_t i)
{
    return load<std::uint16_t>(bytes.data() + 2 * i);
}

std::string quote(std::span<const std::byte> bytes, std::size_t first, std::size_t units)
{
    std::string text = utf16le_to_utf8(bytes.data() + 2 * first, std::min(units, kQuoteUnits));
    if (units > kQuoteUnits)
        text += "...";
    return "\"" + text + "\"";
}

struct Parsed {
    std::uint32_t index;
    std::string text;
};

// Reads one REG_MULTI_SZ table into `out`, sorted and without duplicate
// indices; adds the dropped duplicates to `duplicates`.
Status parse_table(std::span<const std::byte> bytes, const char* table, Entries& out, std::size_t& duplicates)
{
    const std::string where = std::string(table) + " table";
    if (bytes.size() % 2 != 0)
        return Error(Errc::bad_name_table,
                     where + " has " + std::to_string(bytes.size()) + " bytes, an odd count: not UTF-16 code units");
    // The run of NULs at the end holds the last string's NUL, the list's
    // extra NUL and any padding; all of them may be missing.
    std::size_t end = bytes.size() / 2;
    while (end > 0 && unit_at(bytes, end - 1) == 0)
        --end;

    std::vector<Parsed> parsed;
    std::size_t string_no = 0;  // 0-based position of the string in the list
    // An index whose text comes next. (Not a std::optional: g++ 12 -O3 warns
    // it may be used uninitialized.)
    bool pending = false;
    std::uint32_t index = 0;
    std::size_t index_at = 0;
    for (std::size_t i = 0; i < end; ++i) {  // ++i steps over each string's NUL
        const std::size_t first = i;
        while (i < end && unit_at(bytes, i) != 0)
            ++i;
        const std::size_t length = i - first;
        // Only built for an error message.
        const auto at = [&, no = string_no] {
            return where + ", string " + std::to_string(no) + " at byte " + std::to_string(2 * first) + ": ";
        };
        ++string_no;

        if (!pending) {
            // An index: plain decimal digits, at most UINT32_MAX.
            if (length == 0)
                return Error(Errc::bad_name_table,
                             at() + "empty index (two NULs inside the list, more strings after them)");
            std::uint64_t value = 0;
            for (std::size_t k = first; k < first + length; ++k) {
                const std::uint16_t u = unit_at(bytes, k);
                if (u < '0' || u > '9')
                    return Error(Errc::bad_name_table,
                                 at() + "index " + quote(bytes, first, length) + " is not a decimal number");
                value = value * 10 + (u - '0');
                if (value > std::numeric_limits<std::uint32_t>::max())
                    return Error(Errc::bad_name_table,
                                 at() + "index " + quote(bytes, first, length) + " exceeds 4294967295");
            }
            pending = true;
            index = static_cast<std::uint32_t>(value);
            index_at = first;
        } else {
            if (length == 0)
                return Error(Errc::bad_name_table, at() + "empty text for index " + std::to_string(index) +
                                                       " (two NULs inside the list, more strings after them)");
            parsed.push_back({index, utf16le_to_utf8(bytes.data() + 2 * first, length)});
            pending = false;
        }
    }
    if (pending)
        return Error(Errc::bad_name_table, where + ", string " + std::to_string(string_no - 1) + " at byte " +
                                               std::to_string(2 * index_at) + ": index " + std::to_string(index) +
                                               " has no text (odd number of strings)");

    // Windows writes ascending indices, but a hand-edited or corrupted table
    // may not; a stable sort keeps the first of equal indices first.
    const auto by_index = [](const Parsed& a, const Parsed& b) { return a.index < b.index; };
    if (!std::is_sorted(parsed.begin(), parsed.end(), by_index))
        std::stable_sort(parsed.begin(), parsed.end(), by_index);
    out.clear();
    out.reserve(parsed.size());
    for (Parsed& p : parsed) {
        if (!out.empty() && out.back().first == p.index) {
            ++duplicates;
            continue;
        }
        out.emplace_back(p.index, std::move(p.text));
    }
    return {};
}

std::vector<std::byte> write_table(const Entries& entries)
{
    std::size_t units = 1;  // the list terminator
    for (const auto& [index, text] : entries)
        units += std::to_string(index).size() + 1 + utf16_length(text) + 1;
    std::vector<std::byte> out(2 * units);
    std::byte* p = out.data();
    for (const auto& [index, text] : entries) {
        p += 2 * encode_utf16le(std::to_string(index), p);
        p += 2;  // NUL: out is zero-filled
        p += 2 * encode_utf16le(text, p);
        p += 2;
    }
    return out;
}

template <class E>  // Entries or const Entries
auto find(E& entries, std::uint32_t index)
{
    return std::lower_bound(entries.begin(), entries.end(), index,
                            [](const auto& entry, std::uint32_t i) { return entry.first < i; });
}

std::string_view lookup(const Entries& entries, std::uint32_t index)
{
    const auto it = find(entries, index);
    if (it == entries.end() || it->first != index)
        return {};
    return it->second;
}

void put(Entries& entries, std::uint32_t index, std::string text)
{
    if (const auto nul = text.find('\0'); nul != std::string::npos)
        text.resize(nul);
    const auto it = find(entries, index);
    const bool present = it != entries.end() && it->first == index;
    if (text.empty()) {
        if (present)
            entries.erase(it);
    } else if (present) {
        it->second = std::move(text);
    } else {
        entries.emplace(it, index, std::move(text));
    }
}

// Index 1 carries the highest base index ("1847"), not a name.
constexpr std::uint32_t kLastIndexHeader = 1;

}  // namespace

Result<NameTable> NameTable::from_multi_sz(std::span<const std::byte> counter_table,
                                           std::span<const std::byte> help_table)
{
    NameTable table;
    if (Status s = parse_table(counter_table, "Counter", table.m_names, table.m_duplicates); !s)
        return s.error();
    if (Status s = parse_table(help_table, "Help", table.m_helps, table.m_duplicates); !s)
        return s.error();
    return table;
}

std::vector<std::byte> NameTable::counter_multi_sz() const
{
    return write_table(m_names);
}

std::vector<std::byte> NameTable::help_multi_sz() const
{
    return write_table(m_helps);
}

void NameTable::set_name(std::uint32_t index, std::string text)
{
    put(m_names, index, std::move(text));
}

void NameTable::set_help(std::uint32_t index, std::string text)
{
    put(m_helps, index, std::move(text));
}

std::string_view NameTable::name(std::uint32_t index) const
{
    return lookup(m_names, index);
}

std::string_view NameTable::help(std::uint32_t index) const
{
    return lookup(m_helps, index);
}

std::optional<std::uint32_t> NameTable::find_object(std::string_view name) const
{
    for (const auto& [index, text] : m_names)
        if (index != kLastIndexHeader && iequals(text, name))
            return index;
    return std::nullopt;
}

std::optional<std::uint32_t> NameTable::find_counter(const ObjectView& object, std::string_view name) const
{
    if (name.empty())
        return std::nullopt;  // would match every definition whose index has no name
    for (const CounterDefinition& def : object.counters()) {
        if (counter_type::is_base(def.type) || def.type == counter_type::PERF_COUNTER_NODATA)
            continue;
        if (iequals(this->name(def.name_index), name))
            return def.name_index;
    }
    return std::nullopt;
}

}  // namespace wpo
