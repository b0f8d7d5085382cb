// SPDX-License-Identifier: Apache-2.0
#include "query/left_out_warnings.h"

#include <cinttypes>
#include <string>

namespace wpo::query {
namespace {

std::string name_or_index(const wpo::NameTable& names, std::uint32_t index)
{
    const auto name = names.name(index);
    return name.empty() ? "#" + std::to_string(index) : std::string(name);
}

}  // namespace


void LeftOutWarnings::report(const wpo::LeftOutObjects& left_out)
{
    if (left_out.empty())
        return;
    bool wrote = false;
    for (const wpo::LeftOutObject& bad : left_out.listed()) {
        if (!m_seen.insert(bad.name_index()).second)
            continue;
        // Index 0 names no object: its header was cut off.
        const std::string which = bad.name_index() == 0 ? std::string("an object")
                                                        : "object \"" + name_or_index(m_names, bad.name_index()) +
                                                              "\" (" + std::to_string(bad.name_index()) + ")";
        const std::string text = wpo::Error(bad.code(), bad.message()).describe();
        std::fprintf(m_err, "perfscope-cli: warning: %s left out: %s\n", which.c_str(), text.c_str());
        wrote = true;
    }
    if (left_out.count() > left_out.listed().size() && !m_told_unlisted) {
        m_told_unlisted = true;
        std::fprintf(m_err, "perfscope-cli: warning: %" PRIu32 " more objects left out (not listed)\n",
                     static_cast<std::uint32_t>(left_out.count() - left_out.listed().size()));
        wrote = true;
    }
    if (wrote)
        std::fflush(m_err);
}

}  // namespace wpo::query
