// SPDX-License-Identifier: Apache-2.0
// Lists directories with getdents64 into one reused buffer. opendir() would
// allocate a DIR and its buffer for every /proc/[pid]/task we list; this
// allocates once per source.
#pragma once

#include "sources/procfs/unique_fd.h"

#include <cstddef>
#include <cstring>
#include <dirent.h>
#include <string_view>
#include <vector>

namespace wpo::procfs {

class DirReader {
public:
    DirReader() : m_buffer(32 * 1024) {}

    // Calls fn(name) for every entry of the open directory `fd` except "."
    // and ".."; false if it cannot be read. Reads from the current position.
    template <class Fn>
    bool for_each(int fd, Fn&& fn)
    {
        return for_each_procfs(fd, fn, [] { return false; });
    }

    // The same for the directory `path` under `dir_fd`.
    template <class Fn>
    bool for_each(int dir_fd, const char* path, Fn&& fn)
    {
        const UniqueFd fd = open_dir(dir_fd, path);
        return fd.valid() && for_each(fd.get(), fn);
    }

    // for_each(fd, fn) for a directory of procfs, without the last read that only
    // finds the end when a read left room for another entry of a numeric
    // name and complete() says the entries so far are all: procfs fills the
    // buffer while entries come, but a pending signal may end a read early,
    // so the caller checks what it got (a count it knows from elsewhere).
    template <class Fn, class Complete>
    bool for_each_procfs(int fd, Fn&& fn, Complete&& complete)
    {
        for (;;) {
            const long n = read_entries(fd);
            if (n < 0)
                return false;
            if (n == 0)
                return true;
            if (!for_each_entry(n, fn))
                return false;
            if (static_cast<std::size_t>(n) + kNumericEntryBytes <= m_buffer.size() && complete())
                return true;
        }
    }

private:
    // The largest record of a name of up to 10 digits (a pid or tid):
    // the header, the name, its NUL, rounded up to 8 bytes.
    static constexpr std::size_t kNumericEntryBytes = (offsetof(struct dirent64, d_name) + 11 + 7) / 8 * 8;

    // fn(name) for the entries of the first n bytes of the buffer; false if
    // a record is malformed.
    template <class Fn>
    bool for_each_entry(long n, Fn& fn)
    {
        for (long at = 0; at < n;) {
            const char* entry = m_buffer.data() + at;
            unsigned short reclen;
            std::memcpy(&reclen, entry + offsetof(struct dirent64, d_reclen), sizeof reclen);
            if (reclen == 0)
                return false;
            const char* name = entry + offsetof(struct dirent64, d_name);
            const std::string_view view(name, ::strnlen(name, reclen - offsetof(struct dirent64, d_name)));
            if (view != "." && view != "..")
                fn(view);
            at += reclen;
        }
        return true;
    }

    long read_entries(int fd);
    static UniqueFd open_dir(int dir_fd, const char* path);

    std::vector<char> m_buffer;
};

}  // namespace wpo::procfs
