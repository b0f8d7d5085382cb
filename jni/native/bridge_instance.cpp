// SPDX-License-Identifier: Apache-2.0
// The JNI library's process-wide bridge over the platform source. Apart from
// bridge.cpp so that the JVM-free layer (wpojni_bridge: tests, fuzzing) does
// not pull in the platform sources.
#include "native/bridge.h"

#include <atomic>
#include <cstddef>

#ifdef _WIN32
#include "sources/registry/registry_source.h"
#else
#include "sources/procfs/procfs_source.h"

#include <cstdlib>
#include <filesystem>
#endif

namespace perfscope::jni {

namespace {

std::atomic<std::size_t> g_descriptor_budget{Bridge::kDefaultDescriptorBudget};

std::unique_ptr<wpo::Source> platform_source()
{
#ifdef _WIN32
    return std::make_unique<wpo::RegistrySource>();
#else
    wpo::ProcfsOptions options;
    // A guest in the JVM: no process-wide limit changes, a few kept descriptors.
    options.raise_descriptor_limit = false;
    options.max_open_handles = g_descriptor_budget.load();
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

void Bridge::set_descriptor_budget(std::size_t descriptors)
{
    g_descriptor_budget.store(descriptors);
}

Bridge& Bridge::instance()
{
    // Never destroyed: JVM threads may still call in while the process exits.
    static Bridge* bridge = [] {
        auto source = platform_source();
#ifdef _WIN32
        return new Bridge(std::move(source));
#else
        auto* procfs = static_cast<wpo::ProcfsSource*>(source.get());
        auto* made = new Bridge(std::move(source));
        // Nothing stays open on /proc once the application closed everything.
        made->set_idle_release([procfs] { procfs->release_handles(); });
        return made;
#endif
    }();
    return *bridge;
}

}  // namespace perfscope::jni
