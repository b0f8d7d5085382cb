// SPDX-License-Identifier: Apache-2.0
// What `perfscope-cli query` measures: the counter paths it was given, each
// becoming one snapshot entity's request, and the output columns they expand
// to. Paths are resolved once, against one block collected when the query
// starts: a wildcard expands to the instances present then, as typeperf does.
// A column names its instance by identity (instance_identity.h), the same
// identity the entity matches instances by from sample to sample, so the
// column follows its process however others start and exit.
#pragma once

#include "core/result.h"
#include "format/block_view.h"
#include "names/name_table.h"
#include "naming/counter_path.h"
#include "naming/instance_identity.h"
#include "snapshot/snapshot_types.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::query {

struct QueryPath {
    std::string text;  // as the user wrote it, for messages
    wpo::CounterPath path;
    std::uint32_t object = 0;
    // What the path's entity asks for: the whole object for "\*", else the
    // named counter, and the process when the path names one process's
    // instance (set by resolve_columns).
    wpo::CounterRequest request;
};

struct QueryColumn {
    std::string header;      // \\HOST\Object(Instance)\Counter
    std::size_t entity = 0;  // index of the path, and of its entity
    std::uint32_t object = 0;
    std::uint32_t counter = 0;  // name index
    bool has_instance = false;  // false for single-instance objects
    wpo::InstanceIdentity instance;
};

// How the columns and errors speak to their user: perfscope-cli and the app
// by default; the Java API points at its own browsing calls and writes headers
// without the machine.
struct ColumnWording {
    // Where the names of `object`'s counters (instances == false) or
    // instances can be looked up, for error hints.
    // Null: `list_command` "OBJECT".
    std::string (*where_to_look)(const std::string& object, bool instances) = nullptr;
    // With -s MACHINE for another machine's names; the text outlives the resolution it words.
    std::string_view list_command = "perfscope-cli list";
    bool machine_in_header = true;  // \\HOST\Object... rather than \Object...
};

// Resolves every path against `block` (which must hold their objects, as
// collected for them) and fills each path's request. Errors, in the words the
// user needs: another machine (Errc::invalid_argument), an object the source
// does not serve, an unknown counter or no such instance (Errc::not_found),
// an instance missing or given where the object has none
// (Errc::invalid_argument).
wpo::Result<std::vector<QueryColumn>> resolve_columns(std::vector<QueryPath>& paths, const wpo::BlockView& block,
                                                      const wpo::NameTable& names, const ColumnWording& wording = {});

}  // namespace wpo::query
