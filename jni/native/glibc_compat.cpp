// SPDX-License-Identifier: Apache-2.0
// Keeps libwpojni.so loadable on glibc 2.17 (docs/java.md, "Where the library loads").
//
// The library is built against a recent glibc, with libstdc++ and libgcc linked
// in. Left alone, the link binds their calls to the newest version of each glibc
// function (pthread_once@GLIBC_2.34, fstat@GLIBC_2.33, ...), and an older glibc
// then refuses to load the library. The link wraps those functions
// (-Wl,--wrap=NAME in jni/CMakeLists.txt: every call to NAME, from any object or
// archive member, goes to __wrap_NAME); the wrappers below do the same work with
// what glibc 2.17 already had: the same function under its first version, a
// system call, or a few lines of their own. Nothing here is on a sampling path.
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define WPO_GLIBC_FIRST "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define WPO_GLIBC_FIRST "GLIBC_2.17"
#else
#error "glibc_compat.cpp knows the first glibc symbol version of x86_64 and aarch64 only"
#endif

// The first version of each: the one glibc 2.17 has (in libpthread then; libjvm loads it into every JVM).
__asm__(".symver pthread_once,pthread_once@" WPO_GLIBC_FIRST);
__asm__(".symver pthread_key_create,pthread_key_create@" WPO_GLIBC_FIRST);
__asm__(".symver pthread_getspecific,pthread_getspecific@" WPO_GLIBC_FIRST);
__asm__(".symver pthread_setspecific,pthread_setspecific@" WPO_GLIBC_FIRST);
// std::thread (the test hook that collects on a thread the JVM does not know) creates, joins and detaches.
__asm__(".symver pthread_create,pthread_create@" WPO_GLIBC_FIRST);
__asm__(".symver pthread_join,pthread_join@" WPO_GLIBC_FIRST);
__asm__(".symver pthread_detach,pthread_detach@" WPO_GLIBC_FIRST);

// NOLINTBEGIN: the names and signatures are glibc's and the linker's.
extern "C" {

// libstdc++ 12 reads glibc's __libc_single_threaded (new in 2.32) to skip atomic
// reference counting while a process has one thread. This definition takes the
// place of glibc's variable. It stays 0 ("maybe several threads"), the only true
// answer inside a JVM: every count is then updated atomically, as before 2.32.
__attribute__((visibility("hidden"))) char __libc_single_threaded = 0;

int __wrap_pthread_once(pthread_once_t* once, void (*init)())
{
    return pthread_once(once, init);
}

int __wrap___pthread_key_create(pthread_key_t* key, void (*destructor)(void*))
{
    return pthread_key_create(key, destructor);
}

int __wrap_pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*), void* arg)
{
    return pthread_create(thread, attr, start, arg);
}

int __wrap_pthread_join(pthread_t thread, void** result)
{
    return pthread_join(thread, result);
}

int __wrap_pthread_detach(pthread_t thread)
{
    return pthread_detach(thread);
}

// fstat and fstatat became functions of their own in glibc 2.33 (before, an
// inline call of __fxstat). struct stat is the kernel's on x86_64 and aarch64.
int __wrap_fstat(int fd, struct stat* st)
{
    return static_cast<int>(syscall(SYS_fstat, fd, st));
}

int __wrap_fstatat(int dirfd, const char* path, struct stat* st, int flags)
{
    return static_cast<int>(syscall(SYS_newfstatat, dirfd, path, st, flags));
}

// stat, lstat and fstat64 likewise (2.33): named by libstdc++'s std::filesystem
// and file streams, which the recording reader uses for a file's size. On
// x86_64 and aarch64 struct stat64 is struct stat.
int __wrap_stat(const char* path, struct stat* st)
{
    return static_cast<int>(syscall(SYS_newfstatat, AT_FDCWD, path, st, 0));
}

int __wrap_lstat(const char* path, struct stat* st)
{
    return static_cast<int>(syscall(SYS_newfstatat, AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW));
}

int __wrap_fstat64(int fd, struct stat* st)
{
    return static_cast<int>(syscall(SYS_fstat, fd, st));
}

