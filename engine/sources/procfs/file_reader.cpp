// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/file_reader.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace wpo::procfs {

FileReader::FileReader() : m_buffer(16 * 1024)
{}

std::optional<std::string_view> FileReader::read(int dir_fd, const char* path)
{
    int fd;
    do
        fd = ::openat(dir_fd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return std::nullopt;
    UniqueFd owner(fd);
    return read_all(fd, false);
}

std::optional<std::string_view> FileReader::read_at(int fd)
{
    return read_all(fd, true);
}

std::optional<std::string_view> FileReader::read_all(int fd, bool positional)
{
    std::size_t length = 0;
    for (;;) {
        if (length == m_buffer.size())
            m_buffer.resize(m_buffer.size() * 2);
        char* at = m_buffer.data() + length;
        const std::size_t room = m_buffer.size() - length;
        const ssize_t n = positional ? ::pread(fd, at, room, static_cast<off_t>(length)) : ::read(fd, at, room);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return std::nullopt;
        }
        if (n == 0)
            break;
        length += static_cast<std::size_t>(n);
        // The files kept open (stat, status, io, schedstat of a task) are one
        // seq_file record each: a read that did not fill the buffer had it
        // all, and a second one only to see end of file is a system call
        // per file for nothing.
        if (positional && static_cast<std::size_t>(n) < room)
            break;
    }
    return std::string_view(m_buffer.data(), length);
}

UniqueFd open_directory(int dir_fd, const char* path)
{
    int fd;
    do
        fd = ::openat(dir_fd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    return UniqueFd(fd);
}

}  // namespace wpo::procfs
