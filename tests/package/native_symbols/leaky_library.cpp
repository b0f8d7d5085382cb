// SPDX-License-Identifier: Apache-2.0
// A library built the way libwpojni.so must not be: against the system's
// libstdc++, with a C++ symbol exported, calling a function whose glibc version
// is newer than 2.17. native_symbols_selftest.sh checks that the audit names each.
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>

std::string leaky_name(int n)
{
    return "leaky " + std::to_string(n);
}

extern "C" __attribute__((visibility("default"))) int JNI_OnLoad(void*, void*)
{
    struct stat st {};
    const int fd = shm_open("/leaky", O_RDONLY, 0);  // shm_open@GLIBC_2.34 on a recent glibc
    return fd >= 0 && fstat(fd, &st) == 0 ? 0 : static_cast<int>(leaky_name(fd).size());
}
