// SPDX-License-Identifier: Apache-2.0
#include "published/segment_view.h"

#include "core/byte_io.h"
#include "core/utf.h"
#include "format/counter_type.h"
#include "published/segment_layout.h"
#include "published/shared_atomic.h"

#include <algorithm>
#include <cstring>
#include <thread>

namespace wpo::published {
namespace {

namespace L = layout;

Error fault(Errc code, const std::string& message)
{
    return Error(code, "published segment: " + message);
}

// The NUL-terminated string at `offset` of the strings area.
Result<std::string> string_at(std::span<const std::byte> strings, std::uint32_t offset, const char* what)
{
    if (offset >= strings.size())
        return fault(Errc::out_of_bounds, std::string(what) + " at string offset " + std::to_string(offset) +
                                              " past the strings (" + std::to_string(strings.size()) + " bytes)");
    const auto* begin = reinterpret_cast<const char*>(strings.data() + offset);
    const auto* nul = static_cast<const char*>(std::memchr(begin, 0, strings.size() - offset));
    if (!nul)
        return fault(Errc::truncated,
                     std::string(what) + " at string offset " + std::to_string(offset) + " is not NUL-terminated");
    return std::string(begin, nul);
}

bool aligned8(std::uint64_t v)
{
    return (v & 7) == 0;
}

}  // namespace

Result<SegmentView> SegmentView::parse(std::span<const std::byte> segment)
{
    namespace H = L::header;
    if (reinterpret_cast<std::uintptr_t>(segment.data()) % 8 != 0)
        return fault(Errc::misaligned, "the mapping does not start 8-aligned");
    if (segment.size() < H::kSize)
        return fault(Errc::truncated, std::to_string(segment.size()) + " bytes, less than the 64-byte header");
    const std::byte* p = segment.data();
    if (std::memcmp(p + H::kMagic, L::kMagic, sizeof L::kMagic) != 0)
        return fault(Errc::bad_signature, "bad magic (not a perfscope counters segment)");
    if (const auto v = load_u32(p + H::kVersion); v != L::kVersion)
        return fault(Errc::unsupported, "version " + std::to_string(v) + ", this reader knows version 1");
    if (load_u32(p + H::kHeaderSize) != H::kSize)
        return fault(Errc::unsupported, "header size " + std::to_string(load_u32(p + H::kHeaderSize)) + " is not 64");
    // The state first, with acquire: everything the publisher wrote before
    // it marked the segment ready is visible after this.
    const std::uint32_t state = load_acquire_u32(p + H::kState);
    if (state != L::kStateReady)
        return fault(Errc::invalid_state, state == L::kStateClosed ? "the publisher has closed it" : "not ready");
    const std::uint32_t total = load_u32(p + H::kTotalSize);
    if (total > segment.size())
        return fault(Errc::truncated, "total size " + std::to_string(total) + " past the end of the mapping (" +
                                          std::to_string(segment.size()) + " bytes)");
    if (total < H::kSize || total > L::kMaxSegmentSize)
        return fault(Errc::out_of_bounds, "total size " + std::to_string(total) + " out of range");

    SegmentView view;
    view.m_base = p;
    view.m_pid = load_u32(p + H::kPid);
    const std::uint32_t objects = load_u32(p + H::kObjectCount);
    const std::uint32_t counters = load_u32(p + H::kCounterCount);
    const std::uint32_t objects_at = load_u32(p + H::kObjectsOffset);
    const std::uint32_t counters_at = load_u32(p + H::kCountersOffset);
    const std::uint32_t strings_at = load_u32(p + H::kStringsOffset);
    const std::uint32_t strings_size = load_u32(p + H::kStringsSize);
    if (objects == 0 || objects > L::kMaxObjects)
        return fault(Errc::count_exceeds_data,
                     "object count " + std::to_string(objects) + " out of 1.." + std::to_string(L::kMaxObjects));
    if (counters == 0 || counters > L::kMaxCounters)
        return fault(Errc::count_exceeds_data,
                     "counter count " + std::to_string(counters) + " out of 1.." + std::to_string(L::kMaxCounters));
    if (!aligned8(objects_at) || !aligned8(counters_at))
        return fault(Errc::misaligned, "object or counter records not 8-aligned");
    auto within = [&](std::uint64_t at, std::uint64_t size) { return at >= H::kSize && at + size <= total; };
    if (!within(objects_at, std::uint64_t(objects) * L::object::kSize))
        return fault(Errc::out_of_bounds, "object records at " + std::to_string(objects_at) + " run past the end");
    if (!within(counters_at, std::uint64_t(counters) * L::counter::kSize))
        return fault(Errc::out_of_bounds, "counter records at " + std::to_string(counters_at) + " run past the end");
    if (!within(strings_at, strings_size))
        return fault(Errc::out_of_bounds, "strings at " + std::to_string(strings_at) + " run past the end");
    const std::span<const std::byte> strings(p + strings_at, strings_size);

    auto publisher = string_at(strings, load_u32(p + H::kPublisherName), "the publisher name");
    if (!publisher)
        return publisher.error();
    view.m_definition.publisher = std::move(*publisher);

    std::uint64_t next_counter = 0;
    view.m_definition.objects.reserve(objects);
    view.m_geometry.reserve(objects);
    for (std::uint32_t i = 0; i < objects; ++i) {
        namespace O = L::object;
        const std::byte* rec = p + objects_at + std::uint64_t(i) * O::kSize;
        const std::string where = "object " + std::to_string(i);
        ObjectDef o;
        auto name = string_at(strings, load_u32(rec + O::kName), "the name of an object");
        if (!name)
            return name.error();
        auto help = string_at(strings, load_u32(rec + O::kHelp), "the help of an object");
        if (!help)
            return help.error();
        o.name = std::move(*name);
        o.help = std::move(*help);
        const std::uint32_t first = load_u32(rec + O::kFirstCounter);
        const std::uint32_t count = load_u32(rec + O::kCounterCount);
        if (count == 0 || count > L::kMaxCountersPerObject)
            return fault(Errc::count_exceeds_data, where + ": counter count " + std::to_string(count));
        // Each object's counters follow the previous object's: no sharing, no gaps.
        if (first != next_counter || std::uint64_t(first) + count > counters)
            return fault(Errc::out_of_bounds,
                         where + ": counters " + std::to_string(first) + "+" + std::to_string(count) + " out of range");
        next_counter = std::uint64_t(first) + count;
        o.detail_level = load_u32(rec + O::kDetailLevel);
        o.default_counter = load_i32(rec + O::kDefaultCounter);
        const std::uint32_t flags = load_u32(rec + O::kFlags);
        if (flags & ~(L::kFlagInstances | L::kFlagCostly))
            return fault(Errc::unsupported, where + ": unknown flags");
        o.costly = (flags & L::kFlagCostly) != 0;
        Geometry g;
        g.slot_count = load_u32(rec + O::kSlotCount);
        g.slots_offset = load_u32(rec + O::kSlotsOffset);
        g.slot_size = load_u32(rec + O::kSlotSize);
        g.name_capacity = load_u32(rec + O::kNameCapacity);
        if (flags & L::kFlagInstances) {
            if (g.slot_count == 0 || g.slot_count > L::kMaxSlots)
                return fault(Errc::count_exceeds_data, where + ": slot count " + std::to_string(g.slot_count));
            o.max_instances = g.slot_count;
        } else if (g.slot_count != 1) {
            return fault(Errc::count_exceeds_data,
                         where + ": an object without instances has one slot, not " + std::to_string(g.slot_count));
        }
        if (g.name_capacity < 8 || g.name_capacity > L::kMaxNameCapacity || !aligned8(g.name_capacity))
            return fault(Errc::invalid_argument, where + ": name capacity " + std::to_string(g.name_capacity));
        if (g.slot_size != L::slot::kName + g.name_capacity + 8 * count)
            return fault(Errc::invalid_argument,
                         where + ": slot size " + std::to_string(g.slot_size) + " does not match its counters");
        if (!aligned8(g.slots_offset))
            return fault(Errc::misaligned, where + ": slots not 8-aligned");
        if (!within(g.slots_offset, std::uint64_t(g.slot_count) * g.slot_size))
            return fault(Errc::out_of_bounds,
                         where + ": slots at " + std::to_string(g.slots_offset) + " run past the end");
        for (std::uint32_t c = 0; c < count; ++c) {
            namespace C = L::counter;
            const std::byte* crec = p + counters_at + std::uint64_t(first + c) * C::kSize;
            CounterDef cd;
            auto cname = string_at(strings, load_u32(crec + C::kName), "the name of a counter");
            if (!cname)
                return cname.error();
            auto chelp = string_at(strings, load_u32(crec + C::kHelp), "the help of a counter");
            if (!chelp)
                return chelp.error();
            cd.name = std::move(*cname);
            cd.help = std::move(*chelp);
            cd.type = load_u32(crec + C::kType);
            cd.default_scale = load_i32(crec + C::kDefaultScale);
            cd.detail_level = load_u32(crec + C::kDetailLevel);
            o.counters.push_back(std::move(cd));
        }
        view.m_definition.objects.push_back(std::move(o));
        view.m_geometry.push_back(g);
    }
    if (next_counter != counters)
        return fault(Errc::count_exceeds_data, "counter count " + std::to_string(counters) + " but the objects use " +
                                                   std::to_string(next_counter));
    // The rules every definition obeys (types, bases, names, limits).
    if (auto ok = validate(view.m_definition); !ok)
        return fault(Errc::invalid_argument, ok.error().message());
    view.make_images();
    return view;
}

void SegmentView::make_images()
{
    std::vector<std::byte> block;
    std::vector<BlockBuilder::CounterSlot> slots;
    std::uint32_t index = 0;
    for (std::size_t i = 0; i < m_definition.objects.size(); ++i) {
        const ObjectDef& o = m_definition.objects[i];
        Geometry& g = m_geometry[i];
        g.index = index;
        BlockBuilder b(block, slots);
        b.begin({}, "");
        const std::size_t header = block.size();
        b.begin_object({.name_index = index,
                        .help_index = index + 1,
                        .detail_level = o.detail_level,
                        .default_counter = o.default_counter,
                        .has_instances = o.max_instances > 0});
        for (std::size_t c = 0; c < o.counters.size(); ++c) {
            const CounterDef& cd = o.counters[c];
            const std::uint32_t ci = index + 2 * static_cast<std::uint32_t>(c + 1);
            b.add_counter({.name_index = ci,
                           .help_index = ci + 1,
                           .type = cd.type,
                           .default_scale = cd.default_scale,
                           .detail_level = cd.detail_level});
        }
        if (o.max_instances == 0)
            b.begin_values();
        b.end_object();
        b.finish();
        const std::span<const std::byte> image = std::span<const std::byte>(block).subspan(header);
        g.image_at = static_cast<std::uint32_t>(m_images.size());
        g.image_size = static_cast<std::uint32_t>(image.size());
        g.block_at = load_u32(image.data() + wpo::layout::object::kDefinitionLength);
        m_images.insert(m_images.end(), image.begin(), image.end());
        g.first_place = static_cast<std::uint32_t>(m_places.size());
        // The counter block's length as BlockBuilder makes it: past the
        // last value, at least the block's own length word, 8-aligned.
        std::uint32_t end = wpo::layout::counter_block::kSize;
        for (const auto& slot : slots) {
            m_places.push_back({slot.offset, slot.size});
            end = std::max(end, slot.offset + slot.size);
        }
        g.block_length = (end + 7) & ~std::uint32_t(7);
        index += 2 * static_cast<std::uint32_t>(1 + o.counters.size());
    }
}

std::uint32_t SegmentView::state() const
{
    return load_acquire_u32(m_base + L::header::kState);
}

void SegmentView::add_names(NameTable& names, std::uint32_t base) const
{
    std::uint32_t index = base;
    for (const auto& o : m_definition.objects) {
        names.set_name(index, o.name);
        names.set_help(index + 1, o.help);
        index += 2;
        for (const auto& c : o.counters) {
            names.set_name(index, c.name);
            names.set_help(index + 1, c.help);
            index += 2;
        }
    }
}

bool SegmentView::selects(const ObjectQuery& query, std::size_t object, std::uint32_t base) const
{
    const ObjectDef& o = m_definition.objects[object];
    switch (query.kind()) {
    case ObjectQuery::Kind::global: return !o.costly;
    case ObjectQuery::Kind::costly: return o.costly;
    case ObjectQuery::Kind::list: return query.contains(object_index(object, base));
    }
    return false;
}

bool SegmentView::read_object(std::size_t object, ReadScratch& s) const
{
    const Geometry& g = m_geometry[object];
    const std::size_t counters = m_definition.objects[object].counters.size();
    s.live.clear();
    s.values.clear();
    s.names.clear();
    for (std::uint32_t slot = 0; slot < g.slot_count; ++slot) {
        const std::byte* at = m_base + g.slots_offset + std::uint64_t(slot) * g.slot_size;
        const std::size_t values_at = s.values.size();
        const std::size_t names_at = s.names.size();
        bool done = false;
        for (int attempt = 0; attempt < kReadAttempts && !done; ++attempt) {
            const std::uint32_t before = load_acquire_u32(at + L::slot::kSeq);
            if (before & 1) {
                if (attempt >= 8)
                    std::this_thread::yield();  // a writer preempted mid-update
                continue;
            }
            // Acquire loads: the second look at `seq` cannot move before them,
            // and a value stored after the writer's odd `seq` brings that `seq` along.
            const bool live =
                g.slot_count == 1 && m_definition.objects[object].max_instances == 0
                    ? true
                    : shared_word<std::uint32_t>(at + L::slot::kLive).load(std::memory_order_acquire) == 1;
            s.values.resize(values_at);
            s.names.resize(names_at);
            if (live) {
                for (std::uint32_t w = 0; w < g.name_capacity; w += 8) {
                    const std::uint64_t word = load_acquire_u64(at + L::slot::kName + w);
                    char bytes[8];
                    std::memcpy(bytes, &word, 8);
                    s.names.insert(s.names.end(), bytes, bytes + 8);
                }
                const std::byte* values = at + L::slot::kName + g.name_capacity;
                for (std::size_t c = 0; c < counters; ++c)
                    s.values.push_back(load_acquire_u64(values + 8 * c));
            }
            if (load_relaxed_u32(at + L::slot::kSeq) == before) {
                done = true;
                if (live)
                    s.live.push_back(slot);
            }
        }
        if (!done)
            return false;
    }
    return true;
}

bool SegmentView::read_single(std::size_t object, std::uint64_t* out) const
{
    const Geometry& g = m_geometry[object];
    const std::size_t counters = m_definition.objects[object].counters.size();
    const std::byte* at = m_base + g.slots_offset;
    const std::byte* values = at + L::slot::kName + g.name_capacity;
    for (int attempt = 0; attempt < kReadAttempts; ++attempt) {
        const std::uint32_t before = load_acquire_u32(at + L::slot::kSeq);
        if (before & 1) {
            if (attempt >= 8)
                std::this_thread::yield();  // a writer preempted mid-update
            continue;
        }
        // Acquire loads: the second look at `seq` cannot move before them,
        // and a value stored after the writer's odd `seq` brings that `seq` along.
        for (std::size_t c = 0; c < counters; ++c)
            out[c] = load_acquire_u64(values + 8 * c);
        if (load_relaxed_u32(at + L::slot::kSeq) == before)
            return true;
    }
    return false;
}

namespace {

// Adds `base` to the title indices of an object copied from its image.
void add_base(std::byte* object, std::size_t counters, std::uint32_t base)
{
    namespace O = wpo::layout::object;
    namespace C = wpo::layout::counter;
    auto add = [base](std::byte* at) { store<std::uint32_t>(at, load_u32(at) + base); };
    add(object + O::kNameTitleIndex);
    add(object + O::kHelpTitleIndex);
    std::byte* def = object + O::kSize;
    for (std::size_t c = 0; c < counters; ++c, def += C::kSize) {
        add(def + C::kNameTitleIndex);
        add(def + C::kHelpTitleIndex);
    }
}

}  // namespace

void SegmentView::store_values(std::byte* block, std::size_t object, const std::uint64_t* values) const
{
    const Geometry& g = m_geometry[object];
    const std::size_t counters = m_definition.objects[object].counters.size();
    const Place* place = m_places.data() + g.first_place;
    for (std::size_t c = 0; c < counters; ++c) {
        // A DWORD counter takes the low half of its slot word, as the
        // publisher's 32-bit counters wrap.
        if (place[c].size == 8)
            store<std::uint64_t>(block + place[c].offset, values[c]);
        else if (place[c].size == 4)
            store<std::uint32_t>(block + place[c].offset, static_cast<std::uint32_t>(values[c]));
    }
}

bool SegmentView::append_instances(BlockBuilder& b, std::size_t object, std::uint32_t base, ReadScratch& s) const
{
    namespace O = wpo::layout::object;
    namespace I = wpo::layout::instance;
    if (!read_object(object, s))
        return false;
    const Geometry& g = m_geometry[object];
    const std::size_t counters = m_definition.objects[object].counters.size();
    // The object as BlockBuilder writes it: the image, then per live slot a
    // PERF_INSTANCE_DEFINITION (UTF-16 name, no parent, unique id -1) and
    // its counter block. Made in the scratch (zeroed: the names' NULs and
    // the padding), then copied in whole.
    auto name_of = [&](std::size_t k) {
        const char* name = s.names.data() + k * g.name_capacity;
        return std::string_view(name, static_cast<std::size_t>(std::find(name, name + g.name_capacity, '\0') - name));
    };
    auto name_bytes = [](std::string_view name) {
        return name.empty() ? 0u : static_cast<std::uint32_t>(2 * (utf16_length(name) + 1));
    };
    std::size_t total = g.image_size;
    for (std::size_t k = 0; k < s.live.size(); ++k)
        total += ((I::kSize + name_bytes(name_of(k)) + 7) & ~std::size_t(7)) + g.block_length;
    s.object.clear();
    s.object.resize(total);
    std::byte* p = s.object.data();
    std::memcpy(p, m_images.data() + g.image_at, g.image_size);
    store<std::uint32_t>(p + O::kTotalByteLength, static_cast<std::uint32_t>(total));
    store<std::int32_t>(p + O::kNumInstances, static_cast<std::int32_t>(s.live.size()));
    std::byte* at = p + g.image_size;
    for (std::size_t k = 0; k < s.live.size(); ++k) {
        const std::string_view name = name_of(k);
        const std::uint32_t bytes = name_bytes(name);
        const std::uint32_t length = (I::kSize + bytes + 7) & ~std::uint32_t(7);
        store<std::uint32_t>(at + I::kByteLength, length);
        store<std::int32_t>(at + I::kUniqueId, wpo::layout::kNoUniqueId);
        store<std::uint32_t>(at + I::kNameOffset, I::kSize);
        store<std::uint32_t>(at + I::kNameLength, bytes);
        encode_utf16le(name, at + I::kSize);
        at += length;
        store<std::uint32_t>(at, g.block_length);
        store_values(at, object, s.values.data() + k * counters);
        at += g.block_length;
    }
    add_base(b.append_object(s.object), counters, base);
    return true;
}

bool SegmentView::append_single(BlockBuilder& b, std::size_t object, std::uint32_t base) const
{
    const Geometry& g = m_geometry[object];
    const std::size_t counters = m_definition.objects[object].counters.size();
    std::uint64_t values[L::kMaxCountersPerObject];
    if (!read_single(object, values))
        return false;
    std::byte* p = b.append_object(std::span<const std::byte>(m_images).subspan(g.image_at, g.image_size));
    add_base(p, counters, base);  // the image has them from 0
    store_values(p + g.block_at, object, values);
    return true;
}

AppendResult SegmentView::append(BlockBuilder& b, const ObjectQuery& query, std::uint32_t base, ReadScratch& s) const
{
    AppendResult result;
    for (std::size_t i = 0; i < m_definition.objects.size(); ++i) {
        if (!selects(query, i, base))
            continue;
        if (m_definition.objects[i].max_instances == 0) {
            if (append_single(b, i, base))
                ++result.objects;
            else
                ++result.not_ready;
            continue;
        }
        if (append_instances(b, i, base, s))
            ++result.objects;
        else
            ++result.not_ready;
    }
    return result;
}

}  // namespace wpo::published
