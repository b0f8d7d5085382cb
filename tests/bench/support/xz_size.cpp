// SPDX-License-Identifier: Apache-2.0
#include "support/xz_size.h"

#include <cstdio>
#include <string>

namespace perfscope::bench {

std::uint64_t xz9_bytes(const std::filesystem::path& file)
{
    const std::string command = "xz -9 -c '" + file.string() + "' | wc -c";
    std::FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        return 0;
    unsigned long long bytes = 0;
    if (std::fscanf(pipe, "%llu", &bytes) != 1)
        bytes = 0;
    pclose(pipe);
    return bytes;
}

}  // namespace perfscope::bench
