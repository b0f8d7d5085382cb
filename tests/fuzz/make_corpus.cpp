// SPDX-License-Identifier: Apache-2.0
// Writes the seed corpora of the fuzz targets (see README.md):
//   make_corpus <dir>   ->  <dir>/block/*.bin, <dir>/names/*.bin
// Blocks come from BlockBuilder, so they are valid by construction; a few
// are then cut or patched so the fuzzer starts next to the error paths too,
// and a few are written field by field (raw_object.h) with the sloppy
// lengths real providers write.
// Name table seeds are Counter and Help tables, the shorter padded with NULs
// to the same length, so that fuzz_names' midpoint split separates them.
#include "core/byte_io.h"
#include "core/utf.h"
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "names/name_table.h"
#include "raw_object.h"
#include "windows_counters.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace wpo;
using namespace wpo::counter_type;
using Bytes = std::vector<std::byte>;
namespace fs = std::filesystem;

bool g_failed = false;

// Seeds named bad_* must be rejected, skip_* accepted with objects left out,
// all others accepted whole: a seed that drifted (say, after a format change)
// is reported instead of silently seeding the wrong paths.
enum class Verdict { rejected, left_out, whole };

Verdict verdict(const fs::path& path, const Bytes& bytes)
{
    if (path.parent_path().filename() == "block") {
        auto block = BlockView::parse(bytes);
        return !block ? Verdict::rejected : block->left_out().empty() ? Verdict::whole : Verdict::left_out;
    }
    const std::size_t split = (bytes.size() / 2) & ~std::size_t(1);
    const std::span<const std::byte> all(bytes);
    return NameTable::from_multi_sz(all.first(split), all.subspan(split)).ok() ? Verdict::whole : Verdict::rejected;
}

void write(const fs::path& path, const Bytes& bytes)
{
    const std::string name = path.filename().string();
    const Verdict want = name.starts_with("bad_")    ? Verdict::rejected
                         : name.starts_with("skip_") ? Verdict::left_out
                                                     : Verdict::whole;
    if (verdict(path, bytes) != want) {
        static const char* kSaid[] = {"rejected", "accepted with objects left out", "accepted whole"};
        std::fprintf(stderr, "%s: seed should be %s but is %s\n", path.string().c_str(), kSaid[int(want)],
                     kSaid[int(verdict(path, bytes))]);
        g_failed = true;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
        std::fprintf(stderr, "cannot write %s\n", path.string().c_str());
        g_failed = true;
    }
}

BlockTimes times()
{
    BlockTimes t;
    t.system_time = {2024, 9, 2, 24, 14, 21, 20, 21};
    t.perf_time = 9'242'655'165'203;
    t.perf_freq = 10'000'000;
    t.perf_time_100ns = 133716612800215149;
    return t;
}

// --- blocks -----------------------------------------------------------------

Bytes empty_block()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "EMPTY");
    b.finish();
    return out;
}

Bytes single_instance()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "HOST", 2);
    b.begin_object({.name_index = 2, .help_index = 3});
    const auto processes = b.add_counter({.name_index = 248, .type = PERF_COUNTER_RAWCOUNT});
    const auto uptime = b.add_counter({.name_index = 674, .type = PERF_ELAPSED_TIME});
    const auto switches = b.add_counter({.name_index = 146, .type = PERF_COUNTER_COUNTER});
    const auto queue = b.add_counter({.name_index = 44, .type = PERF_COUNTER_RAWCOUNT});
    b.begin_values();
    b.set(processes, 274);
    b.set(uptime, 133707369666486855);
    b.set(switches, 123456789);
    b.set(queue, 3);
    b.end_object();
    b.finish();
    return out;
}

