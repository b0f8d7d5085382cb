// SPDX-License-Identifier: Apache-2.0
// Fuzz target: NameTable::from_multi_sz. The input is split at its midpoint
// (rounded down to a whole UTF-16 unit) into the Counter and the Help table.
// Whatever parses must write back to bytes that parse to the same entries,
// and writing those again must give the same bytes (a fixed point);
// lookups must agree with the entries.
#include "core/utf.h"
#include "names/name_table.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

void check_entries(const wpo::NameTable::Entries& entries)
{
    for (std::size_t i = 0; i < entries.size(); ++i) {
        check(!entries[i].second.empty());
        check(i == 0 || entries[i - 1].first < entries[i].first);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const std::size_t split = (size / 2) & ~std::size_t(1);
    auto table = wpo::NameTable::from_multi_sz(bytes.first(split), bytes.subspan(split));
    if (!table) {
        check(table.error().code() == wpo::Errc::bad_name_table && !table.error().message().empty());
        return 0;
    }
    check_entries(table->names());
    check_entries(table->helps());

    const auto counter = table->counter_multi_sz();
    const auto help = table->help_multi_sz();
    auto again = wpo::NameTable::from_multi_sz(counter, help);
    check(again.ok());
    check(again->names() == table->names());
    check(again->helps() == table->helps());
    check(again->duplicates() == 0);
    check(again->counter_multi_sz() == counter);
    check(again->help_multi_sz() == help);

    // Lookups agree with the entries (bounded work per input).
    std::size_t n = 0;
    for (const auto& [index, text] : table->names()) {
        if (++n > 64)
            break;
        check(table->name(index) == text);
        if (index != 1) {
            const auto found = table->find_object(text);
            check(found && *found <= index && wpo::iequals(table->name(*found), text));
        }
    }
    for (const auto& [index, text] : table->helps())
        check(table->help(index) == text);
    return 0;
}
