// SPDX-License-Identifier: Apache-2.0
// The name table (the thesis's WPONames, docs/snapshots-and-cache.md §1): object and counter names and their
// help texts, keyed by title index. Windows stores each table as a
// REG_MULTI_SZ of UTF-16 strings "index\0text\0index\0text\0...\0" ("Counter
// 009" for names, "Help 009" for help); names sit at even indices and a
// name's help text at the index after it. The full rules are in
// docs/performance-data-format.md §9.
//
// Parsing is strict about structure and lenient about what Windows itself
// lets through. The run of NULs at the end of the data (the last string's
// NUL, the list's extra NUL, padding) is the terminator; everything before it
// is split at NULs into strings, paired as index, text.
//   errors (Errc::bad_name_table; the message names the table, the string's
//   position and byte offset, and the problem): an odd byte count (not
//   UTF-16); an odd number of strings (an index without text); an index that
//   is not plain decimal digits ("-1", " 5", "0x10"); an index above
//   UINT32_MAX; an empty string before the end (a doubled NUL followed by
//   more strings: PerfMon reports this as "invalid index ''").
//   tolerated: a missing list terminator and even a missing NUL after the
//   last string (RegQueryValueEx warns that stored strings may lack them);
//   pairs out of index order; an empty table (no bytes, or only NULs).
//   resolved: a duplicated index keeps the first text and is counted in
//   duplicates(); the header pair "1" -> "<last index>" is kept like any
//   other pair (name(1) == "1847").
#pragma once

#include "core/result.h"
#include "format/object_view.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wpo {

class NameTable {
public:
    using Entries = std::vector<std::pair<std::uint32_t, std::string>>;

    NameTable() = default;

    // Both tables as raw REG_MULTI_SZ bytes (UTF-16LE). Texts are converted
    // to UTF-8; invalid UTF-16 becomes U+FFFD.
    static Result<NameTable> from_multi_sz(std::span<const std::byte> counter_table,
                                           std::span<const std::byte> help_table);

    // The same tables as REG_MULTI_SZ bytes, sorted by index, each string
    // NUL-terminated and the list closed by one more NUL (an empty table is
    // that single NUL). from_multi_sz() of the result gives the same entries.
    std::vector<std::byte> counter_multi_sz() const;
    std::vector<std::byte> help_multi_sz() const;

    // Insert or replace, keeping index order. The text is cut at its first
    // NUL; an empty text removes the index (REG_MULTI_SZ cannot hold an
    // empty string: it would end the list).
    void set_name(std::uint32_t index, std::string text);
    void set_help(std::uint32_t index, std::string text);

    // Empty when the index has no text. Binary search.
    std::string_view name(std::uint32_t index) const;
    std::string_view help(std::uint32_t index) const;

    // Object name -> index. The table alone cannot tell object names from
    // counter names, so this is the lowest index whose name matches; object
    // names are unique in practice and the base objects have the low indices.
    // Index 1 (the "last index" header) is never returned. Case-insensitive
    // for ASCII letters, as PDH paths are. Linear in the table size.
    std::optional<std::uint32_t> find_object(std::string_view name) const;
    // (object, counter name) -> counter index. Counter names are not unique
    // across objects ("% Processor Time"), so the object's own definitions
    // decide: the CounterNameTitleIndex of the first definition, in
    // definition order, whose name matches case-insensitively. Base
    // definitions (which often carry their numerator's index or the next
    // one) and PERF_COUNTER_NODATA are never matched.
    std::optional<std::uint32_t> find_counter(const ObjectView& object, std::string_view name) const;

    // Sorted (index, text) pairs, indices unique, texts non-empty.
    const Entries& names() const { return m_names; }
    const Entries& helps() const { return m_helps; }
    // Indices dropped while parsing because an earlier pair of the same table
    // had them (both tables together). Parse history, not content.
    std::size_t duplicates() const { return m_duplicates; }

private:
    Entries m_names;
    Entries m_helps;
    std::size_t m_duplicates = 0;
};

}  // namespace wpo
