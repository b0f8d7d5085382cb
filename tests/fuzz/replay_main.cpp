// SPDX-License-Identifier: Apache-2.0
// A libFuzzer-compatible driver for any compiler: runs every file named on
// the command line (directories recursively, in name order) through
// LLVMFuzzerTestOneInput once. The seed corpora thereby become regression
// tests in every build, including g++, ASan and MinGW under Wine.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <corpus dir or file>...\n", argv[0]);
        return 2;
    }
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg(argv[i]);
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            for (const auto& entry : fs::recursive_directory_iterator(arg, ec))
                if (entry.is_regular_file())
                    inputs.push_back(entry.path());
        } else if (fs::is_regular_file(arg, ec)) {
            inputs.push_back(arg);
        } else {
            std::fprintf(stderr, "%s: no such file or directory\n", argv[i]);
            return 2;
        }
    }
    std::sort(inputs.begin(), inputs.end());
    if (inputs.empty()) {
        std::fprintf(stderr, "no inputs found: an empty corpus proves nothing\n");
        return 1;
    }
    std::size_t bytes = 0;
    for (const fs::path& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "%s: cannot read\n", path.string().c_str());
            return 2;
        }
        // Exactly sized, so ASan sees a read one byte past the input.
        const std::vector<char> text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::vector<std::uint8_t> data(text.begin(), text.end());
        std::printf("%s (%zu bytes)\n", path.filename().string().c_str(), data.size());
        std::fflush(stdout);  // a crash then names its input
        LLVMFuzzerTestOneInput(data.data(), data.size());
        bytes += data.size();
    }
    std::printf("ran %zu inputs, %zu bytes: no crash\n", inputs.size(), bytes);
    return 0;
}
