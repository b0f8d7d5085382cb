// SPDX-License-Identifier: Apache-2.0
// The JNI library's process-wide bridge over the platform source. Apart from
// bridge.cpp so that the JVM-free layer (wpojni_bridge: tests, fuzzing) does
// not pull in the platform sources.
#include "native/bridge.h"

#ifdef _WIN32
#include "sources/registry/registry_source.h"
#else
#include "sources/procfs/procfs_source.h"

#include <cstdlib>
#include <filesystem>
#endif

namespace perfscope::jni {

namespace {

std::unique_ptr<wpo::Source> platform_source()
{
#ifdef _WIN32
    return std::make_unique<wpo::RegistrySource>();
#else
    wpo::ProcfsOptions options;
    // A captured tree (tests/fixtures/proc-*/proc) instead of the live /proc:
    // replayed data for tests and benchmarks.
    if (const char* root = std::getenv("PERFSCOPE_PROC_ROOT"); root && *root) {
        std::filesystem::path proc = std::filesystem::path(root).lexically_normal();
        if (proc.filename().empty())
            proc = proc.parent_path();
        options.proc_root = proc.string();
        options.sys_root = (proc.parent_path() / "sys").string();
        options.fs_root.clear();
    }
    return std::make_unique<wpo::ProcfsSource>(options);
#endif
}

}  // namespace

Bridge& Bridge::instance()
{
    // Never destroyed: JVM threads may still call in while the process exits.
    static Bridge* bridge = new Bridge(platform_source());
    return *bridge;
}

}  // namespace perfscope::jni
