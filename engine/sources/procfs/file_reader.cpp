#include "sources/procfs/file_reader.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace wpo::procfs {

FileReader::FileReader() : m_buffer(16 * 1024) {}

std::optional<std::string_view> FileReader::read(int dir_fd, const char* path)
{
    int fd;
    do
        fd = ::openat(dir_fd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return std::nullopt;
    UniqueFd owner(fd);
    std::size_t length = 0;
    for (;;) {
        if (length == m_buffer.size())
            m_buffer.resize(m_buffer.size() * 2);
        const ssize_t n = ::read(fd, m_buffer.data() + length, m_buffer.size() - length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return std::nullopt;
        }
        if (n == 0)
            break;
        length += static_cast<std::size_t>(n);
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
