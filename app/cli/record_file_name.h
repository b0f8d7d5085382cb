// SPDX-License-Identifier: Apache-2.0
// record --new-file-every: each file is named after the -o name and the UTC
// time it starts, `today.psrec` giving `today-20261126-071500.psrec` (no
// extension: `.psrec` is added), so the names sort in time order.
#pragma once

#include <chrono>
#include <string>

namespace perfscope::cli {

std::string timestamped_file_name(const std::string& base, std::chrono::system_clock::time_point start);

}  // namespace perfscope::cli
