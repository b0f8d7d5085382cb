// SPDX-License-Identifier: Apache-2.0
// Counter sets: the documented example reads as documented, every valid set
// survives format -> parse unchanged, every broken rule is an error naming
// the field and its position, and saving never leaves half a file.
#include "files/counter_set.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace perfscope::files {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The first ```json block of docs/counter-sets.md: the documentation's
// example must read, and mean what the tables say.
TEST(CounterSet, TheDocumentedExampleReads)
{
    const std::string doc = slurp(std::string(PERFSCOPE_DOCS_DIR) + "/counter-sets.md");
    const auto start = doc.find("```json\n");
    ASSERT_NE(start, std::string::npos);
    const auto end = doc.find("```", start + 8);
    auto set = parse_counter_set(doc.substr(start + 8, end - start - 8));
    ASSERT_TRUE(set.ok()) << set.error().message();
    EXPECT_EQ(set->version, 2);
    EXPECT_TRUE(set->tiled);
    ASSERT_EQ(set->views.size(), 2u);
    const ViewSettings& cpu = set->views[0];
    EXPECT_EQ(cpu.title, "CPU");
    EXPECT_EQ(cpu.kind, ViewKind::line);
    EXPECT_EQ(cpu.interval_s, 0.5);
    EXPECT_EQ(cpu.window_s, 120.0);
    EXPECT_EQ(cpu.history_capacity, 172800u);
    EXPECT_FALSE(cpu.y_auto);
    ASSERT_EQ(cpu.counters.size(), 3u);
    EXPECT_EQ(cpu.counters[0].path, R"(\Processor(_Total)\% Processor Time)");
    EXPECT_EQ(cpu.counters[0].color, 0x1F77B4u);
    EXPECT_EQ(cpu.counters[0].scale_exponent, std::nullopt);
    EXPECT_EQ(cpu.counters[1].scale_exponent, 0);
    EXPECT_EQ(cpu.counters[2].color, std::nullopt);
    EXPECT_EQ(cpu.counters[2].scale_exponent, -6);
    EXPECT_FALSE(cpu.counters[2].visible);
    ASSERT_EQ(cpu.counters[2].instances.size(), 2u);
    EXPECT_EQ(cpu.counters[2].instances[0], (InstanceLook{"make:4242", 0x2CA02Cu, std::nullopt, true}));
    EXPECT_EQ(cpu.counters[2].instances[1], (InstanceLook{"cc1plus:4310", std::nullopt, -7, false}));
    EXPECT_EQ(cpu.counters[2].removed, std::vector<std::string>{"sleep:4400"});
    EXPECT_TRUE(cpu.counters[0].instances.empty());
    // The second view: everything not written takes the documented default.
    const ViewSettings& memory = set->views[1];
    EXPECT_EQ(memory.kind, ViewKind::report);
    EXPECT_EQ(memory.interval_s, 1.0);
    EXPECT_EQ(memory.window_s, 100.0);
    EXPECT_EQ(memory.history_capacity, 86400u);
    EXPECT_TRUE(memory.y_auto);
    EXPECT_EQ(memory.y_min, 0.0);
    EXPECT_EQ(memory.y_max, 100.0);
    EXPECT_TRUE(memory.counters[0].visible);
}

CounterSet full_set()
{
    CounterSet set;
    set.current_view = 2;
    set.tiled = true;
    ViewSettings a;
    a.title = "CPU \"cores\" \xC3\xA9";
    a.interval_s = 0.1;
    a.window_s = kMinWindowS;
    a.history_capacity = 1;
    a.y_auto = false;
    a.y_min = -1e-9;
    a.y_max = 1e12;
    a.counters = {{R"(\Processor(*)\% Processor Time)",
                   0x000000,
                   -10,
                   true,
                   {{"0", 0x123456, 2, false}, {"1", std::nullopt, std::nullopt, true}, {"x y", 0xABCDEF, -1, true}},
                   {"2", "3"}},
                  {R"(\Process(bash:1234)\Working Set)", 0xFFFFFF, 10, false},
                  {R"(\\host\Memory\Available Bytes)", std::nullopt, std::nullopt, true}};
    ViewSettings b;
    b.kind = ViewKind::histogram;
    b.interval_s = 3600;
    b.window_s = kMaxWindowS;
    b.history_capacity = kMaxHistoryCapacity;
    ViewSettings c;
    c.kind = ViewKind::report;
    c.interval_s = 0.3;  // not exact in binary: must still read back to the same double
    set.views = {a, b, c};
    return set;
}

