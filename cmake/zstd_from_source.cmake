# SPDX-License-Identifier: Apache-2.0
# zstd for a target Debian ships no zstd for (the MinGW build) or whose zstd a
# cross build does not install (arm64): compiled from
# the source of Debian's libzstd package as the static library
# perfscope_zstd_from_source. scripts/zstd-source.sh fetches that source
# (apt-get source, from the Debian mirror already configured) into
# build/third_party/libzstd-<version>/; PERFSCOPE_ZSTD_SOURCE_DIR names another place.
# Without the source the target is not made, and the build has no recordings.
#
# Only what a recording needs: the one-threaded compressor and decompressor
# (lib/common, lib/compress, lib/decompress), no legacy formats, no
# dictionary builder, and the C version of Huffman decoding (ZSTD_DISABLE_ASM:
# the assembly file is for ELF/System V, not for Windows' calling convention,
# and for x86-64 only).
if(TARGET perfscope_zstd_from_source)
    return()
endif()
if(NOT PERFSCOPE_ZSTD_SOURCE_DIR)
    file(GLOB perfscope_zstd_candidates LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/build/third_party/libzstd-*)
    foreach(candidate IN LISTS perfscope_zstd_candidates)
        if(EXISTS ${candidate}/lib/zstd.h)
            set(perfscope_zstd_found ${candidate})
        endif()
    endforeach()
    # FORCE: an empty entry from a configure before scripts/zstd-source.sh ran is looked for again.
    set(PERFSCOPE_ZSTD_SOURCE_DIR "${perfscope_zstd_found}" CACHE PATH
        "Debian's libzstd source tree (scripts/zstd-source.sh) that a cross build compiles zstd from" FORCE)
endif()
if(NOT EXISTS "${PERFSCOPE_ZSTD_SOURCE_DIR}/lib/zstd.h")
    message(STATUS "zstd source not found (run scripts/zstd-source.sh, or set PERFSCOPE_ZSTD_SOURCE_DIR): "
                   "no recording support (wpo_recording) in this build")
    return()
endif()
message(STATUS "zstd for the target from ${PERFSCOPE_ZSTD_SOURCE_DIR}")
enable_language(C)
set(zstd_lib ${PERFSCOPE_ZSTD_SOURCE_DIR}/lib)
file(GLOB perfscope_zstd_sources ${zstd_lib}/common/*.c ${zstd_lib}/compress/*.c ${zstd_lib}/decompress/*.c)
add_library(perfscope_zstd_from_source STATIC ${perfscope_zstd_sources})
# Not the project's code: its own warnings are not ours to fix, and none of them fail the build.
set_target_properties(perfscope_zstd_from_source PROPERTIES C_STANDARD 99 POSITION_INDEPENDENT_CODE ON
                      C_VISIBILITY_PRESET hidden)
target_compile_definitions(perfscope_zstd_from_source PRIVATE ZSTD_DISABLE_ASM ZSTD_LEGACY_SUPPORT=0
                           XXH_NAMESPACE=ZSTD_)
target_compile_options(perfscope_zstd_from_source PRIVATE -w)
target_include_directories(perfscope_zstd_from_source SYSTEM PUBLIC ${zstd_lib})
