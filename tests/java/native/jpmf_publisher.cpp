// SPDX-License-Identifier: Apache-2.0
// Publishes one object with known integer values for the JPMF tests, then
// waits until its standard input closes (the test's way to stop it):
//
//   perfscope_jpmf_publisher OBJECT_NAME
//
// "Big" (raw64) = 2^53 + 1, "Mid" (raw64) = 2^32 + 5, "Wide" (raw32) =
// 2^32 - 5: values a double or a Java int cannot hold. Prints "ready" once
// the values are set.
#include "publisher.h"

#include "published/definition.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: perfscope_jpmf_publisher OBJECT_NAME\n");
        return 2;
    }
    const std::string object = argv[1];
    const std::string text = "publisher = PerfscopeJpmfTest" + std::to_string(getpid()) +
                             "\n[object]\nname = " + object +
                             "\nhelp = Values for the JPMF tests.\n"
                             "[counter]\nname = Big\nhelp = Two to the 53rd plus one.\ntype = raw64\n"
                             "[counter]\nname = Mid\nhelp = Two to the 32nd plus five.\ntype = raw64\n"
                             "[counter]\nname = Wide\nhelp = Two to the 32nd minus five.\ntype = raw32\n";
    auto definition = wpo::published::parse_definition(text);
    if (!definition) {
        std::fprintf(stderr, "perfscope_jpmf_publisher: %s\n", definition.error().describe().c_str());
        return 1;
    }
    auto started = wpo::publish::Publisher::start(std::move(*definition));
    if (!started) {
        std::fprintf(stderr, "perfscope_jpmf_publisher: %s\n", started.error().describe().c_str());
        return 1;
    }
    auto& pub = **started;
    const auto values = pub.values(*pub.find_object(object));
    values.counter(0).set((std::uint64_t{1} << 53) + 1);
    values.counter(1).set((std::uint64_t{1} << 32) + 5);
    values.counter(2).set((std::uint64_t{1} << 32) - 5);
    std::printf("ready\n");
    std::fflush(stdout);
    char buffer[64];
    while (read(0, buffer, sizeof buffer) > 0) {}
    return 0;
}