// Process as Windows 11 reports it (docs/performance-data-format.md §13.1): 28 counters, a few instances.
Bytes multi_instance(int instances)
{
    const auto& kCounters = test::kWindowsProcessCounters;
    static const char* kNames[] = {"Idle", "System", "svchost", "explorer", "svchost"};
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "DESKTOP-1", 238);
    b.begin_object({.name_index = 230,
                    .help_index = 231,
                    .has_instances = true,
                    .perf_time = 133716612800215149,
                    .perf_freq = 10'000'000});
    std::vector<std::uint32_t> ids;
    for (const auto& c : kCounters)
        ids.push_back(b.add_counter({.name_index = c.index, .help_index = c.index + 1, .type = c.type}));
    for (int i = 0; i < instances; ++i) {
        b.begin_instance(kNames[i % 5], 0, 0, i == 0 ? layout::kNoUniqueId : i);
        for (std::size_t k = 0; k < ids.size(); ++k)
            b.set(ids[k], 1000u * static_cast<std::uint32_t>(i) + k);
    }
    b.end_object();
    b.finish();
    return out;
}

// Process and Thread; each thread names its process by position.
Bytes parents()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "HOST");
    b.begin_object({.name_index = 230, .help_index = 231, .has_instances = true});
    const auto pid = b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
    const char* processes[] = {"Idle", "bash", "bash"};
    for (std::uint32_t i = 0; i < 3; ++i) {
        b.begin_instance(processes[i]);
        b.set(pid, 100 * i);
    }
    b.end_object();
    b.begin_object({.name_index = 232, .help_index = 233, .has_instances = true});
    const auto tid = b.add_counter({.name_index = 804, .type = PERF_COUNTER_RAWCOUNT});
    const auto owner = b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
    const auto state = b.add_counter({.name_index = 46, .type = PERF_COUNTER_RAWCOUNT});
    for (std::uint32_t i = 0; i < 5; ++i) {
        b.begin_instance(std::to_string(i), 230, i % 3);
        b.set(tid, 1000 + i);
        b.set(owner, 100 * (i % 3));
        b.set(state, i % 8);
    }
    b.end_object();
    b.finish();
    return out;
}

// Multi-instance objects with no instances now, next to one with some.
Bytes zero_instances()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "HOST");
    b.begin_object({.name_index = 234, .help_index = 235, .has_instances = true});
    b.add_counter({.name_index = 200, .type = PERF_PRECISION_100NS_TIMER});
    b.add_counter({.name_index = 200, .type = PERF_PRECISION_TIMESTAMP});
    b.end_object();
    b.begin_object({.name_index = 510, .help_index = 511, .has_instances = true});
    const auto bytes = b.add_counter({.name_index = 388, .type = PERF_COUNTER_BULK_COUNT});
    b.begin_instance("eth0");
    b.set(bytes, 1 << 20);
    b.end_object();
    b.begin_object({.name_index = 4000, .has_instances = true});  // no counters, no instances
    b.end_object();
    b.finish();
    return out;
}

// 8-byte values at odd offsets, definitions sharing an offset, a value that
// runs to the very end of the block.
Bytes unaligned()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "UNALIGNED");
    b.begin_object({.name_index = 238, .help_index = 239, .has_instances = true});
    const auto a = b.add_counter({.name_index = 6, .type = PERF_100NSEC_TIMER_INV, .offset = 5});
    const auto c = b.add_counter({.name_index = 142, .type = PERF_100NSEC_TIMER, .offset = 13});
    const auto d = b.add_counter({.name_index = 144, .type = PERF_COUNTER_RAWCOUNT, .offset = 13});
    const auto e = b.add_counter({.name_index = 146, .type = PERF_COUNTER_RAWCOUNT, .size = 3, .offset = 21});
    for (int i = 0; i < 3; ++i) {
        b.begin_instance(i == 2 ? "_Total" : std::to_string(i));
        b.set(a, 0x0102030405060708ULL * static_cast<std::uint64_t>(i + 1));
        b.set(c, 0xFFFFFFFFFFFFFFFFULL);
        b.set(d, 7);
        b.set(e, 0xABCDEF);
    }
    b.end_object();
    b.finish();
    return out;
}

