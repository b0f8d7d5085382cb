// SPDX-License-Identifier: Apache-2.0
// The JSON reader: what RFC 8259 allows reads to the right value; what it
// does not is an error at the exact line and column (a named row each).
#include "files/json_value.h"

#include <gtest/gtest.h>

namespace perfscope::files {
namespace {

TEST(JsonValue, ReadsEveryKind)
{
    auto v = parse_json(R"({"a": [1, -2.5e3, 0.125, true, false, null],
                            "b": {"c": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}, "": {}})");
    ASSERT_TRUE(v.ok()) << v.error().message();
    ASSERT_EQ(v->type(), JsonValue::Type::object);
    const JsonValue* a = v->find("a");
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->items().size(), 6u);
    EXPECT_EQ(a->items()[0].as_number(), 1.0);
    EXPECT_EQ(a->items()[1].as_number(), -2500.0);
    EXPECT_EQ(a->items()[2].as_number(), 0.125);
    EXPECT_TRUE(a->items()[3].as_bool());
    EXPECT_EQ(a->items()[4].type(), JsonValue::Type::boolean);
    EXPECT_FALSE(a->items()[4].as_bool());
    EXPECT_TRUE(a->items()[5].is_null());
    // U+00E9 is C3 A9 in UTF-8; U+1F600 (the surrogate pair D83D DE00) is F0 9F 98 80.
    EXPECT_EQ(v->find("b")->find("c")->as_string(), "x\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80");
    EXPECT_EQ(v->find("")->type(), JsonValue::Type::object);
    EXPECT_EQ(v->find("missing"), nullptr);
}

TEST(JsonValue, RemembersWhereEachValueStarts)
{
    auto v = parse_json("{\n  \"a\": [\n    10,\n  \"x\"]\n}");
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->line(), 1u);
    EXPECT_EQ(v->column(), 1u);
    const JsonValue& a = *v->find("a");
    EXPECT_EQ(a.where(), "line 2, column 8: ");
    EXPECT_EQ(a.items()[0].where(), "line 3, column 5: ");
    EXPECT_EQ(a.items()[1].where(), "line 4, column 3: ");
}

TEST(JsonValue, WritesWhatItReads)
{
    JsonValue root = JsonValue::object();
    root.set("n", JsonValue::number(0.1));
    root.set("big", JsonValue::number(1e300));
    root.set("int", JsonValue::number(86400));
    root.set("s", JsonValue::string("tab\there \"q\" \x01 \xC3\xA9"));
    root.set("list", JsonValue::array({JsonValue::boolean(true), JsonValue(), JsonValue::array()}));
    const std::string text = format_json(root);
    EXPECT_NE(text.find("\"int\": 86400,"), std::string::npos) << text;
    EXPECT_NE(text.find("\"n\": 0.1,"), std::string::npos) << text;
    EXPECT_NE(text.find("\\u0001"), std::string::npos) << text;
    auto back = parse_json(text);
    ASSERT_TRUE(back.ok()) << back.error().message() << "\n" << text;
    EXPECT_EQ(*back, root);
}

TEST(JsonValue, NestingIsBounded)
{
    const std::string ok = std::string(64, '[') + std::string(64, ']');
    EXPECT_TRUE(parse_json(ok).ok());
    const std::string deep = std::string(65, '[') + std::string(65, ']');
    auto v = parse_json(deep);
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().message(), "line 1, column 65: nesting deeper than 64 arrays and objects");
    // Far deeper input fails the same way, without recursing further.
    EXPECT_FALSE(parse_json(std::string(100000, '[')).ok());
}

struct BadJson {
    std::string name;
    std::string text;
    std::string message;  // exactly
};
void PrintTo(const BadJson& row, std::ostream* os)
{
    *os << row.name;
}

class JsonRejects : public ::testing::TestWithParam<BadJson> {};

TEST_P(JsonRejects, AtTheExactPosition)
{
    auto v = parse_json(GetParam().text);
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code(), wpo::Errc::invalid_argument);
    EXPECT_EQ(v.error().message(), GetParam().message);
}

