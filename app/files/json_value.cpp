// SPDX-License-Identifier: Apache-2.0
#include "files/json_value.h"

#include "core/hex.h"
#include "core/utf.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <tuple>

namespace perfscope::files {

JsonValue JsonValue::boolean(bool b)
{
    JsonValue v;
    v.m_type = Type::boolean;
    v.m_bool = b;
    return v;
}

JsonValue JsonValue::number(double n)
{
    JsonValue v;
    v.m_type = Type::number;
    v.m_number = n;
    return v;
}

JsonValue JsonValue::string(std::string s)
{
    JsonValue v;
    v.m_type = Type::string;
    v.m_string = std::move(s);
    return v;
}

JsonValue JsonValue::array(std::vector<JsonValue> items)
{
    JsonValue v;
    v.m_type = Type::array;
    v.m_items = std::move(items);
    return v;
}

JsonValue JsonValue::object(Members members)
{
    JsonValue v;
    v.m_type = Type::object;
    v.m_members = std::move(members);
    return v;
}

const JsonValue* JsonValue::find(std::string_view key) const
{
    for (const auto& [name, value] : m_members)
        if (name == key)
            return &value;
    return nullptr;
}

void JsonValue::set(std::string key, JsonValue value)
{
    for (auto& [name, existing] : m_members) {
        if (name == key) {
            existing = std::move(value);
            return;
        }
    }
    m_members.emplace_back(std::move(key), std::move(value));
}

std::string JsonValue::where() const
{
    return "line " + std::to_string(m_line) + ", column " + std::to_string(m_column) + ": ";
}

bool operator==(const JsonValue& a, const JsonValue& b)
{
    if (a.m_type != b.m_type)
        return false;
    switch (a.m_type) {
    case JsonValue::Type::null: return true;
    case JsonValue::Type::boolean: return a.m_bool == b.m_bool;
    case JsonValue::Type::number: return a.m_number == b.m_number;
    case JsonValue::Type::string: return a.m_string == b.m_string;
    case JsonValue::Type::array: return a.m_items == b.m_items;
    case JsonValue::Type::object: return a.m_members == b.m_members;
    }
    return false;
}

class JsonParser {
public:
    JsonParser(std::string_view text, std::size_t max_depth) : m_text(text), m_max_depth(max_depth) {}

    wpo::Result<JsonValue> parse_document()
    {
        if (m_text.starts_with("\xEF\xBB\xBF"))
            advance(3);
        skip_space();
        if (m_at >= m_text.size())
            return fail("empty, expected a JSON value");
        auto value = parse_value(0);
        if (!value)
            return value;
        skip_space();
        if (m_at < m_text.size())
            return fail("text after the JSON value");
        return value;
    }

private:
    wpo::Error fail(const std::string& what) const
    {
        return wpo::Error(wpo::Errc::invalid_argument,
                          "line " + std::to_string(m_line) + ", column " + std::to_string(m_column) + ": " + what);
    }

    void advance(std::size_t n = 1)
    {
        for (std::size_t i = 0; i < n && m_at < m_text.size(); ++i) {
            if (m_text[m_at++] == '\n') {
                ++m_line;
                m_column = 1;
            } else {
                ++m_column;
            }
        }
    }

