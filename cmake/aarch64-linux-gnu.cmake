# SPDX-License-Identifier: Apache-2.0
# Toolchain for the Linux arm64 build (preset `aarch64`): Debian's cross
# compiler g++-aarch64-linux-gnu, tests run under qemu-user (docs/java.md,
# "Where the library loads"). It makes the aarch64 libwpojni.so for the jar and
# runs the engine's tests on that architecture.
#
# - The engine, the CLI and the JNI library; no desktop app (no arm64 Qt here)
#   and no Java classes (the jar is built once, by the x86_64 build).
# - jni.h comes from the build machine's JDK: jni.h and the Linux jni_md.h are
#   the same for every Linux architecture.
# - ctest runs each test program through qemu-aarch64, with the arm64 glibc and
#   libstdc++ of Debian's cross packages (/usr/aarch64-linux-gnu) as its root.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(PERFSCOPE_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${PERFSCOPE_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${PERFSCOPE_CROSS_TRIPLE}-g++)
set(CMAKE_LIBRARY_ARCHITECTURE ${PERFSCOPE_CROSS_TRIPLE})

set(CMAKE_FIND_ROOT_PATH /usr/${PERFSCOPE_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_CROSSCOMPILING_EMULATOR "qemu-aarch64;-L;/usr/${PERFSCOPE_CROSS_TRIPLE}")
