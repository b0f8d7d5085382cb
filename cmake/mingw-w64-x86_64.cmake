# SPDX-License-Identifier: Apache-2.0
# Toolchain for the Windows x64 build (preset `mingw`): MinGW-w64 on Debian,
# tests run under Wine. The reasons are in docs/windows-under-wine.md §1-§2.
#
# - The *-posix compilers: the default (win32 threading model) GCC 12 has no
#   std::thread or std::mutex (§1.1 there).
# - `-static`: otherwise every .exe needs libstdc++-6.dll, libgcc_s_seh-1.dll
#   and libwinpthread-1.dll and fails to start under Wine (§1.2).
# - ctest runs every test through scripts/wine-run.sh, which makes sure the
#   Wine prefix in <build>/wineprefix is up before it starts the test (§2.1).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(PERFSCOPE_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${PERFSCOPE_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${PERFSCOPE_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${PERFSCOPE_MINGW_TRIPLE}-windres)

# Libraries, headers and packages come from the MinGW sysroot only; programs
# (code generators, wine) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${PERFSCOPE_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static")

# The prefix lives in the build tree, so build trees never share one and
# `rm -rf build/mingw` removes it too. CMAKE_BINARY_DIR is the top build
# directory here (the toolchain file is read before project()).
set(PERFSCOPE_WINEPREFIX "${CMAKE_BINARY_DIR}/wineprefix" CACHE PATH "Wine prefix the tests run in")
get_filename_component(_perfscope_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR "${_perfscope_root}/scripts/wine-run.sh;--prefix;${PERFSCOPE_WINEPREFIX}")