    void skip_space()
    {
        while (m_at < m_text.size() &&
               (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\n' || m_text[m_at] == '\r'))
            advance();
    }

    bool at(char c) const { return m_at < m_text.size() && m_text[m_at] == c; }

    std::string shown_char() const
    {
        if (m_at >= m_text.size())
            return "the end of the text";
        const auto c = static_cast<unsigned char>(m_text[m_at]);
        if (c >= 0x20 && c < 0x7F)
            return std::string("'") + static_cast<char>(c) + "'";
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", c);
        return std::string("byte ") + hex;
    }

    wpo::Result<JsonValue> parse_value(std::size_t depth)
    {
        JsonValue value;
        value.m_line = m_line;
        value.m_column = m_column;
        if (m_at >= m_text.size())
            return fail("the text ends where a value should be");
        const char c = m_text[m_at];
        if (c == '{' || c == '[') {
            if (depth >= m_max_depth)
                return fail("nesting deeper than " + std::to_string(m_max_depth) + " arrays and objects");
            return c == '{' ? parse_object(std::move(value), depth + 1) : parse_array(std::move(value), depth + 1);
        }
        if (c == '"') {
            auto s = parse_string();
            if (!s)
                return s.error();
            value.m_type = JsonValue::Type::string;
            value.m_string = std::move(*s);
            return value;
        }
        if (c == '-' || (c >= '0' && c <= '9'))
            return parse_number(std::move(value));
        for (const auto& [word, type, truth] :
             {std::tuple{"true", JsonValue::Type::boolean, true}, std::tuple{"false", JsonValue::Type::boolean, false},
              std::tuple{"null", JsonValue::Type::null, false}}) {
            if (m_text.substr(m_at).starts_with(word)) {
                advance(std::string_view(word).size());
                value.m_type = type;
                value.m_bool = truth;
                return value;
            }
        }
        return fail("expected a value, found " + shown_char());
    }

    wpo::Result<JsonValue> parse_object(JsonValue value, std::size_t depth)
    {
        value.m_type = JsonValue::Type::object;
        advance();  // '{'
        skip_space();
        if (at('}')) {
            advance();
            return value;
        }
        while (true) {
            skip_space();
            if (!at('"'))
                return fail("expected a key in double quotes, found " + shown_char());
            const std::size_t key_line = m_line, key_column = m_column;
            auto key = parse_string();
            if (!key)
                return key.error();
            if (value.find(*key))
                return wpo::Error(wpo::Errc::invalid_argument, "line " + std::to_string(key_line) + ", column " +
                                                                   std::to_string(key_column) + ": duplicate key \"" +
                                                                   *key + "\"");
            skip_space();
            if (!at(':'))
                return fail("expected ':' after the key, found " + shown_char());
            advance();
            skip_space();
            auto member = parse_value(depth);
            if (!member)
                return member;
            value.m_members.emplace_back(std::move(*key), std::move(*member));
            skip_space();
            if (at(',')) {
                advance();
                continue;
            }
            if (at('}')) {
                advance();
                return value;
            }
            return fail("expected ',' or '}' in the object, found " + shown_char());
        }
    }

    wpo::Result<JsonValue> parse_array(JsonValue value, std::size_t depth)
    {
        value.m_type = JsonValue::Type::array;
        advance();  // '['
        skip_space();
        if (at(']')) {
            advance();
            return value;
        }
        while (true) {
            skip_space();
            auto item = parse_value(depth);
            if (!item)
                return item;
            value.m_items.push_back(std::move(*item));
            skip_space();
            if (at(',')) {
                advance();
                continue;
            }
            if (at(']')) {
                advance();
                return value;
            }
            return fail("expected ',' or ']' in the array, found " + shown_char());
        }
    }

    wpo::Result<JsonValue> parse_number(JsonValue value)
    {
        // The grammar first (from_chars alone would take "01", "1." or ".5").
        std::size_t i = m_at;
        auto digits = [&] {
            const std::size_t start = i;
            while (i < m_text.size() && m_text[i] >= '0' && m_text[i] <= '9')
                ++i;
            return i - start;
        };
        if (m_text[i] == '-')
            ++i;
        const std::size_t int_start = i;
        const std::size_t int_digits = digits();
        if (int_digits == 0)
            return fail("a number needs digits after '-'");
        if (int_digits > 1 && m_text[int_start] == '0')
            return fail("a number may not start with 0");
        if (i < m_text.size() && m_text[i] == '.') {
            ++i;
            if (digits() == 0) {
                advance(i - m_at);
                return fail("a number needs digits after '.'");
            }
        }
        if (i < m_text.size() && (m_text[i] == 'e' || m_text[i] == 'E')) {
            ++i;
            if (i < m_text.size() && (m_text[i] == '+' || m_text[i] == '-'))
                ++i;
            if (digits() == 0) {
                advance(i - m_at);
                return fail("a number needs digits in its exponent");
            }
        }
        double n = 0;
        const auto [end, ec] = std::from_chars(m_text.data() + m_at, m_text.data() + i, n);
        if (ec != std::errc() || end != m_text.data() + i || !std::isfinite(n))
            return fail("the number " + std::string(m_text.substr(m_at, std::min<std::size_t>(i - m_at, 40))) +
                        " does not fit a double");
        advance(i - m_at);
        value.m_type = JsonValue::Type::number;
        value.m_number = n;
        return value;
    }

    // Four hex digits after "\u"; m_at is on the first.
    wpo::Result<std::uint32_t> hex4()
    {
        std::uint32_t v = 0;
        for (int k = 0; k < 4; ++k) {
            if (m_at >= m_text.size())
                return fail("the text ends inside a \\u escape");
            const int digit = wpo::hex_digit_value(m_text[m_at]);
            if (digit < 0)
                return fail("a \\u escape needs four hex digits, found " + shown_char());
            v = v << 4 | static_cast<std::uint32_t>(digit);
            advance();
        }
        return v;
    }

    // Length of the valid UTF-8 sequence at m_at (0 if invalid).
    std::size_t utf8_length() const
    {
        const auto b = [&](std::size_t k) { return static_cast<unsigned char>(m_text[m_at + k]); };
        const std::size_t left = m_text.size() - m_at;
        const unsigned char c = b(0);
        auto cont = [&](std::size_t k) { return k < left && (b(k) & 0xC0) == 0x80; };
        if (c >= 0xC2 && c <= 0xDF)
            return cont(1) ? 2 : 0;
        if (c >= 0xE0 && c <= 0xEF) {
            if (!cont(1) || !cont(2))
                return 0;
            if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0))
                return 0;  // overlong, or a surrogate
            return 3;
        }
        if (c >= 0xF0 && c <= 0xF4) {
            if (!cont(1) || !cont(2) || !cont(3))
                return 0;
            if ((c == 0xF0 && b(1) < 0x90) || (c == 0xF4 && b(1) >= 0x90))
                return 0;  // overlong, or beyond U+10FFFF
            return 4;
        }
        return 0;
    }