TEST(CounterSet, EveryFieldSurvivesARoundTrip)
{
    const CounterSet set = full_set();
    const std::string text = format_counter_set(set);
    auto back = parse_counter_set(text);
    ASSERT_TRUE(back.ok()) << back.error().message() << "\n" << text;
    EXPECT_EQ(*back, set) << text;
    EXPECT_EQ(format_counter_set(*back), text) << "formatting is stable";
    EXPECT_NE(text.find("\"color\": \"#FFFFFF\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"version\": 2"), std::string::npos) << text;
    EXPECT_TRUE(parse_counter_set(format_counter_set(CounterSet{})).ok()) << "an empty set";
}

// A file of version 1, written by hand from that version's documented
// fields: it still reads, and means what it meant (one look for every
// instance of a "(*)" path; a field named like a later version's is unknown
// there, so ignored).
TEST(CounterSet, AVersion1FileStillReads)
{
    auto set = parse_counter_set(R"({
  "format": "perfscope-counter-set",
  "version": 1,
  "current_view": 1,
  "tiled": false,
  "views": [
    {"title": "a", "kind": "report", "interval_s": 2, "window_s": 60, "history_capacity": 500,
     "y_auto": false, "y_min": -5, "y_max": 5, "counters": []},
    {"title": "b", "counters": [
      {"path": "\\Process(*)\\Working Set", "color": "#00ff00", "scale_exponent": -6, "visible": false,
       "removed": ["x:1"]},
      {"path": "\\Memory\\Available Bytes", "color": 16711680}
    ]}
  ]
})");
    ASSERT_TRUE(set.ok()) << set.error().message();
    EXPECT_EQ(set->version, kCounterSetVersion) << "read as version 1, kept as this build's";
    EXPECT_EQ(set->current_view, 1);
    ASSERT_EQ(set->views.size(), 2u);
    EXPECT_EQ(set->views[0].kind, ViewKind::report);
    EXPECT_EQ(set->views[0].interval_s, 2.0);
    EXPECT_EQ(set->views[0].window_s, 60.0);
    EXPECT_EQ(set->views[0].history_capacity, 500u);
    EXPECT_FALSE(set->views[0].y_auto);
    EXPECT_EQ(set->views[0].y_min, -5.0);
    ASSERT_EQ(set->views[1].counters.size(), 2u);
    const CounterSetEntry& all = set->views[1].counters[0];
    EXPECT_EQ(all.path, R"(\Process(*)\Working Set)");
    EXPECT_EQ(all.color, 0x00FF00u);
    EXPECT_EQ(all.scale_exponent, -6);
    EXPECT_FALSE(all.visible);
    EXPECT_TRUE(all.instances.empty());
    EXPECT_TRUE(all.removed.empty()) << "version 1 has no \"removed\": an unknown field there";
    EXPECT_EQ(set->views[1].counters[1].color, 0xFF0000u);
    // Written back, it is a version 2 file that reads to the same set.
    const std::string text = format_counter_set(*set);
    EXPECT_NE(text.find("\"version\": 2"), std::string::npos);
    EXPECT_EQ(*parse_counter_set(text), *set);
}

TEST(CounterSet, UnknownFieldsAreIgnored)
{
    auto set = parse_counter_set(R"({"version": 1, "future": {"x": [1, 2]}, "views": [
        {"title": "t", "line_width": 3, "counters": [{"path": "\\Memory\\Available Bytes", "dash": "dot"}]}]})");
    ASSERT_TRUE(set.ok()) << set.error().message();
    ASSERT_EQ(set->views.size(), 1u);
    EXPECT_EQ(set->views[0].title, "t");
    EXPECT_EQ(set->views[0].counters[0].path, R"(\Memory\Available Bytes)");
}

TEST(CounterSet, ColorsAsTextOrNumber)
{
    auto set = parse_counter_set(R"({"version": 1, "views": [{"counters": [
        {"path": "\\A\\B", "color": "#a0b1C2"}, {"path": "\\A\\B", "color": 16711680},
        {"path": "\\A\\B", "color": null, "scale_exponent": null}]}]})");
    ASSERT_TRUE(set.ok()) << set.error().message();
    EXPECT_EQ(set->views[0].counters[0].color, 0xA0B1C2u);
    EXPECT_EQ(set->views[0].counters[1].color, 0xFF0000u);
    EXPECT_EQ(set->views[0].counters[2].color, std::nullopt);
    EXPECT_EQ(set->views[0].counters[2].scale_exponent, std::nullopt);
}

