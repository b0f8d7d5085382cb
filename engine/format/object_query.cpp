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
    m_wanted.clear();
    // index[:counter[,counter...]], separated by spaces.
    auto refuse = [&](const char* what) {
        return Error(Errc::invalid_argument, "query \"" + std::string(text) + "\" " + what);
    };
    std::size_t i = 0;
    auto number = [&](std::uint32_t& out) -> bool {
        const std::size_t start = i;
        std::uint64_t value = 0;
        while (i < trimmed.size() && trimmed[i] >= '0' && trimmed[i] <= '9') {
            value = value * 10 + std::uint64_t(trimmed[i] - '0');
            if (value > 0xFFFFFFFFu)
                return false;
            ++i;
        }
        out = static_cast<std::uint32_t>(value);
        return i > start;
    };
    while (i < trimmed.size()) {
        if (trimmed[i] == ' ') {
            ++i;
            continue;
        }
        std::uint32_t index = 0;
        if (!number(index))
            return i < trimmed.size() && trimmed[i] >= '0' && trimmed[i] <= '9'
                       ? refuse("has an object index too large")
                       : refuse("is neither Global, Costly nor a list of object indices");
        m_indices.push_back(index);
        if (i < trimmed.size() && trimmed[i] == ':') {
            do {
                ++i;
                std::uint32_t counter = 0;
                if (!number(counter) || counter == 0)
                    return refuse("has a counter list that is not counter indices separated by commas");
                m_wanted.push_back({index, counter});
            } while (i < trimmed.size() && trimmed[i] == ',');
        } else {
            m_wanted.push_back({index, 0});
        }
        if (i < trimmed.size() && trimmed[i] != ' ')
            return refuse("is neither Global, Costly nor a list of object indices");
    }
    std::sort(m_indices.begin(), m_indices.end());
    m_indices.erase(std::unique(m_indices.begin(), m_indices.end()), m_indices.end());
    std::sort(m_wanted.begin(), m_wanted.end());
    m_wanted.erase(std::unique(m_wanted.begin(), m_wanted.end()), m_wanted.end());
    return {};
}

bool ObjectQuery::wants(std::uint32_t object, std::uint32_t counter) const
{
    if (m_kind != Kind::list)
        return true;
    return std::binary_search(m_wanted.begin(), m_wanted.end(), Wanted{object, 0}) ||
           std::binary_search(m_wanted.begin(), m_wanted.end(), Wanted{object, counter});
}

bool ObjectQuery::restricted(std::uint32_t object) const
{
    if (m_kind != Kind::list)
        return false;
    const auto first = std::lower_bound(m_wanted.begin(), m_wanted.end(), Wanted{object, 0});
    return first != m_wanted.end() && first->object == object && first->counter != 0;
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

void ObjectQuery::append(std::string& query, std::uint32_t index, std::span<const std::uint32_t> counters)
{
    append(query, index);
    char separator = ':';
    for (std::uint32_t counter : counters) {
        char digits[10];
        const auto end = std::to_chars(digits, digits + sizeof digits, counter).ptr;
        query.push_back(separator);
        query.append(digits, end);
        separator = ',';
    }
}

}  // namespace wpo
