// SPDX-License-Identifier: Apache-2.0
// SharedMapping on Linux: POSIX shared memory objects.
#include "published/segment_layout.h"
#include "published/shared_mapping.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wpo::published {

namespace {

// A name under /dev/shm is a POSIX shared memory object. glibc's shm_open and
// shm_unlink are open(2) and unlink(2) there with the flags below; calling those
// directly keeps the JNI library free of shm_open@GLIBC_2.34 (docs/java.md).
int open_name(const std::string& name, int flags, mode_t mode)
{
    return ::open(name.c_str(), flags | O_CLOEXEC | O_NOFOLLOW, mode);
}

Error errno_error(int error, const std::string& what, const std::string& name)
{
    const Errc errc = error == EACCES || error == EPERM ? Errc::permission_denied
                      : error == ENOENT                 ? Errc::not_found
                      : error == EEXIST                 ? Errc::busy
                                                        : Errc::io_error;
    return Error(errc, what + " " + name + ": " + std::strerror(error));
}

}  // namespace

void SharedMapping::reset()
{
    if (m_data)
        munmap(m_data, m_size);
    m_data = nullptr;
    m_size = 0;
}

Result<SharedMapping> SharedMapping::create(const std::string& name, std::size_t size)
{
    // 0644: other users (a monitor run by someone else) may read, not write.
    const int fd = open_name(name, O_RDWR | O_CREAT | O_EXCL, 0644);
    if (fd < 0)
        return errno_error(errno, "cannot create the shared memory object", name);
    if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
        const int error = errno;
        ::close(fd);
        (void)remove(name);
        return errno_error(error, "cannot size the shared memory object", name);
    }
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    const int error = errno;
    ::close(fd);
    if (p == MAP_FAILED) {
        (void)remove(name);
        return errno_error(error, "cannot map", name);
    }
    SharedMapping m;
    m.m_data = static_cast<std::byte*>(p);
    m.m_size = size;
    return m;
}

Result<SharedMapping> SharedMapping::open_or_create(const std::string& name, std::size_t size)
{
    auto created = create(name, size);
    if (created || created.error().code() != Errc::busy)
        return created;
    return open(name, true);
}

Result<SharedMapping> SharedMapping::open(const std::string& name, bool writable)
{
    const int fd = open_name(name, writable ? O_RDWR : O_RDONLY, 0);
    if (fd < 0)
        return errno_error(errno, "cannot open the shared memory object", name);
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Error(Errc::invalid_argument, name + " is not a shared memory object");
    }
    if (st.st_size <= 0 || static_cast<std::uint64_t>(st.st_size) > layout::kMaxSegmentSize) {
        ::close(fd);
        return Error(Errc::too_large, name + ": size " + std::to_string(st.st_size) + " out of range");
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    void* p = mmap(nullptr, size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
    const int error = errno;
    ::close(fd);
    if (p == MAP_FAILED)
        return errno_error(error, "cannot map", name);
    SharedMapping m;
    m.m_data = static_cast<std::byte*>(p);
    m.m_size = size;
    return m;
}

Status SharedMapping::remove(const std::string& name)
{
    const int rc = ::unlink(name.c_str());
    if (rc != 0)
        return errno_error(errno, "cannot remove", name);
    return {};
}

bool process_alive(std::uint32_t pid)
{
    if (pid == 0 || pid > 0x7FFFFFFF)
        return false;
    return kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

std::uint32_t current_pid()
{
    return static_cast<std::uint32_t>(getpid());
}

}  // namespace wpo::published
