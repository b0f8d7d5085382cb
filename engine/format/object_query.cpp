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
    m_processes.clear();
    // index[/process[,process...]][:counter[,counter...]], separated by spaces.
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
    // ",n,n..." after a separator: nonzero numbers into `into` under `index`.
    auto list = [&](std::uint32_t index, std::vector<Wanted>& into) {
        do {
            ++i;
            std::uint32_t n = 0;
            if (!number(n) || n == 0)
                return false;
            into.push_back({index, n});
        } while (i < trimmed.size() && trimmed[i] == ',');
        return true;
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
        if (i < trimmed.size() && trimmed[i] == '/') {
            if (!list(index, m_processes))
                return refuse("has a process list that is not process ids separated by commas");
        } else {
            m_processes.push_back({index, 0});
        }
        if (i < trimmed.size() && trimmed[i] == ':') {
            if (!list(index, m_wanted))
                return refuse("has a counter list that is not counter indices separated by commas");
        } else {
            m_wanted.push_back({index, 0});
        }
        if (i < trimmed.size() && trimmed[i] != ' ')
            return refuse("is neither Global, Costly nor a list of object indices");
    }
    std::sort(m_indices.begin(), m_indices.end());
    m_indices.erase(std::unique(m_indices.begin(), m_indices.end()), m_indices.end());
    for (std::vector<Wanted>* v : {&m_wanted, &m_processes}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
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
    return first != m_wanted.end() && first->object == object && first->n != 0;
}

bool ObjectQuery::process_filtered(std::uint32_t object) const
{
    if (m_kind != Kind::list)
        return false;
    const auto first = std::lower_bound(m_processes.begin(), m_processes.end(), Wanted{object, 0});
    return first != m_processes.end() && first->object == object && first->n != 0;
}

void ObjectQuery::append_processes(std::uint32_t object, std::vector<std::uint32_t>& out) const
{
    for (auto it = std::lower_bound(m_processes.begin(), m_processes.end(), Wanted{object, 1});
         it != m_processes.end() && it->object == object; ++it)
        out.push_back(it->n);
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

void ObjectQuery::append(std::string& query, std::uint32_t index, std::string_view spec)
{
    append(query, index);
    query.append(spec);
}

std::string ObjectQuery::spec(std::span<const std::uint32_t> processes, std::span<const std::uint32_t> counters)
{
    std::string out;
    auto add = [&](char first, std::span<const std::uint32_t> numbers) {
        char separator = first;
        for (std::uint32_t n : numbers) {
            char digits[10];
            const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
            out.push_back(separator);
            out.append(digits, end);
            separator = ',';
        }
    };
    add('/', processes);
    add(':', counters);
    return out;
}

}  // namespace wpo
