// SPDX-License-Identifier: Apache-2.0
// Many counter paths against one collection: each path's object is resolved
// by name, the objects of all paths are collected together once, and each path
// is then resolved against that one block. What every front end does between
// paths a user typed and a sampler (perfscope-cli query, the desktop app's
// views and counter sets, the Java library's Sampler).
//
// A path that does not resolve (a typo, an instance that has exited) costs
// only itself: the result holds a status per path, so a caller can refuse the
// whole request (the CLI's command line) or leave the path out with a
// warning naming it (a counter set naming a process that has exited).
#pragma once

#include "core/result.h"
#include "names/name_table.h"
#include "query/query_columns.h"
#include "snapshot/shared_source.h"

#include <span>
#include <string>
#include <vector>

namespace wpo::query {

struct PathResolution {
    // One per text given, in order. For a path whose status is an error only
    // `text` is meaningful.
    std::vector<QueryPath> paths;
    std::vector<wpo::Status> status;
    // The columns of the paths that resolved, in path order; a column's
    // `entity` is the index of its path in `paths`.
    std::vector<QueryColumn> columns;
    // The objects the one collection's block left out (malformed ones), for
    // the caller to warn about.
    wpo::LeftOutObjects left_out;

    bool all_resolved() const;
    // The first path's error, or success.
    wpo::Status first_error() const;
};

struct PathWording {
    ColumnWording columns;
    // Where the list of objects is, for the hint after an unknown object.
    std::string where_objects = "perfscope-cli list";
};

// Fails as a whole only when the one collection fails or its block does not
// parse (a source error); every other problem is a path's own status, in the
// words the user needs (the bad path quoted, the bad part named, a
// suggestion for a typo).
wpo::Result<PathResolution> resolve_paths(std::span<const std::string> texts, wpo::SharedSource& source,
                                          const wpo::NameTable& names, const PathWording& wording = {});

}  // namespace wpo::query
