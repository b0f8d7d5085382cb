// SPDX-License-Identifier: Apache-2.0
// org.perfscope.wpo.Machine below JNI: which names are this machine, and a machine bridge over the build's
// perfscope-cli serve: one bridge per machine however often it is connected, its samplers' values, an
// unreachable agent's error.
#include "native/machine_bridge.h"
#include "loopback_port.h"
#include "serve_process.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

namespace perfscope::jni {
namespace {

TEST(MachineBridge, ThisMachineIsNamedWithoutAPort)
{
    EXPECT_TRUE(MachineBridge::is_this_machine(""));
    EXPECT_TRUE(MachineBridge::is_this_machine("LocalHost"));
    char name[256] = {};
    ASSERT_EQ(gethostname(name, sizeof name - 1), 0);
    EXPECT_TRUE(MachineBridge::is_this_machine(name));
    EXPECT_FALSE(MachineBridge::is_this_machine(std::string(name) + ":9654"));
    EXPECT_FALSE(MachineBridge::is_this_machine("localhost:9654"));
    EXPECT_FALSE(MachineBridge::is_this_machine("ssh://localhost"));
}

double mem_available()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    double kb = 0;
    std::string unit;
    while (in >> key >> kb >> unit)
        if (key == "MemAvailable:")
            return kb * 1024;
    return -1;
}

TEST(MachineBridge, OneBridgePerMachineWhoseSamplersReadTheAgent)
{
    serve_testing::ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    const std::string machine = "127.0.0.1:" + std::to_string(agent.port());
    auto first = MachineBridge::connect(machine);
    ASSERT_TRUE(first) << first.error().message();
    auto again = MachineBridge::connect(machine);
    ASSERT_TRUE(again);
    EXPECT_EQ(first->get(), again->get()) << "one source and cache per machine";

    Bridge& bridge = (*first)->bridge();
    std::string message;
    const std::vector<std::string> paths{"\\Memory\\Available Bytes"};
    const int a = bridge.open_sampler(paths, message);
    ASSERT_GT(a, 0) << message;
    const double before = mem_available();
    std::vector<double> values(1);
    PathSampler::Sample sample;
    ASSERT_GE(bridge.sampler_sample(a, values, sample, message), code::anomaly) << message;
    const double after = mem_available();
    // Other processes allocate and free between the reads: 64 MiB around the two /proc reads.
    EXPECT_GE(values[0], std::min(before, after) - 64.0 * 1024 * 1024);
    EXPECT_LE(values[0], std::max(before, after) + 64.0 * 1024 * 1024);
    EXPECT_EQ(bridge.close_sampler(a), code::ok);
}

TEST(MachineBridge, AnAgentThatIsNotThereIsAnIoErrorNamingItsAddress)
{
    const int port = perfscope::tests::unused_loopback_port();  // never listened: refused
    ASSERT_GT(port, 0);
    const std::string machine = "127.0.0.1:" + std::to_string(port);
    auto connected = MachineBridge::connect(machine);
    ASSERT_FALSE(connected);
    EXPECT_EQ(connected.error().code(), wpo::Errc::io_error);
    EXPECT_NE(connected.error().message().find(machine), std::string::npos) << connected.error().message();
}

}  // namespace
}  // namespace perfscope::jni
