// SPDX-License-Identifier: Apache-2.0
// A source that remembers the last block it handed out: what an agent's client must receive.
#pragma once

#include "sources/source.h"

#include <cstddef>
#include <vector>

namespace wpo {

class WitnessSource : public Source {
public:
    explicit WitnessSource(Source& inner) : m_inner(inner) {}
    Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        Status status = m_inner.collect(query, buffer);
        if (status)
            last = buffer;
        return status;
    }
    Result<NameTable> load_names() override { return m_inner.load_names(); }

    std::vector<std::byte> last;

private:
    Source& m_inner;
};

}  // namespace wpo
