// SPDX-License-Identifier: Apache-2.0
// The JNI bridge's argument checking (jni/native/bridge.h), without a JVM:
// the input is a program of bridge calls with fuzzed handles (live, stale or
// forged), counts, array capacities (-1 = a null Java array), input-info
// arrays and counter paths, over a fixed two-object block. Every call must
// return a code from error_codes.h or a count whose data fits the capacity
// the caller gave; nothing may crash or touch memory it does not own.
#include "native/bridge.h"
#include "native/machine_bridge.h"
#include "native/sampler_owner.h"
#include "test_blocks.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace perfscope::jni;

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

class FixedSource final : public wpo::Source {
public:
    wpo::Status collect(std::string_view, std::vector<std::byte>& buffer) override
    {
        static const std::vector<std::byte> block = wpo::test::sample_block();
        buffer = block;
        return {};
    }
    wpo::Result<wpo::NameTable> load_names() override
    {
        wpo::NameTable names;
        names.set_name(2, "System");
        names.set_name(230, "Process");
        names.set_name(784, "ID Process");
        names.set_name(248, "Processes");
        return names;
    }
};

class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool done() const { return m_at >= m_size; }
    std::uint8_t byte() { return m_at < m_size ? m_data[m_at++] : 0; }
    std::int32_t int32()
    {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v = v << 8 | byte();
        return static_cast<std::int32_t>(v);
    }
    // Mostly small capacities (so both "fits" and "too small" happen), sometimes -1 or huge.
    std::int64_t capacity()
    {
        const std::uint8_t kind = byte();
        if (kind < 16)
            return -1;
        if (kind < 32)
            return int32();
        return kind % 64;
    }
    std::string text()
    {
        std::string s;
        const std::size_t n = byte() % 48;
        for (std::size_t i = 0; i < n && !done(); ++i)
            s.push_back(static_cast<char>(byte()));
        return s;
    }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

bool is_code(int c)
{
    return c <= 0 && c >= code::too_many_handles;
}