// Text counters, an 8-bit (code page) object, multi timers with bases,
// fractions, NODATA and a zero-size counter.
Bytes text_and_bases()
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(times(), "TEXT");
    b.begin_object({.name_index = 9000, .help_index = 9001, .has_instances = true, .code_page = 1252});
    const auto text = b.add_counter({.name_index = 9002, .type = PERF_COUNTER_TEXT, .size = 16});
    const auto ascii = b.add_counter({.name_index = 9004, .type = PERF_COUNTER_TEXT | kTextAscii, .size = 8});
    const auto multi = b.add_counter({.name_index = 9006, .type = PERF_100NSEC_MULTI_TIMER});
    const auto multi_base = b.add_counter({.name_index = 9006, .type = PERF_COUNTER_MULTI_BASE});
    const auto frac = b.add_counter({.name_index = 9008, .type = PERF_RAW_FRACTION});
    const auto frac_base = b.add_counter({.name_index = 9008, .type = PERF_RAW_BASE});
    b.add_counter({.name_index = 9010, .type = PERF_COUNTER_NODATA});
    const auto avg = b.add_counter({.name_index = 9012, .type = PERF_AVERAGE_BULK});
    const auto avg_base = b.add_counter({.name_index = 9014, .type = PERF_AVERAGE_BASE});
    const char16_t utf16[] = u"hello";
    for (const char* name : {"cafe", "plain"}) {
        // The builder writes UTF-16 names; read as 8-bit text (CodePage
        // 1252) they end at the first zero byte, which is still valid.
        b.begin_instance(name);
        b.set_bytes(text, std::as_bytes(std::span(utf16)));
        b.set_bytes(ascii, std::as_bytes(std::span("ascii", 5)));
        b.set(multi, 5'000'000);
        b.set(multi_base, 4);
        b.set(frac, 25);
        b.set(frac_base, 100);
        b.set(avg, 4096);
        b.set(avg_base, 2);
    }
    b.end_object();
    b.finish();
    return out;
}

Bytes patched(Bytes bytes, std::size_t at, std::uint32_t value)
{
    if (at + 4 <= bytes.size())
        store<std::uint32_t>(bytes.data() + at, value);
    return bytes;
}

Bytes cut(Bytes bytes, std::size_t n)
{
    bytes.resize(std::min(n, bytes.size()));
    return bytes;
}

// --- sloppy blocks, written field by field ----------------------------------

