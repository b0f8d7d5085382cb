// SPDX-License-Identifier: Apache-2.0
// Counter sets: views with their counters, intervals, windows, colors and
// scales, saved as JSON so the desktop app can restore a session and scripts
// (`perfscope-cli query --set`) can sample what a view shows. The format is
// documented, with its version rules, in docs/counter-sets.md.
#pragma once

#include "core/result.h"
#include "files/view_limits.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::files {

// The look of one instance of a path with "(*)" (version 2).
struct InstanceLook {
    std::string instance;                // as the app names it: "bash:1234", "bash:1234/5678" for a thread
    std::optional<std::uint32_t> color;  // 0xRRGGBB; none = the app picks
    std::optional<int> scale_exponent;   // none = the counter's DefaultScale
    bool visible = true;

    friend bool operator==(const InstanceLook&, const InstanceLook&) = default;
};

struct CounterSetEntry {
    // A typeperf path: \Process(bash:1234)\% Processor Time, \Process(*)\Working Set.
    std::string path;
    std::optional<std::uint32_t> color;  // 0xRRGGBB; none = the app picks
    std::optional<int> scale_exponent;   // none = the counter's DefaultScale
    bool visible = true;
    // Only for a path with "(*)" (version 2): looks of single instances, which
    // win over the path's own, and instances the user removed from the view.
    std::vector<InstanceLook> instances;
    std::vector<std::string> removed;

    friend bool operator==(const CounterSetEntry&, const CounterSetEntry&) = default;
};

struct ViewSettings {
    std::string title;
    ViewKind kind = ViewKind::line;
    double interval_s = 1.0;
    double window_s = 100.0;
    std::size_t history_capacity = 86400;
    bool y_auto = true;
    double y_min = 0.0, y_max = 100.0;
    bool cap_percent = false;  // optional key, written only when true
    std::vector<CounterSetEntry> counters;

    friend bool operator==(const ViewSettings&, const ViewSettings&) = default;
};

// What `perfscope-cli serve` limits Process and Thread to when it exports the set (docs/counter-sets.md,
// docs/prometheus-naming.md): each field given replaces serve's own setting for this set. The patterns are
// kept as text; serve compiles them.
struct SetInstanceGuard {
    std::optional<std::size_t> max_instances;  // 0: no limit
    std::optional<std::string> rank_counter;   // a counter name
    std::optional<std::string> include;        // ECMAScript, on the process's name
    std::optional<std::string> exclude;

    friend bool operator==(const SetInstanceGuard&, const SetInstanceGuard&) = default;
};

struct CounterSet {
    int version = 2;
    std::vector<ViewSettings> views;
    int current_view = 0;
    bool tiled = false;
    std::optional<SetInstanceGuard> instance_guard;  // optional key, written only when present

    friend bool operator==(const CounterSet&, const CounterSet&) = default;
};

// The limits the reader enforces (docs/counter-sets.md); a view's own are in
// files/view_limits.h.
inline constexpr int kCounterSetVersion = 2;        // the version this build writes
inline constexpr int kOldestCounterSetVersion = 1;  // the oldest it reads
inline constexpr int kMinScaleExponent = -10, kMaxScaleExponent = 10;
inline constexpr std::size_t kMaxCounterSetBytes = 16u << 20;
inline constexpr std::size_t kMaxGuardInstances = 100000;
inline constexpr std::size_t kMaxGuardTextBytes = 1024;  // a rank counter's name, a pattern

// Errc::invalid_argument, "line L, column C: <field>: what is wrong", e.g.
// "line 6, column 21: views[0].interval_s is 0.05; it must be 0.1 to 3600
// seconds". Unknown fields are ignored; a missing field takes the default
// above (only "version" and every counter's "path" are required). A set of
// an older version is read as such and comes back as the current version.
wpo::Result<CounterSet> parse_counter_set(std::string_view json);

// The set as JSON (every field written; color and scale only when set).
// parse_counter_set(format_counter_set(s)) == s for every valid s.
std::string format_counter_set(const CounterSet& set);

// Errors name the file: not_found, permission_denied, io_error, too_large,
// or a parse error prefixed by the path.
wpo::Result<CounterSet> load_counter_set(const std::string& path);

// Atomic: writes a temporary file beside `path`, flushes it to disk and
// renames it over `path`, so a reader (or a crash) sees the old file or the
// new one, never half of one. The temporary is removed on failure.
wpo::Status save_counter_set(const std::string& path, const CounterSet& set);

}  // namespace perfscope::files
