// SPDX-License-Identifier: Apache-2.0
// One definition of published counters, three users (docs/publishing.md):
// the application (publish/ lays out its segment from it), the provider and
// the Linux source (they read the same facts back from the segment), and
// registration (`perfscope-cli counters install` writes the lodctr INI from
// it). It is declared in code or read from a definition file
// (parse_definition, format in docs/publishing.md).
//
// Order matters: title indices are assigned in definition order, object
// then its counters, then the next object (item i gets name index
// base + 2i and help index base + 2i + 1; see item_offset()).
#pragma once

#include "core/result.h"
#include "format/layout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::published {

struct CounterDef {
    std::string name;
    std::string help;
    std::uint32_t type = 0;  // PERF_COUNTER_* from the supported set (supported_type)
    std::int32_t default_scale = 0;
    std::uint32_t detail_level = wpo::layout::kDetailNovice;
};

struct ObjectDef {
    std::string name;
    std::string help;
    std::uint32_t detail_level = wpo::layout::kDetailNovice;
    // 0 = no instances (one set of values); N = up to N instances at a time.
    std::uint32_t max_instances = 0;
    bool costly = false;
    std::int32_t default_counter = 0;
    std::vector<CounterDef> counters;
};

struct Definition {
    // The publisher's name: the segment name on both systems, the service
    // name of the Windows provider registration. [A-Za-z0-9_.-]{1,64}.
    std::string publisher;
    std::vector<ObjectDef> objects;

    // Objects + counters: each takes one name and one help index.
    std::uint32_t item_count() const;
    // Position (0-based) of an object or a counter in index order; the name
    // index is base + 2 * position.
    std::uint32_t item_offset(std::size_t object) const;
    std::uint32_t item_offset(std::size_t object, std::size_t counter) const;
};

// A publisher name: [A-Za-z0-9_.-]{1,64}. Also what the Windows provider
// accepts as a service name from the registry.
bool valid_publisher(std::string_view name);

// The counter types a publisher may use, by their definition-file names
// (docs/publishing.md lists them): "raw32", "raw64", "rate32", "rate64",
// "timer100ns", "fraction", "fraction_base", "average", "average_timer",
// "average_base", or the winperf.h name ("PERF_COUNTER_RAWCOUNT").
std::optional<std::uint32_t> parse_counter_type(std::string_view name);
// The short name of a supported type; empty for anything else.
std::string_view counter_type_short_name(std::uint32_t type);
bool supported_type(std::uint32_t type);

// Checks the rules a reader relies on: names present and not too long,
// supported types, a base right after each counter that needs one (and of
// the kind it needs), limits of segment_layout.h. Errc::invalid_argument
// naming the object and counter.
Status validate(const Definition& definition);

// Parses a definition file (format: docs/publishing.md) and validates it.
// Errors are Errc::invalid_argument with "line N: ...".
Result<Definition> parse_definition(std::string_view text);

}  // namespace wpo::published