    wpo::Result<std::string> parse_string()
    {
        advance();  // opening quote
        std::string out;
        while (true) {
            if (m_at >= m_text.size())
                return fail("the text ends inside a string");
            const auto c = static_cast<unsigned char>(m_text[m_at]);
            if (c == '"') {
                advance();
                return out;
            }
            if (c < 0x20)
                return fail("a control character (" + shown_char() + ") inside a string; write it as an escape");
            if (c == '\\') {
                advance();
                if (m_at >= m_text.size())
                    return fail("the text ends inside an escape");
                const char e = m_text[m_at];
                static constexpr std::string_view kFrom = "\"\\/bfnrt", kTo = "\"\\/\b\f\n\r\t";
                if (const auto k = kFrom.find(e); k != std::string_view::npos) {
                    out += kTo[k];
                    advance();
                    continue;
                }
                if (e != 'u')
                    return fail("unknown escape \\" + std::string(1, e));
                advance();
                auto cp = hex4();
                if (!cp)
                    return cp.error();
                if (*cp >= 0xDC00 && *cp <= 0xDFFF)
                    return fail("a low surrogate without a high one before it");
                if (*cp >= 0xD800 && *cp <= 0xDBFF) {
                    if (!m_text.substr(m_at).starts_with("\\u"))
                        return fail("a high surrogate without a low one after it");
                    advance(2);
                    auto low = hex4();
                    if (!low)
                        return low.error();
                    if (*low < 0xDC00 || *low > 0xDFFF)
                        return fail("a high surrogate without a low one after it");
                    *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
                }
                wpo::append_utf8(out, static_cast<char32_t>(*cp));
                continue;
            }
            if (c < 0x80) {
                out += static_cast<char>(c);
                advance();
                continue;
            }
            const std::size_t n = utf8_length();
            if (n == 0)
                return fail("invalid UTF-8 (" + shown_char() + ") inside a string");
            out.append(m_text.substr(m_at, n));
            advance(n);
        }
    }

    std::string_view m_text;
    std::size_t m_max_depth;
    std::size_t m_at = 0;
    std::size_t m_line = 1;
    std::size_t m_column = 1;
};

wpo::Result<JsonValue> parse_json(std::string_view text, std::size_t max_depth)
{
    return JsonParser(text, max_depth).parse_document();
}

namespace {

void write_string(std::string& out, const std::string& s)
{
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\u%04X", c);
                out += hex;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

void write_value(std::string& out, const JsonValue& v, std::size_t indent)
{
    const std::string pad(indent * 2, ' '), inner((indent + 1) * 2, ' ');
    switch (v.type()) {
    case JsonValue::Type::null: out += "null"; break;
    case JsonValue::Type::boolean: out += v.as_bool() ? "true" : "false"; break;
    case JsonValue::Type::number: {
        char text[64];
        // Shortest text that reads back to the same double; integers plain.
        const auto [end, ec] = std::to_chars(text, text + sizeof text, v.as_number());
        out.append(text, ec == std::errc() ? end : text);
        break;
    }
    case JsonValue::Type::string: write_string(out, v.as_string()); break;
    case JsonValue::Type::array:
        if (v.items().empty()) {
            out += "[]";
            break;
        }
        out += "[\n";
        for (std::size_t i = 0; i < v.items().size(); ++i) {
            out += inner;
            write_value(out, v.items()[i], indent + 1);
            out += i + 1 < v.items().size() ? ",\n" : "\n";
        }
        out += pad + "]";
        break;
    case JsonValue::Type::object:
        if (v.members().empty()) {
            out += "{}";
            break;
        }
        out += "{\n";
        for (std::size_t i = 0; i < v.members().size(); ++i) {
            out += inner;
            write_string(out, v.members()[i].first);
            out += ": ";
            write_value(out, v.members()[i].second, indent + 1);
            out += i + 1 < v.members().size() ? ",\n" : "\n";
        }
        out += pad + "}";
        break;
    }
}

}  // namespace

std::string format_json(const JsonValue& value)
{
    std::string out;
    write_value(out, value, 0);
    out += '\n';
    return out;
}

}  // namespace perfscope::files
