// The name table (the thesis's WPONames): object and counter names and their
// help texts, keyed by title index. Windows stores each table as a
// REG_MULTI_SZ of UTF-16 strings "index\0text\0index\0text\0...\0" ("Counter
// 009" for names, "Help 009" for help); names sit at even indices and a
// name's help text at the index after it (spec §9).
//
// Parsing is strict about structure and lenient about content, as PerfMon is:
// a table with an odd number of strings, a missing final terminator, or an
// index that is not a decimal number is an Errc::bad_name_table; a duplicated
// index keeps the first text (documented resolution, counted in
// duplicates()); the header pair "1" -> "<last index>" is kept like any other.
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
    NameTable() = default;

    // Both tables as raw REG_MULTI_SZ bytes (UTF-16LE).
    static Result<NameTable> from_multi_sz(std::span<const std::byte> counter_table,
                                           std::span<const std::byte> help_table);

    // The same tables as REG_MULTI_SZ bytes, sorted by index.
    std::vector<std::byte> counter_multi_sz() const;
    std::vector<std::byte> help_multi_sz() const;

    void set_name(std::uint32_t index, std::string text);
    void set_help(std::uint32_t index, std::string text);

    // Empty when the index has no text.
    std::string_view name(std::uint32_t index) const;
    std::string_view help(std::uint32_t index) const;

    // Object name -> index. Object names are unique in practice; when they are
    // not, the lowest index wins. Case-insensitive, as PDH paths are.
    std::optional<std::uint32_t> find_object(std::string_view name) const;
    // (object, counter name) -> counter index. Counter names are not unique
    // across objects ("% Processor Time"), so the object's own definitions
    // decide; base definitions are skipped.
    std::optional<std::uint32_t> find_counter(const ObjectView& object, std::string_view name) const;

    // Sorted (index, text) pairs.
    const std::vector<std::pair<std::uint32_t, std::string>>& names() const { return m_names; }
    const std::vector<std::pair<std::uint32_t, std::string>>& helps() const { return m_helps; }
    std::size_t duplicates() const { return m_duplicates; }

private:
    std::vector<std::pair<std::uint32_t, std::string>> m_names;
    std::vector<std::pair<std::uint32_t, std::string>> m_helps;
    std::size_t m_duplicates = 0;
};

}  // namespace wpo
