// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/dir_reader.h"

#include "sources/procfs/file_reader.h"

#include <cerrno>
#include <sys/syscall.h>
#include <unistd.h>

namespace wpo::procfs {

long DirReader::read_entries(int fd)
{
    long n;
    do
        n = ::syscall(SYS_getdents64, fd, m_buffer.data(), m_buffer.size());
    while (n < 0 && errno == EINTR);
    return n;
}

UniqueFd DirReader::open_dir(int dir_fd, const char* path)
{
    return open_directory(dir_fd, path);
}

}  // namespace wpo::procfs
