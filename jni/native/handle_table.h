// SPDX-License-Identifier: Apache-2.0
// Handles, never addresses (docs/java.md §2.2): Java holds a positive int that
// names a slot and the slot's generation. A destroyed handle, a handle of a
// slot reused since, a forged number, 0 or a negative value all fail lookup()
// instead of reaching freed or foreign memory.
//
//   handle = generation << kIndexBits | (slot + 1)     (always > 0)
//
// A handle is never valid again once destroyed: a slot whose generation has
// reached kGenerationMask is retired instead of going back to the free list,
// so no generation wraps. The price is a finite supply of handles over the
// process's life, kMaxSlots * kGenerationMask (about 2.1 billion creations
// per table, the whole positive int range); after that add() reports a full
// table, as it does when kMaxSlots handles are live.
//
// Entries are shared_ptrs: a thread that looked one up keeps it alive while
// another thread destroys the handle, so destroy-during-use is safe and the
// entry dies with its last user.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace perfscope::jni {

template <class T>
class HandleTable {
public:
    static constexpr int kIndexBits = 16;
    static constexpr std::uint32_t kMaxSlots = (1u << kIndexBits) - 1;  // slot + 1 must fit
    static constexpr std::uint32_t kGenerationMask = (1u << (31 - kIndexBits)) - 1;

    // 0 when the table is full.
    std::int32_t add(std::shared_ptr<T> entry)
    {
        std::lock_guard guard(m_mutex);
        std::uint32_t slot = 0;
        if (!m_free.empty()) {
            slot = m_free.back();
            m_free.pop_back();
        } else if (m_slots.size() < kMaxSlots) {
            slot = static_cast<std::uint32_t>(m_slots.size());
            m_slots.push_back({});
        } else {
            return 0;
        }
        Slot& s = m_slots[slot];
        ++s.generation;  // slots on the free list are below kGenerationMask
        s.entry = std::move(entry);
        return static_cast<std::int32_t>((s.generation << kIndexBits) | (slot + 1));
    }

    // Null for anything that is not a live handle.
    std::shared_ptr<T> lookup(std::int32_t handle) const
    {
        std::lock_guard guard(m_mutex);
        const Slot* s = find(handle);
        return s ? s->entry : nullptr;
    }

    // The entry taken out (null if the handle was not live). The caller lets
    // it go outside the table's lock: destroying a snapshot takes its own.
    std::shared_ptr<T> remove(std::int32_t handle)
    {
        std::lock_guard guard(m_mutex);
        Slot* s = const_cast<Slot*>(find(handle));
        if (!s)
            return nullptr;
        std::shared_ptr<T> entry = std::move(s->entry);
        s->entry.reset();
        if (s->generation < kGenerationMask)
            m_free.push_back(static_cast<std::uint32_t>(s - m_slots.data()));
        else
            ++m_retired;
        return entry;
    }

    std::size_t live() const
    {
        std::lock_guard guard(m_mutex);
        return m_slots.size() - m_free.size() - m_retired;
    }

    // Slots used up for good (every generation handed out).
    std::size_t retired() const
    {
        std::lock_guard guard(m_mutex);
        return m_retired;
    }

private:
    struct Slot {
        std::uint32_t generation = 0;
        std::shared_ptr<T> entry;
    };

    const Slot* find(std::int32_t handle) const
    {
        if (handle <= 0)
            return nullptr;
        const auto h = static_cast<std::uint32_t>(handle);
        const std::uint32_t index = h & kMaxSlots;
        const std::uint32_t generation = h >> kIndexBits;
        if (index == 0 || index > m_slots.size())
            return nullptr;
        const Slot& s = m_slots[index - 1];
        if (!s.entry || s.generation != generation)
            return nullptr;
        return &s;
    }

    mutable std::mutex m_mutex;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_free;
    std::size_t m_retired = 0;
};

}  // namespace perfscope::jni
