// SPDX-License-Identifier: Apache-2.0
// The threads the procfs source reports for a process, against task/ listed
// the plain way: a process of one thread (whose listing the source spares),
// one that starts a thread between two collections, one whose leader has
// exited while another thread runs (listed, though not counted), and one with
// more threads than one directory read returns.
#include "procfs_test_util.h"

#include "sources/procfs/linux_indices.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <pthread.h>
#include <string>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace wpo {
namespace {

namespace ix = procfs_index;

void* block_forever(void*)
{
    for (;;)
        pause();
}

// A thread with a small stack, so that a child can start a thousand of them.
bool start_thread()
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    pthread_t thread;
    const bool ok = pthread_create(&thread, &attr, block_forever, nullptr) == 0;
    pthread_attr_destroy(&attr);
    return ok;
}

// A forked child driven through a pipe: each byte 't' starts a thread, 'x'
// ends the leader alone (its own exit, the process goes on with its other
// threads); each command is answered with one byte once done.
class Child {
public:
    explicit Child(int threads = 0)
    {
        int to_child[2], from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0)
            return;
        m_pid = fork();
        if (m_pid == 0) {
            close(to_child[1]);
            close(from_child[0]);
            run(to_child[0], from_child[1], threads);
        }
        close(to_child[0]);
        close(from_child[1]);
        m_to = to_child[1];
        m_from = from_child[0];
        char ready = 0;
        if (read(m_from, &ready, 1) != 1)
            m_pid = -1;
    }
    ~Child()
    {
        if (m_pid > 0) {
            kill(m_pid, SIGKILL);
            waitpid(m_pid, nullptr, 0);
        }
        close(m_to);
        close(m_from);
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return m_pid; }
    bool command(char c)
    {
        char done = 0;
        return write(m_to, &c, 1) == 1 && read(m_from, &done, 1) == 1 && done == c;
    }

private:
    [[noreturn]] static void run(int in, int out, int threads)
    {
        bool ok = true;
        for (int i = 0; i < threads && ok; ++i)
            ok = start_thread();
        char c = ok ? 'r' : 'f';
        if (write(out, &c, 1) != 1 || !ok)
            _exit(1);
        while (read(in, &c, 1) == 1) {
            if (c == 't' && !start_thread())
                c = 'f';
            if (c == 'x') {
                // The reply first: a leader that has exited writes nothing more. The system call ends this
                // thread alone and unwinds nothing (pthread_exit would unwind into the test framework's
                // frames inherited from the parent).
                (void)!write(out, &c, 1);
                syscall(SYS_exit, 0);
            }
            if (write(out, &c, 1) != 1)
                break;
        }
        _exit(0);
    }

    pid_t m_pid = -1;
    int m_to = -1, m_from = -1;
};

// The tids of task/ of `pid`, ascending.
std::vector<std::uint64_t> listed_tids(pid_t pid)
{
    std::vector<std::uint64_t> tids;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec))
        tids.push_back(std::stoull(entry.path().filename().string()));
    std::sort(tids.begin(), tids.end());
    return tids;
}

// The tids the source reports for `pid` in one collection of Thread, ascending.
std::vector<std::uint64_t> reported_tids(Source& source, pid_t pid)
{
    std::vector<std::byte> buffer;
    const BlockView block = test::collect_block(source, std::to_string(ix::kThread), buffer);
    std::vector<std::uint64_t> tids;
    const auto thread = block.find_object(ix::kThread);
    if (!thread)
        return tids;
    for (const InstanceView& t : thread->instances())
        if (test::raw(*thread, t, ix::kIdProcess) == static_cast<std::uint64_t>(pid))
            tids.push_back(test::raw(*thread, t, ix::kIdThread));
    std::sort(tids.begin(), tids.end());
    return tids;
}

// The state letter of /proc/<pid>/stat.
char state(pid_t pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() ? text[close + 2] : '?';
}

TEST(ProcfsThreadListing, OneThreadThenTwo)
{
    Child child;
    ASSERT_GT(child.pid(), 0);
    ProcfsSource source;
    // The leader alone natively; under an emulator (qemu-user) the process also runs the emulator's own threads.
    const std::vector<std::uint64_t> alone = listed_tids(child.pid());
    ASSERT_FALSE(alone.empty());
    EXPECT_EQ(alone.front(), static_cast<std::uint64_t>(child.pid()));
    EXPECT_EQ(reported_tids(source, child.pid()), alone);
    EXPECT_EQ(reported_tids(source, child.pid()), alone);  // through the kept handles
    ASSERT_TRUE(child.command('t'));
    const std::vector<std::uint64_t> two = listed_tids(child.pid());
    ASSERT_EQ(two.size(), alone.size() + 1);
    EXPECT_EQ(reported_tids(source, child.pid()), two);
    EXPECT_EQ(reported_tids(source, child.pid()), two);
}

TEST(ProcfsThreadListing, LeaderExitedWhileAnotherThreadRuns)
{
    Child child(1);
    ASSERT_GT(child.pid(), 0);
    ProcfsSource source;
    const std::vector<std::uint64_t> before = listed_tids(child.pid());  // 2, and an emulator's threads
    ASSERT_GE(before.size(), 2u);
    ASSERT_EQ(reported_tids(source, child.pid()), before);
    ASSERT_TRUE(child.command('x'));
    // The leader is a zombie once it has gone; the other thread runs on.
    for (int i = 0; i < 200 && state(child.pid()) != 'Z'; ++i)
        usleep(5000);
    ASSERT_EQ(state(child.pid()), 'Z');
    const std::vector<std::uint64_t> listed = listed_tids(child.pid());
    ASSERT_EQ(listed, before);  // the zombie leader is listed still
    EXPECT_EQ(reported_tids(source, child.pid()), listed);
    ProcfsSource fresh;
    EXPECT_EQ(reported_tids(fresh, child.pid()), listed);
}

TEST(ProcfsThreadListing, MoreThreadsThanOneDirectoryRead)
{
    // The source lists directories 32 KiB at a time, 32 bytes or less a tid: 1,100 threads need two reads.
    Child child(1099);
    ASSERT_GT(child.pid(), 0);
    ProcfsSource source;
    const std::vector<std::uint64_t> listed = listed_tids(child.pid());
    ASSERT_GE(listed.size(), 1100u);  // and an emulator's threads
    EXPECT_EQ(reported_tids(source, child.pid()), listed);
    EXPECT_EQ(reported_tids(source, child.pid()), listed);
}

}  // namespace
}  // namespace wpo
