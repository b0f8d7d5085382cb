// SPDX-License-Identifier: Apache-2.0
// A Source that passes another's blocks on with chosen objects damaged: the
// first counter definition's CounterOffset of each is set past every counter
// block, so BlockView::parse leaves exactly those objects out (out_of_bounds)
// and keeps the rest. For tests of everything that reports left-out objects.
#pragma once

#include "sources/source.h"

#include <cstdint>
#include <set>

namespace wpo::test {

class DamagingSource : public Source {
public:
    // The CounterOffset written into a damaged object's first definition.
    static constexpr std::uint32_t kBadOffset = 0x00100000;

    explicit DamagingSource(Source& inner) : m_inner(inner) {}

    void damage(std::uint32_t object_index) { m_damaged.insert(object_index); }
    void repair(std::uint32_t object_index) { m_damaged.erase(object_index); }

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    Result<NameTable> load_names() override { return m_inner.load_names(); }

private:
    Source& m_inner;
    std::set<std::uint32_t> m_damaged;
};

}  // namespace wpo::test