// std::random_device (in libstdc++ beside the string code, never used by the
// library) names getentropy (2.25) and arc4random (2.36): the system call.
int __wrap_getentropy(void* buffer, std::size_t length)
{
    if (length > 256) {
        errno = EIO;
        return -1;
    }
    auto* p = static_cast<unsigned char*>(buffer);
    while (length > 0) {
        const long n = syscall(SYS_getrandom, p, length, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        length -= static_cast<std::size_t>(n);
    }
    return 0;
}

std::uint32_t __wrap_arc4random()
{
    std::uint32_t value = 0;
    if (__wrap_getentropy(&value, sizeof value) != 0)
        std::abort();  // glibc's arc4random aborts too when the kernel has no randomness to give
    return value;
}

// The unwinder in libgcc (GCC 12) finds a frame's unwind table with
// _dl_find_object (2.35); the same answer from dl_iterate_phdr, which it used before.
namespace {
struct FindObject {
    std::uintptr_t pc;
    dl_find_object* result;
    bool found;
};

int find_object(dl_phdr_info* info, std::size_t, void* data)
{
    auto* find = static_cast<FindObject*>(data);
    std::uintptr_t low = UINTPTR_MAX;
    std::uintptr_t high = 0;
    bool contains = false;
    const void* eh_frame = nullptr;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const auto& ph = info->dlpi_phdr[i];
        const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
        if (ph.p_type == PT_LOAD) {
            const std::uintptr_t end = start + ph.p_memsz;
            low = start < low ? start : low;
            high = end > high ? end : high;
            contains = contains || (find->pc >= start && find->pc < end);
        } else if (ph.p_type == PT_GNU_EH_FRAME) {
            eh_frame = reinterpret_cast<const void*>(start);
        }
    }
    if (!contains)
        return 0;
    std::memset(find->result, 0, sizeof *find->result);
    find->result->dlfo_map_start = reinterpret_cast<void*>(low);
    find->result->dlfo_map_end = reinterpret_cast<void*>(high);
    find->result->dlfo_eh_frame = const_cast<void*>(eh_frame);
    find->found = true;
    return 1;
}
}  // namespace

int __wrap__dl_find_object(void* pc, dl_find_object* result)
{
    FindObject find{reinterpret_cast<std::uintptr_t>(pc), result, false};
    dl_iterate_phdr(find_object, &find);
    return find.found ? 0 : -1;
}

// Destructors of thread_local objects: glibc has run them since 2.18
// (__cxa_thread_atexit_impl); before, libstdc++ kept a list per thread behind a
// pthread key, as here. The library is linked -z nodelete, so its code is still
// there when a thread ends after the JVM has let go of the library.
namespace {
struct ThreadDestructor {
    void (*function)(void*);
    void* object;
    ThreadDestructor* next;
};

pthread_key_t g_destructors_key;
pthread_once_t g_destructors_once = PTHREAD_ONCE_INIT;
bool g_destructors_ready = false;

void run_destructors(void* list)
{
    // Newest first, the reverse of construction. A destructor that constructs another
    // thread_local starts a new list, which pthread runs in a further round.
    for (auto* d = static_cast<ThreadDestructor*>(list); d != nullptr;) {
        ThreadDestructor* next = d->next;
        d->function(d->object);
        std::free(d);
        d = next;
    }
}

void make_destructors_key()
{
    g_destructors_ready = pthread_key_create(&g_destructors_key, run_destructors) == 0;
}
}  // namespace

int __wrap___cxa_thread_atexit_impl(void (*function)(void*), void* object, void*)
{
    pthread_once(&g_destructors_once, make_destructors_key);
    if (!g_destructors_ready)
        return -1;
    auto* d = static_cast<ThreadDestructor*>(std::malloc(sizeof(ThreadDestructor)));
    if (d == nullptr)
        return -1;
    *d = {function, object, static_cast<ThreadDestructor*>(pthread_getspecific(g_destructors_key))};
    if (pthread_setspecific(g_destructors_key, d) != 0) {
        std::free(d);
        return -1;
    }
    return 0;
}

}  // extern "C"
// NOLINTEND