test::RawObject raw_single(std::uint32_t name_index, std::uint32_t value)
{
    test::RawObject o{.name_index = name_index};
    o.counters = {{.name_index = 20, .type = PERF_COUNTER_RAWCOUNT, .size = 4, .offset = 4},
                  {.name_index = 22, .type = PERF_COUNTER_LARGE_RAWCOUNT, .size = 8, .offset = 8}};
    const test::RawValue v[] = {{4, 4, value}, {8, 8, 5'000'000'000ULL + value}};
    o.counter_block = test::raw_counter_block(16, v);
    return o;
}

test::RawObject raw_multi(std::uint32_t name_index)
{
    test::RawObject o{.name_index = name_index, .has_instances = true};
    o.counters = {{.name_index = 20, .type = PERF_COUNTER_RAWCOUNT, .size = 4, .offset = 4},
                  {.name_index = 22, .type = PERF_RAW_FRACTION, .size = 4, .offset = 8},
                  {.name_index = 22, .type = PERF_RAW_BASE, .size = 4, .offset = 12}};
    for (std::uint32_t i = 0; i < 3; ++i) {
        const test::RawValue v[] = {{4, 4, i}, {8, 4, 25 * i}, {12, 4, 100}};
        o.instances.push_back({"inst" + std::to_string(i), 0, test::raw_counter_block(16, v)});
    }
    return o;
}

Bytes raw(std::initializer_list<test::RawObject> objects)
{
    std::vector<Bytes> parts;
    for (const test::RawObject& o : objects)
        parts.push_back(test::raw_object(o));
    return test::raw_block(parts);
}

void write_sloppy(const fs::path& dir)
{
    namespace C = layout::counter;
    // Tolerated: every bound holds, the alignment is sloppy.
    test::RawObject odd_total = raw_single(500, 1);
    odd_total.tail_padding = 4;
    test::RawObject odd_definition = raw_single(502, 2);
    odd_definition.counters[0].byte_length = 42;
    odd_definition.definition_padding = 2;
    test::RawObject short_blocks = raw_multi(504);
    for (auto& instance : short_blocks.instances) {
        instance.name_padding = 1;
        instance.counter_block.resize(17);
        store<std::uint32_t>(instance.counter_block.data(), 17);
    }
    test::RawObject nodata = raw_single(506, 3);
    nodata.counters.push_back({.name_index = 24, .type = PERF_COUNTER_NODATA, .size = 0, .offset = 0xFFFFFFF0u});
    write(dir / "sloppy_lengths.bin", raw({raw_single(2, 42), odd_total, odd_definition, short_blocks, nodata}));

    // One unsound object among sound ones, at the start, in the middle, at the end.
    auto bad = [](test::RawObject o) {
        o.counters[0].offset = 4096;
        return o;
    };
    write(dir / "skip_middle.bin", raw({raw_single(2, 1), bad(raw_multi(230)), raw_multi(238)}));
    write(dir / "skip_first_and_last.bin", raw({bad(raw_single(2, 1)), raw_multi(230), bad(raw_multi(238))}));
    // An object whose TotalByteLength runs past the block hides the rest.
    Bytes walk_end = raw({raw_single(2, 1), raw_multi(230), raw_multi(238)});
    const std::size_t second =
        load_u32(walk_end.data() + layout::block::kHeaderLength) + test::raw_object(raw_single(2, 1)).size();
    write(dir / "skip_walk_end.bin", patched(walk_end, second + layout::object::kTotalByteLength, 1 << 20));
    // More unsound objects than BlockView lists (its iterator checks again).
    std::vector<Bytes> many;
    for (std::uint32_t k = 0; k < 12; ++k) {
        Bytes o = test::raw_object(raw_single(1000 + 2 * k, k));
        if (k % 2 == 0)
            store<std::uint32_t>(o.data() + layout::object::kSize + C::kCounterOffset, 4096);
        many.push_back(o);
    }
    write(dir / "skip_many.bin", test::raw_block(many));
}

// Offsets inside a builder block with one object whose first instance
// follows its definitions.
std::size_t first_object(const Bytes& b)
{
    return load_u32(b.data() + layout::block::kHeaderLength);
}

void write_blocks(const fs::path& dir)
{
    namespace O = layout::object;
    namespace C = layout::counter;
    write(dir / "empty.bin", empty_block());
    write(dir / "single_instance.bin", single_instance());
    write(dir / "multi_instance.bin", multi_instance(5));
    write(dir / "parents.bin", parents());
    write(dir / "zero_instances.bin", zero_instances());
    write(dir / "unaligned.bin", unaligned());
    write(dir / "text_and_bases.bin", text_and_bases());

    const Bytes process = multi_instance(3);
    const std::size_t obj = first_object(process);
    const std::size_t def0 = obj + O::kSize;
    const std::size_t inst0 = obj + load_u32(process.data() + obj + O::kDefinitionLength);
    write(dir / "bad_truncated_half.bin", cut(process, process.size() / 2));
    write(dir / "bad_truncated_header.bin", cut(process, 60));
    write(dir / "bad_signature.bin", patched(process, 0, 0x00520058));
    // One unsound object (the only one): left out, the block kept.
    write(dir / "skip_instance_count.bin", patched(process, obj + O::kNumInstances, 4));
    write(dir / "skip_counter_zero_length.bin", patched(process, def0 + C::kByteLength, 0));
    write(dir / "skip_counter_offset.bin", patched(process, def0 + C::kCounterOffset, 4096));
    write(dir / "skip_object_zero_length.bin", patched(process, obj + O::kTotalByteLength, 0));
    write(dir / "skip_instance_name.bin", patched(process, inst0 + layout::instance::kNameLength, 4000));
    write(dir / "skip_object_count.bin", patched(single_instance(), layout::block::kNumObjectTypes, 2));
    // Wine's shape (docs/windows-under-wine.md §5.2): the objects 88 bytes
    // past HeaderLength, the bytes between never written, 88 bytes of the
    // caller's slack after TotalByteLength (wine_shifted_objects.h).
    const std::size_t header = first_object(process);
    Bytes wine(process.begin(), process.begin() + static_cast<std::ptrdiff_t>(header));
    wine.resize(header + 88, std::byte{0});
    wine.insert(wine.end(), process.begin() + static_cast<std::ptrdiff_t>(header), process.end());
    write(dir / "skip_wine_shifted.bin", wine);
    write_sloppy(dir);
}

// --- name tables --------------------------------------------------------------

Bytes utf16(std::string_view text)
{
    Bytes out(2 * utf16_length(text));
    encode_utf16le(text, out.data());
    return out;
}

// '|' stands for NUL, so a table reads like the registry value.
Bytes piped(std::string_view text)
{
    Bytes out = utf16(text);
    for (std::size_t i = 0; i < out.size(); i += 2)
        if (out[i] == std::byte{'|'} && out[i + 1] == std::byte{0})
            out[i] = std::byte{0};
    return out;
}

Bytes pair_of(Bytes counter, Bytes help)
{
    const std::size_t n = std::max(counter.size(), help.size());
    counter.resize(n + n % 2);
    help.resize(n + n % 2);
    counter.insert(counter.end(), help.begin(), help.end());
    return counter;
}

void write_names(const fs::path& dir)
{
    const Bytes help = piped("3|The System performance object.|5|Memory.|7|% Processor Time is the percentage of "
                             "elapsed time that the processor spends to execute a non-Idle thread.|231|The Process "
                             "performance object.||");
    write(dir / "normal.bin",
          pair_of(piped("1|1847|2|System|4|Memory|6|% Processor Time|230|Process|232|Thread|238|Processor|784|ID "
                        "Process|1482|% Idle Time|1746|% Idle Time||"),
                  help));
    write(dir / "wine_fake.bin", pair_of(piped("1|1847|1846|End Marker||"), piped("1847|End Marker||")));
    write(dir / "empty.bin", Bytes{});
    write(dir / "only_nuls.bin", Bytes(8));
    write(dir / "no_terminator.bin", pair_of(piped("1|1847|2|System"), piped("3|Help")));
    write(dir / "duplicates.bin", pair_of(piped("4|Memory|2|System|2|Again||"), piped("3|First|3|Second||")));
    write(dir / "non_ascii.bin", pair_of(piped("2|System|6|Prozessorzeit (%)|1000|\xC3\x9C"
                                               "bertragungen/s|1002|\xF0\x9F\x93\x88||"),
                                         piped("3|Das Systemobjekt.||")));
    write(dir / "bad_odd_strings.bin", pair_of(piped("1|1847|2||"), help));
    write(dir / "bad_non_numeric.bin", pair_of(piped("1|1847|abc|System||"), help));
    write(dir / "bad_negative.bin", pair_of(piped("-2|System||"), help));
    write(dir / "bad_overflow.bin", pair_of(piped("4294967296|Big||"), help));
    write(dir / "bad_empty_index.bin", pair_of(piped("1|1847||2|System||"), help));
    Bytes odd = pair_of(piped("2|System||"), piped("3|Help||"));
    odd.push_back(std::byte{0x41});
    write(dir / "bad_odd_byte_count.bin", odd);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
        return 2;
    }
    const fs::path root(argv[1]);
    std::error_code ec;
    fs::create_directories(root / "block", ec);
    fs::create_directories(root / "names", ec);
    write_blocks(root / "block");
    write_names(root / "names");
    return g_failed ? 1 : 0;
}
