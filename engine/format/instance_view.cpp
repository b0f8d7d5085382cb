// SPDX-License-Identifier: Apache-2.0
#include "format/instance_view.h"

#include "core/utf.h"
#include "format/layout.h"

namespace wpo {

namespace I = layout::instance;

InstanceView::InstanceView(std::span<const std::byte> definition, CounterBlock counters, std::uint32_t code_page)
    : m_definition(definition), m_counters(counters), m_code_page(code_page)
{}

std::uint32_t InstanceView::parent_object_index() const
{
    return load_u32(m_definition.data() + I::kParentObjectTitleIndex);
}

std::uint32_t InstanceView::parent_instance() const
{
    return load_u32(m_definition.data() + I::kParentObjectInstance);
}

std::int32_t InstanceView::unique_id() const
{
    return load_i32(m_definition.data() + I::kUniqueId);
}

std::string InstanceView::name() const
{
    if (m_definition.empty())
        return {};
    const std::uint32_t length = load_u32(m_definition.data() + I::kNameLength);
    if (length == 0)
        return {};
    const std::byte* name = m_definition.data() + load_u32(m_definition.data() + I::kNameOffset);
    // CodePage 0 means UTF-16; otherwise 8-bit text, which we read as Latin-1.
    return m_code_page == 0 ? utf16le_to_utf8(name, length / 2) : latin1_to_utf8(name, length);
}

std::span<const std::byte> InstanceView::name_bytes() const
{
    if (m_definition.empty())
        return {};
    const std::uint32_t length = load_u32(m_definition.data() + I::kNameLength);
    if (length == 0)
        return {};
    const std::byte* name = m_definition.data() + load_u32(m_definition.data() + I::kNameOffset);
    const std::size_t unit = m_code_page == 0 ? 2 : 1;
    const std::size_t units = length / unit;
    const auto unit_at = [&](std::size_t i) -> std::uint32_t {
        return unit == 2 ? load<std::uint16_t>(name + 2 * i) : std::to_integer<std::uint8_t>(name[i]);
    };
    std::size_t n = 0;
    while (n < units && unit_at(n) != 0)
        ++n;
    return {name, n * unit};
}

}  // namespace wpo
