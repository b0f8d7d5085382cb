// ProcfsSource: the Source interface over a ProcfsCollector (procfs_collector.h),
// and the compiled-in Linux name table.
#include "sources/procfs/procfs_source.h"

#include "sources/procfs/linux_name_table.h"
#include "sources/procfs/procfs_collector.h"

#include <utility>

namespace wpo {

class ProcfsSource::Impl {
public:
    explicit Impl(ProcfsOptions options) : collector(std::move(options)) {}

    procfs::ProcfsCollector collector;
};

ProcfsSource::ProcfsSource(ProcfsOptions options) : m_impl(std::make_unique<Impl>(std::move(options))) {}

ProcfsSource::~ProcfsSource() = default;

Status ProcfsSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    return m_impl->collector.collect(query, buffer);
}

Result<NameTable> ProcfsSource::load_names()
{
    return parse_linux_names(linux_names_text());
}

const ProcfsOptions& ProcfsSource::options() const
{
    return m_impl->collector.options();
}

}  // namespace wpo
