// SPDX-License-Identifier: Apache-2.0
// A snapshot entity fed arbitrary blocks: the first part of the input is what
// the source returns at creation, the second what it returns afterwards, so
// objects, instances and definitions change between samples in every way a
// block allows. Two entities share one cache, so cached and fresh objects
// mix in storage. Nothing may crash, read outside a block or leak a cache
// reference; values must point at existing instances.
#include "snapshot/snapshot.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

class SequenceSource : public wpo::Source {
public:
    SequenceSource(std::span<const std::byte> first, std::span<const std::byte> then) : m_blocks{first, then} {}
    wpo::Status collect(std::string_view, std::vector<std::byte>& buffer) override
    {
        const auto block = m_blocks[m_next];
        m_next = 1;
        buffer.assign(block.begin(), block.end());
        return {};
    }
    wpo::Result<wpo::NameTable> load_names() override { return wpo::NameTable{}; }

private:
    std::span<const std::byte> m_blocks[2];
    int m_next = 0;
};

void cycle(wpo::Snapshot& snapshot)
{
    if (!snapshot.prepare().ok() || !snapshot.sample().ok())
        return;
    if (!snapshot.decode().ok())
        return;
    auto values = snapshot.values();
    if (!values)
        __builtin_trap();
    std::vector<wpo::InstanceIdentity> ids;
    for (const wpo::CalculatedValue& v : *values) {
        if (!snapshot.identities(v.object_index, ids).ok())
            __builtin_trap();
        if (v.instance >= static_cast<std::int32_t>(ids.size()))
            __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 2)
        return 0;
    const std::size_t split = std::min<std::size_t>(size - 2, data[0] | (std::size_t(data[1]) << 8));
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data) + 2, size - 2);
    SequenceSource source(bytes.first(split), bytes.subspan(split));
    wpo::SharedSource shared(source);
    wpo::PerfObjectCache cache;
    wpo::SnapshotOptions options;
    options.cache = &cache;
    auto a = wpo::Snapshot::create(shared, wpo::SnapshotType::global, {}, options);
    if (!a)
        return 0;
    auto b = wpo::Snapshot::create(shared, wpo::SnapshotType::global, {}, options);
    std::vector<wpo::InstanceInfo> instances;
    std::vector<std::uint32_t> objects;
    if ((*a)->objects(objects).ok())
        for (std::uint32_t object : objects)
            (void)(*a)->instances(object, instances);
    for (int i = 0; i < 3; ++i) {
        cycle(**a);
        if (b)
            cycle(**b);
    }
    a->reset();
    if (b)
        b->reset();
    if (cache.outstanding_references() != 0)
        __builtin_trap();
    return 0;
}
