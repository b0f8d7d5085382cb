// SPDX-License-Identifier: Apache-2.0
#include "published/shared_mapping.h"

#include "published/segment_layout.h"

#include <utility>


namespace wpo::published {

SharedMapping::~SharedMapping()
{
    reset();
}

SharedMapping::SharedMapping(SharedMapping&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)),
      m_size(std::exchange(other.m_size, 0)),
      m_handle(std::exchange(other.m_handle, nullptr))
{}

SharedMapping& SharedMapping::operator=(SharedMapping&& other) noexcept
{
    if (this != &other) {
        reset();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_handle = std::exchange(other.m_handle, nullptr);
    }
    return *this;
}

}  // namespace wpo::published
