// SPDX-License-Identifier: Apache-2.0
// Objects named by the user: a name (any case) or an index, resolved
// against the source's name table, with a hint when the name is unknown.
#pragma once

#include "core/result.h"
#include "names/name_table.h"
#include "sources/source.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::query {

// "230" or "#230" -> 230 (how objects and counters the name table does not
// know are written: Wine's table has two entries); nullopt for anything else.
std::optional<std::uint32_t> parse_index(std::string_view text);

// The name, else the decimal index: how headers spell an unnamed object or
// counter so that the header is itself a path that resolves.
std::string name_or_number(const wpo::NameTable& names, std::uint32_t index);

// "Process", "230" or "#230" -> 230; Errc::not_found naming the object otherwise,
// with where to look and, given the source, the closest object it serves.
wpo::Result<std::uint32_t> resolve_object(const wpo::NameTable& names, const std::string& text,
                                          wpo::Source* source = nullptr,
                                          const std::string& where = "perfscope-cli list");

// " (did you mean \"Processor\"? see perfscope-cli list)": the objects the
// source serves (Global and Costly; collected only for this, on the way to an
// error) give the suggestion. Without a source, only where to look: `where`.
std::string unknown_object_hint(const wpo::NameTable& names, const std::string& text, wpo::Source* source,
                                const std::string& where = "perfscope-cli list");

}  // namespace wpo::query
