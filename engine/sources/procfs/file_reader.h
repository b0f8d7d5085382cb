// SPDX-License-Identifier: Apache-2.0
// Reads small files (/proc, /sys) whole into one reused buffer: one openat,
// a few reads, one close, and no allocation once the buffer has grown to the
// largest file seen.
#pragma once

#include "sources/procfs/unique_fd.h"

#include <optional>
#include <string_view>
#include <vector>

namespace wpo::procfs {

class FileReader {
public:
    FileReader();

    // The whole file at `path`, relative to the directory `dir_fd` (or
    // absolute), or nullopt if it cannot be opened or read (errno tells why).
    // The view stays valid until the next read().
    std::optional<std::string_view> read(int dir_fd, const char* path);

    // The whole file behind the open descriptor `fd`, read with pread from
    // offset 0 (a /proc file generates its text afresh at offset 0), or
    // nullopt on an error: ESRCH when the task behind a /proc handle is gone.
    // A read that does not fill the buffer ends it: for the single-record
    // files of a task (and regular files) that is the whole file.
    std::optional<std::string_view> read_at(int fd);

private:
    std::optional<std::string_view> read_all(int fd, bool positional);

    std::vector<char> m_buffer;
};

// Opens the directory `path` under `dir_fd`; invalid on failure.
UniqueFd open_directory(int dir_fd, const char* path);

}  // namespace wpo::procfs
