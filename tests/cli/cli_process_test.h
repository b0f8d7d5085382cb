// SPDX-License-Identifier: Apache-2.0
// A test fixture that runs the real perfscope-cli (PERFSCOPE_CLI, set by
// CMake) as a child process with stdout and stderr in files of its own
// temporary directory, as a user's shell would.
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace perfscope::tests {

struct CliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

inline std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class CliProcessTest : public ::testing::Test {
protected:
    std::filesystem::path dir;  // empty per test, removed after it

    void SetUp() override
    {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        dir = std::filesystem::temp_directory_path() / ("perfscope-cli-" + std::string(test->test_suite_name()) + "-" +
                                                        std::to_string(getpid()) + "-" + test->name());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }

    // Starts perfscope-cli with `args`, its output into dir/out and dir/err.
    pid_t spawn(const std::vector<std::string>& args)
    {
        const pid_t pid = fork();
        if (pid == 0) {
            const int out = open((dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int err = open((dir / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(out, 1);
            dup2(err, 2);
            std::vector<char*> argv{const_cast<char*>(PERFSCOPE_CLI)};
            for (const auto& a : args)
                argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(PERFSCOPE_CLI, argv.data());
            _exit(127);
        }
        return pid;
    }
    // Waits for it: the exit code (128 + the signal when killed) and its output.
    CliRun finish(pid_t pid)
    {
        int status = 0;
        waitpid(pid, &status, 0);
        CliRun r;
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        r.out = slurp(dir / "out");
        r.err = slurp(dir / "err");
        return r;
    }
    CliRun run(const std::vector<std::string>& args) { return finish(spawn(args)); }
};

}  // namespace perfscope::tests
