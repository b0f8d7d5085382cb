// SPDX-License-Identifier: Apache-2.0
#include "format/object_query.h"

#include "core/utf.h"

#include <charconv>
#include <string>

namespace wpo {

Status ObjectQuery::parse(std::string_view text)
{
    m_indices.clear();
    auto trimmed = text;
    while (!trimmed.empty() && trimmed.front() == ' ')
        trimmed.remove_prefix(1);
    while (!trimmed.empty() && trimmed.back() == ' ')
        trimmed.remove_suffix(1);
    if (trimmed.empty() || iequals(trimmed, "Global")) {
        m_kind = Kind::global;
        return {};
    }
    if (iequals(trimmed, "Costly")) {
        m_kind = Kind::costly;
        return {};
    }
    m_kind = Kind::list;
    std::uint64_t value = 0;
    bool in_number = false;
    for (std::size_t i = 0; i <= trimmed.size(); ++i) {
        const char c = i < trimmed.size() ? trimmed[i] : ' ';
        if (c >= '0' && c <= '9') {
            value = value * 10 + std::uint64_t(c - '0');
            if (value > 0xFFFFFFFFu)
                return Error(Errc::invalid_argument, "object index too large in query \"" + std::string(text) + "\"");
            in_number = true;
        } else if (c == ' ') {
            if (in_number)
                m_indices.push_back(static_cast<std::uint32_t>(value));
            value = 0;
            in_number = false;
        } else {
            return Error(Errc::invalid_argument, "query \"" + std::string(text) +
                                                     "\" is neither Global, Costly nor a list of object indices");
        }
    }
    std::sort(m_indices.begin(), m_indices.end());
    m_indices.erase(std::unique(m_indices.begin(), m_indices.end()), m_indices.end());
    return {};
}

std::string ObjectQuery::list(const std::vector<std::uint32_t>& indices)
{
    std::string query;
    for (std::uint32_t index : indices)
        append(query, index);
    return query;
}

void ObjectQuery::append(std::string& query, std::uint32_t index)
{
    char digits[10];
    const auto end = std::to_chars(digits, digits + sizeof digits, index).ptr;
    if (!query.empty())
        query.push_back(' ');
    query.append(digits, end);
}

}  // namespace wpo
