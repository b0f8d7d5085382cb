#include "platform_source.h"

#ifdef _WIN32
#include "sources/registry/registry_source.h"
#else
#include "sources/procfs/procfs_source.h"
#endif

namespace perfscope::cli {

wpo::Result<std::unique_ptr<wpo::Source>> make_platform_source(const Options& options)
{
#ifdef _WIN32
    if (!options.proc_root.empty())
        return wpo::Error(wpo::Errc::invalid_argument, "--proc-root is for Linux only");
    return std::unique_ptr<wpo::Source>(std::make_unique<wpo::RegistrySource>());
#else
    wpo::ProcfsSource::Options procfs;
    if (!options.proc_root.empty())
        procfs.proc_root = options.proc_root;
    return std::unique_ptr<wpo::Source>(std::make_unique<wpo::ProcfsSource>(procfs));
#endif
}

}  // namespace perfscope::cli
