// SPDX-License-Identifier: Apache-2.0
// What it costs a JVM to watch itself (JavaSelfBench.java) with the machine
// busy elsewhere: a Sampler on the JVM's own Process with 500 other processes
// running, and ThreadCpu on the JVM's own threads with a process of 3,000
// threads beside it. The population is started here, the JVM is a child.
//
//   java_self_bench <java> <classpath> <libwpojni.so>
#include "support/helper_population.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using perfscope::bench::HelperPopulation;

// Scheduling entities on the machine: the total of /proc/loadavg's fourth field.
long machine_threads()
{
    std::FILE* f = std::fopen("/proc/loadavg", "r");
    if (!f)
        return -1;
    double a = 0, b = 0, c = 0;
    long running = 0, total = -1;
    if (std::fscanf(f, "%lf %lf %lf %ld/%ld", &a, &b, &c, &running, &total) != 5)
        total = -1;
    std::fclose(f);
    return total;
}

int run_java(const char* java, const char* classpath, const char* library, const char* mode)
{
    const std::string lib = std::string("-Dperfscope.wpojni.path=") + library;
    std::vector<const char*> args = {
        java, "-Xshare:auto", lib.c_str(), "-cp", classpath, "org.perfscope.wpo.bench.JavaSelfBench", mode, nullptr};
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0) {
        execv(java, const_cast<char* const*>(args.data()));
        std::fprintf(stderr, "cannot run %s: %s\n", java, std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <java> <classpath> <libwpojni.so>\n", argv[0]);
        return 2;
    }
    int failed = 0;
    {
        constexpr int kOthers = 500;
        HelperPopulation population;
        if (!population.start(kOthers, 1)) {
            std::fprintf(stderr, "cannot start the helper processes: %s\n", std::strerror(errno));
            return 1;
        }
        std::printf("# %d other processes running; %ld threads on the machine\n", kOthers, machine_threads());
        failed |= run_java(argv[1], argv[2], argv[3], "sampler");
    }
    {
        constexpr int kThreads = 3000;
        const long before = machine_threads();
        HelperPopulation population;
        if (!population.start(1, kThreads)) {
            std::fprintf(stderr, "cannot start the helper process: %s\n", std::strerror(errno));
            return 1;
        }
        // Its threads start on their own: wait until the machine counts them.
        for (int i = 0; i < 200 && machine_threads() < before + kThreads; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::printf("# one other process of %d threads; %ld threads on the machine\n", kThreads, machine_threads());
        failed |= run_java(argv[1], argv[2], argv[3], "threadcpu");
    }
    return failed;
}
