// SPDX-License-Identifier: Apache-2.0
// ProcfsSource: the Source interface over a ProcfsCollector (procfs_collector.h),
// and the compiled-in Linux name table.
#include "sources/procfs/procfs_source.h"

#include "sources/procfs/linux_name_table.h"
#include "sources/procfs/procfs_collector.h"
#include "sources/procfs/procfs_published.h"

#include <utility>

namespace wpo {

class ProcfsSource::Impl {
public:
    explicit Impl(ProcfsOptions options)
        : published(options.proc_root, options.published_root), collector(std::move(options))
    {}

    procfs::ProcfsPublished published;
    procfs::ProcfsCollector collector;
};

ProcfsSource::ProcfsSource(ProcfsOptions options) : m_impl(std::make_unique<Impl>(std::move(options)))
{}

ProcfsSource::~ProcfsSource() = default;

Status ProcfsSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    if (auto s = m_impl->collector.collect(query, buffer); !s)
        return s;
    return m_impl->published.append(query, buffer);
}

Result<NameTable> ProcfsSource::load_names()
{
    auto names = parse_linux_names(linux_names_text());
    if (names)
        m_impl->published.add_names(*names);
    return names;
}

const ProcfsOptions& ProcfsSource::options() const
{
    return m_impl->collector.options();
}

void ProcfsSource::release_handles()
{
    m_impl->collector.release_handles();
}

}  // namespace wpo
