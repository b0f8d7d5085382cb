// SPDX-License-Identifier: Apache-2.0
#include "native/thread_start.h"

#ifdef _WIN32
#include <windows.h>
#else
#include "sources/procfs/proc_parsers.h"
#include "sources/procfs/procfs_clock.h"
#include "sources/procfs/windows_mapping.h"

#include <fcntl.h>
#include <string>
#include <string_view>
#include <unistd.h>
#endif

namespace perfscope::jni {

#ifdef _WIN32

std::int64_t current_thread_start()
{
    FILETIME created{}, exited{}, kernel{}, user{};
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user))
        return 0;
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(created.dwHighDateTime) << 32) |
                                     created.dwLowDateTime);
}

#else

namespace {

bool read_file(const char* path, std::string& out)
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    out.clear();
    char chunk[4096];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n <= 0)
            break;
        out.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return !out.empty();
}

}  // namespace

// The procfs source's clock (procfs_collector.cpp, read_uptime): the boot
// time of /proc/stat as a FILETIME plus the thread's starttime in clock ticks.
std::int64_t current_thread_start()
{
    std::string text;
    if (!read_file("/proc/thread-self/stat", text))
        return 0;
    wpo::procfs::PidStat stat;
    if (!wpo::procfs::parse_pid_stat(text, stat))
        return 0;
    if (!read_file("/proc/stat", text))
        return 0;
    wpo::procfs::KernelStat kernel;
    wpo::procfs::parse_kernel_stat(text, kernel);
    if (!kernel.has_btime)
        return 0;
    const long tck = sysconf(_SC_CLK_TCK);
    const std::uint64_t hz = tck > 0 ? static_cast<std::uint64_t>(tck) : 100;
    const std::uint64_t per_second = wpo::procfs::k100nsPerSecond;
    const std::uint64_t ticks = stat.starttime;
    return wpo::kFiletimeUnixEpoch + static_cast<std::int64_t>(kernel.btime) * wpo::procfs::k100nsPerSecond +
           static_cast<std::int64_t>(ticks / hz * per_second + ticks % hz * per_second / hz);
}

#endif

}  // namespace perfscope::jni