const BadJson kBad[] = {
    {"empty", "", "line 1, column 1: empty, expected a JSON value"},
    {"only_space", " \n ", "line 2, column 2: empty, expected a JSON value"},
    {"trailing_comma_object", "{\"a\": 1,}", "line 1, column 9: expected a key in double quotes, found '}'"},
    {"trailing_comma_array", "[1,]", "line 1, column 4: expected a value, found ']'"},
    {"missing_colon", "{\"a\" 1}", "line 1, column 6: expected ':' after the key, found '1'"},
    {"missing_comma", "{\"a\": 1\n \"b\": 2}", "line 2, column 2: expected ',' or '}' in the object, found '\"'"},
    {"unquoted_key", "{a: 1}", "line 1, column 2: expected a key in double quotes, found 'a'"},
    {"single_quotes", "['a']", "line 1, column 2: expected a value, found '''"},
    {"comment", "// x\n{}", "line 1, column 1: expected a value, found '/'"},
    {"text_after", "{} {}", "line 1, column 4: text after the JSON value"},
    {"duplicate_key", "{\"a\": 1,\n \"a\": 2}", "line 2, column 2: duplicate key \"a\""},
    {"leading_zero", "[01]", "line 1, column 2: a number may not start with 0"},
    {"bare_minus", "[-]", "line 1, column 2: a number needs digits after '-'"},
    {"dot_without_digits", "[1.]", "line 1, column 4: a number needs digits after '.'"},
    {"exponent_without_digits", "[1e+]", "line 1, column 5: a number needs digits in its exponent"},
    {"leading_dot", "[.5]", "line 1, column 2: expected a value, found '.'"},
    {"plus_sign", "[+1]", "line 1, column 2: expected a value, found '+'"},
    {"too_large", "[1e999]", "line 1, column 2: the number 1e999 does not fit a double"},
    {"nan_word", "[NaN]", "line 1, column 2: expected a value, found 'N'"},
    {"unclosed_string", "[\"abc", "line 1, column 6: the text ends inside a string"},
    {"unclosed_array", "[1, 2", "line 1, column 6: expected ',' or ']' in the array, found the end of the text"},
    {"unclosed_object", "{\"a\": ", "line 1, column 7: the text ends where a value should be"},
    {"newline_in_string", "[\"a\nb\"]",
     "line 1, column 4: a control character (byte 0x0A) inside a string; write it as an escape"},
    {"unknown_escape", "[\"\\x\"]", "line 1, column 4: unknown escape \\x"},
    {"short_unicode_escape", "[\"\\u12\"]", "line 1, column 7: a \\u escape needs four hex digits, found '\"'"},
    {"lone_low_surrogate", "[\"\\udc00\"]", "line 1, column 9: a low surrogate without a high one before it"},
    {"lone_high_surrogate", "[\"\\ud800x\"]", "line 1, column 9: a high surrogate without a low one after it"},
    {"high_then_non_low", "[\"\\ud800\\u0041\"]", "line 1, column 15: a high surrogate without a low one after it"},
    {"invalid_utf8", "[\"\xFF\"]", "line 1, column 3: invalid UTF-8 (byte 0xFF) inside a string"},
    {"overlong_utf8", "[\"\xC0\xAF\"]", "line 1, column 3: invalid UTF-8 (byte 0xC0) inside a string"},
    {"utf8_surrogate", "[\"\xED\xA0\x80\"]", "line 1, column 3: invalid UTF-8 (byte 0xED) inside a string"},
    {"truncated_utf8", "[\"\xE2\x82\"]", "line 1, column 3: invalid UTF-8 (byte 0xE2) inside a string"},
    {"truncated_literal", "[tru]", "line 1, column 2: expected a value, found 't'"},
};

INSTANTIATE_TEST_SUITE_P(Rows, JsonRejects, ::testing::ValuesIn(kBad), [](const auto& row) { return row.param.name; });

}  // namespace
}  // namespace perfscope::files