void check_result(int c, std::int64_t capacity, std::size_t used)
{
    if (c < 0) {
        check(is_code(c));
        return;
    }
    check(capacity >= 0 && used <= static_cast<std::uint64_t>(capacity));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Input in(data, size);
    wpo::PerfObjectCache cache;
    wpo::SnapshotOptions options;
    options.cache = &cache;
    Bridge bridge(std::make_unique<FixedSource>(), options);
    std::vector<std::int32_t> handles;
    std::vector<std::int32_t> samplers;
    auto pick = [&](const std::vector<std::int32_t>& live) -> std::int32_t {
        const std::uint8_t b = in.byte();
        if (b & 0x80 || live.empty())
            return in.int32();
        return live[b % live.size()];
    };

    for (int steps = 0; steps < 64 && !in.done(); ++steps) {
        const std::int32_t object = in.byte() & 1 ? (in.byte() & 1 ? 230 : 2) : in.int32();
        switch (in.byte() % 17) {
        case 0: {
            const std::int32_t type = static_cast<std::int8_t>(in.byte());
            std::vector<InputInfo> inputs(in.byte() % 5);
            for (InputInfo& i : inputs) {
                i.present = in.byte() % 8 != 0;
                i.object = in.byte() & 1 ? 230 : in.int32();
                i.counter = in.byte() & 1 ? 784 : (in.byte() & 1 ? 0 : in.int32());
            }
            const int h = bridge.create(type, inputs, in.byte() % 8 == 0);
            check(h > 0 || is_code(h));
            if (h > 0 && handles.size() < 8)
                handles.push_back(h);
            else if (h > 0)
                check(bridge.destroy(h) == code::ok);
            break;
        }
        case 1: {
            const std::int32_t h = pick(handles);
            const int c = bridge.destroy(h);
            check(c == code::ok || c == code::invalid_handle);
            if (c == code::ok)
                handles.erase(std::find(handles.begin(), handles.end(), h));
            break;
        }
        case 2: {
            const std::int32_t h = pick(handles);
            check(is_code(bridge.object_count(h)) || bridge.object_count(h) >= 0);
            std::span<const std::int32_t> out;
            const std::int64_t cap = in.capacity();
            const int c = bridge.object_names(h, cap, out);
            check_result(c, cap, out.size());
            break;
        }
        case 3: {
            const std::int32_t h = pick(handles);
            const int n = bridge.counter_count(h, object);
            check(n >= 0 || is_code(n));
            std::span<const CounterRecordOut> out;
            const std::int64_t cap = in.capacity();
            check_result(bridge.counters(h, object, cap, out), cap, out.size());
            break;
        }
        case 4: {
            const std::int32_t h = pick(handles);
            const int n = bridge.instance_count(h, object);
            const int length = bridge.instance_length(h, object);
            check((n >= 0 || is_code(n)) && (length >= 0 || is_code(length)));
            std::span<const char16_t> chars;
            std::span<const std::int32_t> ids;
            const std::int64_t chars_cap = in.capacity();
            const std::int64_t ids_cap = in.capacity();
            const int c = bridge.instances(h, object, chars_cap, ids_cap, chars, ids);
            check_result(c, chars_cap, chars.size());
            check_result(c, ids_cap, ids.size());
            if (c >= 0)
                check(chars.size() == static_cast<std::size_t>(length) && ids.size() == static_cast<std::size_t>(c));
            break;
        }
        case 5: check(is_code(bridge.prepare(pick(handles)))); break;
        case 6: check(is_code(bridge.sample(pick(handles)))); break;
        case 7: check(is_code(bridge.decode(pick(handles)))); break;
        case 8: {
            const std::int32_t h = pick(handles);
            std::span<const wpo::CalculatedValue> out;
            const std::int64_t cap = in.capacity();
            check_result(bridge.items(h, cap, out), cap, out.size());
            break;
        }
        case 9: {
            std::vector<double> out(in.byte() % 40);
            const int c = bridge.values(pick(handles), out, in.byte() % 8 == 0);
            check(c < 0 ? is_code(c) : static_cast<std::size_t>(c) <= out.size());
            break;
        }
        case 10: {
            std::vector<std::int32_t> a(in.byte() % 40), b(in.byte() % 40), c(in.byte() % 40);
            const int n = bridge.value_keys(pick(handles), a, b, c, in.byte() % 8 == 0);
            check(n < 0 ? is_code(n) : static_cast<std::size_t>(n) <= std::min({a.size(), b.size(), c.size()}));
            break;
        }
        case 11: {
            std::span<const char16_t> chars;
            std::span<const std::int32_t> indices;
            const std::int64_t a = in.capacity();
            const std::int64_t b = in.capacity();
            const int c = bridge.names(a, b, chars, indices);
            check_result(c, a, chars.size());
            check_result(c, b, indices.size());
            break;
        }
        case 12: {
            std::span<const char16_t> chars;
            const std::int64_t cap = in.capacity();
            check_result(bridge.instance_display_names(pick(handles), object, cap, chars, in.byte() & 1), cap,
                         chars.size());
            break;
        }
        case 13: {
            std::vector<std::string> paths(in.byte() % 3);
            for (std::string& p : paths)
                p = in.byte() & 1 ? "\\Process(" + in.text() + ")\\ID Process" : in.text();
            std::string message;
            const int h = bridge.open_sampler(paths, message);
            check(h > 0 || (is_code(h) && !message.empty()));
            if (h > 0 && samplers.size() < 4)
                samplers.push_back(h);
            else if (h > 0)
                check(bridge.close_sampler(h) == code::ok);
            break;
        }
        case 14: {
            std::vector<double> out(in.byte() % 8);
            std::string message;
            const int c = bridge.sampler_sample(pick(samplers), out, in.byte() % 8 == 0, message);
            check(is_code(c));
            break;
        }
        case 16: {
            // Sampler owners (0, recordings, minus machines) and machine names: no recording or machine is
            // open here, so every owner names none, and a machine name is this machine's only when it says so.
            check(find_sampler_owner(in.int32()).bridge == nullptr);
            const std::string machine = in.text();
            if (machine.empty() || machine == "localhost")
                check(MachineBridge::is_this_machine(machine));
            else if (machine.find(':') != std::string::npos)
                check(!MachineBridge::is_this_machine(machine));
            break;
        }
        default: {
            const std::int32_t h = pick(samplers);
            const int c = bridge.close_sampler(h);
            check(c == code::ok || c == code::invalid_handle);
            if (c == code::ok)
                samplers.erase(std::find(samplers.begin(), samplers.end(), h));
            break;
        }
        }
    }
    for (std::int32_t h : handles)
        check(bridge.destroy(h) == code::ok);
    for (std::int32_t h : samplers)
        check(bridge.close_sampler(h) == code::ok);
    check(bridge.live_snapshots() == 0 && bridge.live_samplers() == 0);
    return 0;
}
