// SPDX-License-Identifier: Apache-2.0
// A small, strict reader of the text format 0.0.4 and OpenMetrics 1.0, written from the formats'
// documentation, to check what the exposition writer produces independently of it.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace perfscope::exporter::testing {

struct CheckedExposition {
    std::string error;                         // empty: the exposition is valid
    std::map<std::string, double> series;      // `name{labels}` as written -> value
    std::map<std::string, std::string> types;  // described name -> type
    std::map<std::string, std::string> helps;  // described name -> HELP text, unescaped
    std::map<std::string, std::string> units;  // OpenMetrics family -> unit
};

CheckedExposition check_exposition(std::string_view text, bool openmetrics);

}  // namespace perfscope::exporter::testing