// One named row per rule: the whole message, so field and position are
// both checked.
struct BadSet {
    std::string name;
    std::string json;
    std::string message;
};
void PrintTo(const BadSet& row, std::ostream* os)
{
    *os << row.name;
}

class CounterSetRejects : public ::testing::TestWithParam<BadSet> {};

TEST_P(CounterSetRejects, NamingTheField)
{
    auto set = parse_counter_set(GetParam().json);
    ASSERT_FALSE(set.ok());
    EXPECT_EQ(set.error().code(), wpo::Errc::invalid_argument);
    EXPECT_EQ(set.error().message(), GetParam().message);
}

// A view with one field set: {"version": 1, "views": [{<field>}]}, the
// field's name at column 27; a counter's field at column 59.
std::string view_with(const std::string& field)
{
    return R"({"version": 1, "views": [{)" + field + "}]}";
}
std::string counter_with(const std::string& field)
{
    return R"({"version": 1, "views": [{"counters": [{"path": "\\A\\B", )" + field + "}]}]}";
}

const BadSet kBad[] = {
    {"not_json", "version: 1", "line 1, column 1: expected a value, found 'v'"},
    {"not_an_object", "[1]", "line 1, column 1: the counter set must be a JSON object"},
    {"no_version", "{}", "line 1, column 1: the counter set has no \"version\" (this build reads versions 1 to 2)"},
    {"version_3", R"({"version": 3})", "line 1, column 13: version is 3; this build reads versions 1 to 2"},
    {"version_0", R"({"version": 0})", "line 1, column 13: version is 0; this build reads versions 1 to 2"},
    {"version_fraction", R"({"version": 1.5})", "line 1, column 13: version is 1.5; this build reads versions 1 to 2"},
    {"version_text", R"({"version": "1"})",
     "line 1, column 13: version is not a number; this build reads versions 1 to 2"},
    {"instances_not_array", R"({"version": 2, "views": [{"counters": [{"path": "\\A(*)\\B", "instances": {}}]}]})",
     "line 1, column 75: views[0].counters[0].instances must be an array"},
    {"instances_without_wildcard",
     R"({"version": 2, "views": [{"counters": [{"path": "\\A(x)\\B", "removed": ["y"]}]}]})",
     "line 1, column 73: views[0].counters[0].removed is only for a path with all instances, \\Object(*)\\Counter"},
    {"instance_without_name",
     R"({"version": 2, "views": [{"counters": [{"path": "\\A(*)\\B", "instances": [{"color": 1}]}]}]})",
     "line 1, column 76: views[0].counters[0].instances[0] has no \"instance\""},
    {"instance_bad_color",
     R"({"version": 2, "views": [{"counters": [{"path": "\\A(*)\\B", )"
     R"("instances": [{"instance": "a", "color": "red"}]}]}]})",
     "line 1, column 103: views[0].counters[0].instances[0].color must be a color \"#RRGGBB\" or a number 0 to "
     "16777215 "
     "(0xFFFFFF)"},
    {"removed_empty_name", R"({"version": 2, "views": [{"counters": [{"path": "\\A(*)\\B", "removed": [""]}]}]})",
     "line 1, column 74: views[0].counters[0].removed[0] must be an instance's name (a non-empty string)"},
    {"wrong_format", R"({"format": "other", "version": 1})",
     "line 1, column 12: format must be \"perfscope-counter-set\""},
    {"views_not_array", R"({"version": 1, "views": {}})", "line 1, column 25: views must be an array"},
    {"view_not_object", R"({"version": 1, "views": [3]})", "line 1, column 26: views[0] must be an object"},
    {"interval_too_small", view_with(R"("interval_s": 0.05)"),
     "line 1, column 41: views[0].interval_s is 0.05; it must be 0.1 to 3600 seconds"},
    {"interval_too_large", view_with(R"("interval_s": 3600.5)"),
     "line 1, column 41: views[0].interval_s is 3600.5; it must be 0.1 to 3600 seconds"},
    {"interval_negative", view_with(R"("interval_s": -1)"),
     "line 1, column 41: views[0].interval_s is -1; it must be 0.1 to 3600 seconds"},
    {"interval_text", view_with(R"("interval_s": "1")"), "line 1, column 41: views[0].interval_s must be a number"},
    {"window_zero", view_with(R"("window_s": 0)"),
     "line 1, column 39: views[0].window_s is 0; it must be 1 to 31536000 seconds"},
    {"window_negative", view_with(R"("window_s": -5)"),
     "line 1, column 39: views[0].window_s is -5; it must be 1 to 31536000 seconds"},
    {"window_below_a_second", view_with(R"("window_s": 0.5)"),
     "line 1, column 39: views[0].window_s is 0.5; it must be 1 to 31536000 seconds"},
    // A year of 365 days and one second.
    {"window_beyond_a_year", view_with(R"("window_s": 31536001)"),
     "line 1, column 39: views[0].window_s is 31536001; it must be 1 to 31536000 seconds"},
    {"capacity_zero", view_with(R"("history_capacity": 0)"),
     "line 1, column 47: views[0].history_capacity is 0; it must be 1 to 10000000"},
    {"capacity_huge", view_with(R"("history_capacity": 1e15)"),
     "line 1, column 47: views[0].history_capacity is 1e+15; it must be 1 to 10000000"},
    {"capacity_fraction", view_with(R"("history_capacity": 10.5)"),
     "line 1, column 47: views[0].history_capacity must be a whole number"},
    {"kind_unknown", view_with(R"("kind": "pie")"),
     "line 1, column 35: views[0].kind must be \"line\", \"histogram\" or \"report\""},
    {"y_auto_not_bool", view_with(R"("y_auto": 1)"), "line 1, column 37: views[0].y_auto must be true or false"},
    {"y_max_below_min", view_with(R"("y_min": 5, "y_max": 5)"),
     "line 1, column 48: views[0].y_max is 5; it must be above y_min (5)"},
    {"title_not_text", view_with(R"("title": 7)"), "line 1, column 36: views[0].title must be a string"},
    {"counters_not_array", view_with(R"("counters": "\\A\\B")"),
     "line 1, column 39: views[0].counters must be an array"},
    {"counter_not_object", view_with(R"("counters": ["\\A\\B"])"),
     "line 1, column 40: views[0].counters[0] must be an object with a \"path\""},
    {"counter_without_path", view_with(R"("counters": [{"color": 1}])"),
     "line 1, column 40: views[0].counters[0] has no \"path\""},
    {"color_too_large", counter_with(R"("color": 16777216)"),
     "line 1, column 68: views[0].counters[0].color is 16777216; it must be 0 to 16777215"},
    {"color_negative", counter_with(R"("color": -1)"),
     "line 1, column 68: views[0].counters[0].color is -1; it must be 0 to 16777215"},
    {"color_bad_text", counter_with(R"("color": "red")"),
     "line 1, column 68: views[0].counters[0].color must be a color \"#RRGGBB\" or a number 0 to 16777215 (0xFFFFFF)"},
    {"color_short_hex", counter_with(R"("color": "#FFF")"),
     "line 1, column 68: views[0].counters[0].color must be a color \"#RRGGBB\" or a number 0 to 16777215 (0xFFFFFF)"},
    {"scale_too_large", counter_with(R"("scale_exponent": 11)"),
     "line 1, column 77: views[0].counters[0].scale_exponent is 11; it must be -10 to 10"},
    {"scale_too_small", counter_with(R"("scale_exponent": -11)"),
     "line 1, column 77: views[0].counters[0].scale_exponent is -11; it must be -10 to 10"},
    {"scale_fraction", counter_with(R"("scale_exponent": 1.5)"),
     "line 1, column 77: views[0].counters[0].scale_exponent must be a whole number"},
    {"visible_not_bool", counter_with(R"("visible": "yes")"),
     "line 1, column 70: views[0].counters[0].visible must be true or false"},
    {"current_view_out_of_range", R"({"version": 1, "current_view": 1, "views": [{}]})",
     "line 1, column 32: current_view is 1; it must be 0 to 0"},
    {"current_view_negative", R"({"version": 1, "current_view": -1})",
     "line 1, column 32: current_view is -1; it must be 0 to 0"},
    {"tiled_not_bool", R"({"version": 1, "tiled": null})", "line 1, column 25: tiled must be true or false"},
};

INSTANTIATE_TEST_SUITE_P(Rows, CounterSetRejects, ::testing::ValuesIn(kBad),
                         [](const auto& row) { return row.param.name; });

// The path row's message goes on with CounterPath's own words: check the start.
TEST(CounterSet, PathErrorsQuoteTheParser)
{
    auto set = parse_counter_set(view_with(R"("counters": [{"path": "Memory"}])"));
    ASSERT_FALSE(set.ok());
    const std::string start = "line 1, column 49: views[0].counters[0].path is not a counter path: ";
    EXPECT_TRUE(set.error().message().starts_with(start)) << set.error().message();
    EXPECT_NE(set.error().message().find("Memory"), std::string::npos) << set.error().message();
}

class CounterSetFile : public ::testing::Test {
protected:
    fs::path dir;
    void SetUp() override
    {
        dir = fs::temp_directory_path() /
              ("perfscope-counter-set-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
};

TEST_F(CounterSetFile, SaveThenLoad)
{
    const std::string path = (dir / "set.json").string();
    ASSERT_TRUE(save_counter_set(path, full_set()).ok());
    EXPECT_EQ(slurp(path), format_counter_set(full_set()));
    auto loaded = load_counter_set(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message();
    EXPECT_EQ(*loaded, full_set());
    // Saving again replaces the file, and leaves nothing else beside it.
    CounterSet other;
    ASSERT_TRUE(save_counter_set(path, other).ok());
    EXPECT_EQ(*load_counter_set(path), other);
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++files;
    EXPECT_EQ(files, 1u) << "no temporary file left";
}

TEST_F(CounterSetFile, AFailedSaveLeavesTheOldFileAndNoTemporary)
{
    // The target is a directory: the rename fails after the temporary was
    // written; the directory stays as it was and the temporary goes.
    const fs::path target = dir / "taken";
    fs::create_directories(target / "inside");
    const wpo::Status status = save_counter_set(target.string(), full_set());
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.error().message().find(target.string()), std::string::npos) << status.error().message();
    EXPECT_TRUE(fs::is_directory(target / "inside"));
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++files;
    EXPECT_EQ(files, 1u) << "only the directory";

    const wpo::Status nowhere = save_counter_set((dir / "no" / "such" / "dir.json").string(), full_set());
    ASSERT_FALSE(nowhere.ok());
    EXPECT_NE(nowhere.error().message().find("dir.json"), std::string::npos);
}

TEST_F(CounterSetFile, LoadErrorsNameTheFile)
{
    const std::string missing = (dir / "missing.json").string();
    auto set = load_counter_set(missing);
    ASSERT_FALSE(set.ok());
    EXPECT_EQ(set.error().code(), wpo::Errc::not_found);
    EXPECT_NE(set.error().message().find(missing), std::string::npos);

    const std::string bad = (dir / "bad.json").string();
    std::ofstream(bad) << "{\n  \"version\": 1,\n  \"views\": [{\"interval_s\": 0}]\n}\n";
    set = load_counter_set(bad);
    ASSERT_FALSE(set.ok());
    EXPECT_EQ(set.error().message(),
              "\"" + bad + "\": line 3, column 28: views[0].interval_s is 0; it must be 0.1 to 3600 seconds");
}

// The percent cap is one optional key: absent = false (uncapped, as
// perfscope-cli query decodes), written only when true, kept by a round trip.
TEST(CounterSet, CapPercentIsOptional)
{
    auto plain = parse_counter_set(R"({"version": 1, "views": [{"title": "t"}]})");
    ASSERT_TRUE(plain.ok()) << plain.error().message();
    EXPECT_FALSE(plain->views[0].cap_percent);
    EXPECT_EQ(format_counter_set(*plain).find("cap_percent"), std::string::npos);
    CounterSet set = *plain;
    set.views[0].cap_percent = true;
    const std::string text = format_counter_set(set);
    EXPECT_NE(text.find("\"cap_percent\": true"), std::string::npos) << text;
    auto back = parse_counter_set(text);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(*back, set);
    auto bad = parse_counter_set(view_with(R"("cap_percent": 1)"));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message(), "line 1, column 42: views[0].cap_percent must be true or false");
}

}  // namespace
}  // namespace perfscope::files
