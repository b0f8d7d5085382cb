# SPDX-License-Identifier: Apache-2.0
# perfscope_warnings(target): the project's warning set, applied to every
# target we own (not to third-party code such as GoogleTest).
function(perfscope_warnings target)
    # -Wno-missing-field-initializers: specs are designated initializers that
    # rely on member defaults, which g++ 12 reports although nothing is missing.
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wno-missing-field-initializers)
    # g++ 12 at -O2/-O3 reports `"literal" + std::string` as overlapping
    # memcpy (GCC bug 105329, a false positive fixed in g++ 13).
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
    if(PERFSCOPE_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
