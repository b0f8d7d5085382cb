// SPDX-License-Identifier: Apache-2.0
#include "query/platform_source.h"

#ifdef _WIN32
#include "sources/registry/registry_source.h"
#else
#include "sources/procfs/procfs_source.h"

#include <filesystem>
#endif

namespace wpo::query {

wpo::Result<std::unique_ptr<wpo::Source>> make_platform_source(const std::string& proc_root)
{
#ifdef _WIN32
    if (!proc_root.empty())
        return wpo::Error(wpo::Errc::invalid_argument, "--proc-root is for Linux only");
    return std::unique_ptr<wpo::Source>(std::make_unique<wpo::RegistrySource>());
#else
    wpo::ProcfsOptions procfs;
    if (!proc_root.empty() && proc_root != "/proc") {
        // A captured tree: its sysfs (if any) sits beside it, and its mount
        // points are not on this machine, so statvfs must not be asked.
        std::filesystem::path root = std::filesystem::path(proc_root).lexically_normal();
        if (root.filename().empty())
            root = root.parent_path();  // "tree/proc/" -> "tree/proc"
        if (!std::filesystem::is_directory(root))
            return wpo::Error(wpo::Errc::not_found, "--proc-root \"" + proc_root + "\" is not a directory");
        procfs.proc_root = proc_root;
        procfs.sys_root = (root.parent_path() / "sys").string();
        procfs.fs_root.clear();
    }
    return std::unique_ptr<wpo::Source>(std::make_unique<wpo::ProcfsSource>(procfs));
#endif
}

}  // namespace wpo::query
