// SPDX-License-Identifier: Apache-2.0
#include "exporter/instance_guard.h"

namespace perfscope::exporter {

bool InstanceGuard::passes(std::string_view process_name) const
{
    if (include && !std::regex_match(process_name.begin(), process_name.end(), *include))
        return false;
    return !(exclude && std::regex_match(process_name.begin(), process_name.end(), *exclude));
}

wpo::Result<std::regex> compile_instance_pattern(const std::string& pattern, std::string_view option)
{
    if (pattern.size() > kMaxPatternLength)
        return wpo::Error(wpo::Errc::invalid_argument, std::string(option) + ": the pattern is longer than " +
                                                           std::to_string(kMaxPatternLength) + " characters");
    try {
        return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {
        return wpo::Error(wpo::Errc::invalid_argument,
                          std::string(option) + ": \"" + pattern + "\" is not a regular expression (" + e.what() + ")");
    }
}

}  // namespace perfscope::exporter
