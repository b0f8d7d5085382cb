// SPDX-License-Identifier: Apache-2.0
// The definition file format (docs/publishing.md) and the rules of validate().
#include "format/counter_type.h"
#include "published/definition.h"

#include <gtest/gtest.h>

namespace wpo {
namespace {

using namespace counter_type;
using published::parse_definition;

constexpr std::string_view kValid = R"(# a comment
; another
publisher = My.App-1

[object]
name = Server
help = The server.
detail = advanced
default = 1

[counter]
name = Requests
type = rate64
help = Requests per second.
scale = -2

[counter]
name = Hit Ratio
type = PERF_RAW_FRACTION
detail = expert

[counter]
name = Hit Ratio Base
type = fraction_base

[OBJECT]
name = Connection
instances = 32
costly = yes
[Counter]
NAME = Bytes
Type = RAW64
)";

TEST(Definition, ParsesEveryKey)
{
    auto d = parse_definition(kValid);
    ASSERT_TRUE(d.ok()) << d.error().describe();
    EXPECT_EQ(d->publisher, "My.App-1");
    ASSERT_EQ(d->objects.size(), 2u);
    const auto& server = d->objects[0];
    EXPECT_EQ(server.name, "Server");
    EXPECT_EQ(server.help, "The server.");
    EXPECT_EQ(server.detail_level, 200u);
    EXPECT_EQ(server.default_counter, 1);
    EXPECT_EQ(server.max_instances, 0u);
    EXPECT_FALSE(server.costly);
    ASSERT_EQ(server.counters.size(), 3u);
    EXPECT_EQ(server.counters[0].type, PERF_COUNTER_BULK_COUNT);
    EXPECT_EQ(server.counters[0].default_scale, -2);
    EXPECT_EQ(server.counters[0].help, "Requests per second.");
    EXPECT_EQ(server.counters[1].type, PERF_RAW_FRACTION);
    EXPECT_EQ(server.counters[1].detail_level, 300u);
    EXPECT_EQ(server.counters[2].type, PERF_RAW_BASE);
    const auto& conn = d->objects[1];
    EXPECT_EQ(conn.max_instances, 32u);
    EXPECT_TRUE(conn.costly);
    ASSERT_EQ(conn.counters.size(), 1u);
    EXPECT_EQ(conn.counters[0].name, "Bytes");
    EXPECT_EQ(conn.counters[0].type, PERF_COUNTER_LARGE_RAWCOUNT);
    // Indices: Server 0, its counters 1..3, Connection 4, Bytes 5.
    EXPECT_EQ(d->item_count(), 6u);
    EXPECT_EQ(d->item_offset(1), 4u);
    EXPECT_EQ(d->item_offset(1, 0), 5u);
}

TEST(Definition, EveryTypeNameMapsToItsWinperfType)
{
    const std::pair<const char*, std::uint32_t> rows[] = {
        {"raw32", PERF_COUNTER_RAWCOUNT},      {"raw64", PERF_COUNTER_LARGE_RAWCOUNT},
        {"rate32", PERF_COUNTER_COUNTER},      {"rate64", PERF_COUNTER_BULK_COUNT},
        {"timer100ns", PERF_100NSEC_TIMER},    {"fraction", PERF_RAW_FRACTION},
        {"fraction_base", PERF_RAW_BASE},      {"average", PERF_AVERAGE_BULK},
        {"average_timer", PERF_AVERAGE_TIMER}, {"average_base", PERF_AVERAGE_BASE},
    };
    for (const auto& [name, type] : rows) {
        EXPECT_EQ(published::parse_counter_type(name), type) << name;
        EXPECT_EQ(published::parse_counter_type(counter_type::name(type)), type) << name;
        EXPECT_EQ(published::counter_type_short_name(type), name);
    }
    EXPECT_FALSE(published::parse_counter_type("PERF_COUNTER_TEXT"));
    EXPECT_FALSE(published::parse_counter_type(""));
}

struct Bad {
    const char* name;
    const char* text;
    const char* message;  // part of the error
};

const Bad kBad[] = {
    {"empty", "", "publisher name"},
    {"no_object", "publisher = p\n", "no object"},
    {"no_publisher", "[object]\nname = A\n[counter]\nname = c\ntype = raw32\n", "publisher name"},
    {"publisher_with_space", "publisher = a b\n[object]\nname = A\n[counter]\nname = c\ntype = raw32\n",
     "publisher name"},
    {"publisher_with_backslash", "publisher = a\\b\n[object]\nname = A\n[counter]\nname = c\ntype = raw32\n",
     "publisher name"},
    {"unknown_section", "publisher = p\n[objects]\n", "line 2: unknown section"},
    {"counter_before_object", "publisher = p\n[counter]\n", "line 2: [counter] before any [object]"},
    {"not_key_value", "publisher = p\n[object]\nname A\n", "line 3: expected `key = value`"},
    {"unknown_key", "publisher = p\n[object]\ncolour = red\n", "line 3: unknown key"},
    {"repeated_key", "publisher = p\n[object]\nname = A\nname = B\n", "line 4: \"name\" given twice"},
    {"key_outside_section", "publisher = p\nname = A\n", "line 2: \"name\" outside"},
    {"object_key_in_counter", "publisher = p\n[object]\nname = A\n[counter]\ninstances = 3\n",
     "line 5: \"instances\" is not a key of [counter]"},
    {"counter_key_in_object", "publisher = p\n[object]\ntype = raw32\n", "line 3: \"type\" is not a key of [object]"},
    {"counter_without_type", "publisher = p\n[object]\nname = A\n[counter]\nname = c\n", "no type"},
    {"counter_without_type_before_next",
     "publisher = p\n[object]\nname = A\n[counter]\nname = c\n[counter]\nname = d\ntype = raw32\n",
     "line 6: the counter before this line has no type"},
    {"unknown_type", "publisher = p\n[object]\nname = A\n[counter]\ntype = raw16\n", "unknown counter type"},
    {"bad_instances", "publisher = p\n[object]\ninstances = many\n", "instances must be a number"},
    {"negative_instances", "publisher = p\n[object]\ninstances = -1\n", "instances must be a number"},
    {"too_many_instances", "publisher = p\n[object]\nname = A\ninstances = 4097\n[counter]\nname = c\ntype = raw32\n",
     "at most 4096 instances"},
    {"bad_detail", "publisher = p\n[object]\ndetail = 500\n", "detail must be"},
    {"bad_costly", "publisher = p\n[object]\ncostly = maybe\n", "costly must be"},
    {"bad_scale", "publisher = p\n[object]\nname = A\n[counter]\nscale = x\n", "scale must be a number"},
    {"scale_out_of_range", "publisher = p\n[object]\nname = A\n[counter]\nname = c\ntype = raw32\nscale = 11\n",
     "default scale"},
    {"object_without_name", "publisher = p\n[object]\n[counter]\nname = c\ntype = raw32\n", "the name must be"},
    {"object_without_counter", "publisher = p\n[object]\nname = A\n", "has no counter"},
    {"counter_without_name", "publisher = p\n[object]\nname = A\n[counter]\ntype = raw32\n", "the name must be"},
    {"fraction_without_base", "publisher = p\n[object]\nname = A\n[counter]\nname = f\ntype = fraction\n",
     "must be followed by its fraction_base"},
    {"fraction_with_average_base",
     "publisher = p\n[object]\nname = A\n[counter]\nname = f\ntype = fraction\n[counter]\nname = b\n"
     "type = average_base\n",
     "must be followed by its fraction_base"},
    {"base_alone", "publisher = p\n[object]\nname = A\n[counter]\nname = b\ntype = average_base\n",
     "a base must follow"},
    {"default_counter_out_of_range",
     "publisher = p\n[object]\nname = A\ndefault = 1\n[counter]\nname = c\ntype = raw32\n", "default counter"},
    {"two_objects_one_name",
     "publisher = p\n[object]\nname = A\n[counter]\nname = c\ntype = raw32\n[object]\nname = a\n[counter]\n"
     "name = c\ntype = raw32\n",
     "defined twice"},
};

class BadDefinition : public ::testing::TestWithParam<Bad> {};

TEST_P(BadDefinition, IsAnErrorNamingTheProblem)
{
    auto d = parse_definition(GetParam().text);
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().code(), Errc::invalid_argument);
    EXPECT_NE(d.error().message().find(GetParam().message), std::string::npos) << d.error().message();
}

INSTANTIATE_TEST_SUITE_P(Rows, BadDefinition, ::testing::ValuesIn(kBad),
                         [](const auto& row) { return std::string(row.param.name); });

TEST(Definition, LimitsAreEnforced)
{
    published::Definition d;
    d.publisher = "p";
    for (int i = 0; i < 257; ++i)
        d.objects.push_back(
            {.name = "o" + std::to_string(i), .counters = {{.name = "c", .type = PERF_COUNTER_RAWCOUNT}}});
    auto s = published::validate(d);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message().find("more than 256 objects"), std::string::npos);
    d.objects.resize(1);
    d.objects[0].name = std::string(256, 'n');
    EXPECT_FALSE(published::validate(d).ok());
    d.objects[0].name = std::string(255, 'n');
    EXPECT_TRUE(published::validate(d).ok());
    d.objects[0].help = std::string(4097, 'h');
    EXPECT_FALSE(published::validate(d).ok());
}

}  // namespace
}  // namespace wpo
