// SPDX-License-Identifier: Apache-2.0
// Publishes one raw counter through the C++ API, as an application would:
//   publish_cxx NAME VALUE FLAG
// Object "NAME", counter "Value" = VALUE; prints "ready" once published and
// keeps publishing while the file FLAG exists (at most 30 s).
#include "publisher.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

int main(int argc, char** argv)
{
    if (argc != 4)
        return 2;
    const std::string name = argv[1];
    const std::uint64_t value = std::strtoull(argv[2], nullptr, 10);
    const std::string text = "publisher = " + std::string("pkgcxx") + std::to_string(value) +
                             "\n[object]\nname = " + name +
                             "\nhelp = Package test (C++).\n"
                             "[counter]\nname = Value\nhelp = The value the test chose.\ntype = raw32\n";
    auto definition = wpo::published::parse_definition(text);
    if (!definition) {
        std::fprintf(stderr, "publish_cxx: %s\n", definition.error().describe().c_str());
        return 1;
    }
    auto started = wpo::publish::Publisher::start(std::move(*definition));
    if (!started) {
        std::fprintf(stderr, "publish_cxx: %s\n", started.error().describe().c_str());
        return 1;
    }
    auto& pub = **started;
    pub.values(*pub.find_object(name)).counter(0).set(value);
    std::printf("ready\n");
    std::fflush(stdout);
    for (int i = 0; i < 600 && std::filesystem::exists(argv[3]); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return 0;
}
