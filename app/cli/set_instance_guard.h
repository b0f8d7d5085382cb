// SPDX-License-Identifier: Apache-2.0
// The Process and Thread guard of a counter set `perfscope-cli serve` exports (/metrics?set=NAME, --set):
// serve's own, from its flags, with what the set's "instance_guard" gives in its place (docs/counter-sets.md).
#pragma once

#include "core/result.h"
#include "exporter/instance_guard.h"
#include "files/counter_set.h"

#include <string>

namespace perfscope::cli {

// `base` with the set's fields in place of its own, the patterns compiled; `file` names the set in messages.
// Errc::invalid_argument for a pattern that does not compile.
wpo::Result<exporter::InstanceGuard> set_instance_guard(const files::CounterSet& set, exporter::InstanceGuard base,
                                                        const std::string& file);

}  // namespace perfscope::cli
