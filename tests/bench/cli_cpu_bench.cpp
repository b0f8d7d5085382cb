// SPDX-License-Identifier: Apache-2.0
// CPU cost of `perfscope-cli query` at a 1 s interval, sampling the key
// counters the README's run command shows: the child's user + system time
// (getrusage of the waited child) over its wall time.
#include <chrono>
#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: cli_cpu_bench PATH-TO-perfscope-cli [SAMPLES]\n");
        return 2;
    }
    const std::string samples = argc > 2 ? argv[2] : "10";
    std::vector<std::string> args = {argv[1],
                                     "query",
                                     "-si",
                                     "1",
                                     "-sc",
                                     samples,
                                     "\\Processor(_Total)\\% Processor Time",
                                     "\\Memory\\Available Bytes",
                                     "\\Memory\\% Committed Bytes In Use",
                                     "\\System\\Processes",
                                     "\\System\\Context Switches/sec",
                                     "\\PhysicalDisk(_Total)\\% Disk Time",
                                     "\\Network Interface(*)\\Bytes Total/sec"};
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        std::vector<char*> argv_c;
        for (auto& a : args)
            argv_c.push_back(a.data());
        argv_c.push_back(nullptr);
        execv(argv_c[0], argv_c.data());
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "perfscope-cli failed (status %d)\n", status);
        return 1;
    }
    const double cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    std::printf("RESULT cli_cpu_seconds %.4f s\n", cpu);
    std::printf("RESULT cli_wall_seconds %.3f s\n", wall);
    std::printf("RESULT cli_cpu_percent_1s %.3f %%\n", 100.0 * cpu / wall);
    return 0;
}
