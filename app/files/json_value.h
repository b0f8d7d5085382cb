// SPDX-License-Identifier: Apache-2.0
// A small JSON reader and writer for perfscope's own files (counter sets,
// docs/counter-sets.md): Qt-free, strict RFC 8259, bounded nesting, and
// errors that say where ("line 3, column 14: ..."; columns count bytes).
// Every value remembers where it started, so the code that checks a file's
// meaning can point at the offending value too.
#pragma once

#include "core/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfscope::files {

class JsonValue {
public:
    enum class Type { null, boolean, number, string, array, object };
    using Members = std::vector<std::pair<std::string, JsonValue>>;  // in file order, keys unique

    JsonValue() = default;
    static JsonValue boolean(bool b);
    static JsonValue number(double n);
    static JsonValue string(std::string s);
    static JsonValue array(std::vector<JsonValue> items = {});
    static JsonValue object(Members members = {});

    Type type() const { return m_type; }
    bool is_null() const { return m_type == Type::null; }
    bool as_bool() const { return m_bool; }
    double as_number() const { return m_number; }
    const std::string& as_string() const { return m_string; }
    const std::vector<JsonValue>& items() const { return m_items; }
    const Members& members() const { return m_members; }
    // The member named `key` of an object; null when absent or not an object.
    const JsonValue* find(std::string_view key) const;

    // Builders for writing.
    void push_back(JsonValue item) { m_items.push_back(std::move(item)); }
    void set(std::string key, JsonValue value);

    // 1-based position of the value's first character in the parsed text
    // (0 for values built in code).
    std::size_t line() const { return m_line; }
    std::size_t column() const { return m_column; }
    // "line L, column C: " for messages about this value.
    std::string where() const;

    // Same type and content (positions are not compared).
    friend bool operator==(const JsonValue& a, const JsonValue& b);

private:
    friend class JsonParser;

    Type m_type = Type::null;
    bool m_bool = false;
    double m_number = 0;
    std::string m_string;
    std::vector<JsonValue> m_items;
    Members m_members;
    std::size_t m_line = 0;
    std::size_t m_column = 0;
};

inline constexpr std::size_t kJsonMaxDepth = 64;

// One JSON value (a UTF-8 byte order mark before it is skipped). Errors:
// Errc::invalid_argument, "line L, column C: what is wrong". Rejected:
// nesting deeper than `max_depth` arrays/objects, duplicate keys, numbers
// that do not fit a double, invalid UTF-8 and lone surrogates in strings.
wpo::Result<JsonValue> parse_json(std::string_view text, std::size_t max_depth = kJsonMaxDepth);

// Pretty-printed (two-space indent, "\n" line ends, a final newline at the
// top level); numbers in the shortest form that reads back exactly.
std::string format_json(const JsonValue& value);

}  // namespace perfscope::files
