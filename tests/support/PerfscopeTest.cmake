# SPDX-License-Identifier: Apache-2.0
# PERFSCOPE_GTEST_PCH (the asan preset turns it on): GoogleTest's header, about 1.5 s of parsing
# in each of the hundred test files under the sanitizers, is precompiled once (tests/support hosts
# it) and reused by every perfscope_add_test target. Debug builds only: in the optimised ones the
# tests compile at -O0 and their support at the build's level, and clang refuses a precompiled
# header built at another optimisation level ("__OPTIMIZE__ predefined macro was disabled in PCH
# file but is currently enabled"; -Winvalid-pch with -Werror makes that a build error).
option(PERFSCOPE_GTEST_PCH "Precompile GoogleTest's header for the C++ tests (Debug builds)" OFF)
if(PERFSCOPE_GTEST_PCH AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
    message(FATAL_ERROR "PERFSCOPE_GTEST_PCH needs CMAKE_BUILD_TYPE=Debug (the tests' optimisation "
                        "differs from their support's in the other build types)")
endif()

# perfscope_add_test(NAME SOURCES src... [LIBS lib...] [LABELS label...])
# One GoogleTest executable = one ctest test. Under the MinGW build ctest runs
# it through CMAKE_CROSSCOMPILING_EMULATOR (Wine) and the test gets the
# label `wine` in addition to its own.
function(perfscope_add_test name)
    cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE wpo::wpo perfscope_test_support GTest::gtest_main ${ARG_LIBS})
    perfscope_warnings(${name})
    if(PERFSCOPE_GTEST_PCH)
        target_precompile_headers(${name} REUSE_FROM perfscope_gtest_pch)
    endif()
    add_test(NAME ${name} COMMAND ${name})
    set(labels ${ARG_LABELS})
    if(WIN32)
        list(APPEND labels wine)
    endif()
    set_tests_properties(${name} PROPERTIES LABELS "${labels}" TIMEOUT 300)
    if(engine IN_LIST labels)
        set_property(GLOBAL APPEND PROPERTY PERFSCOPE_ENGINE_TEST_TARGETS ${name})  # target engine_tests
    endif()
endfunction()

# perfscope_add_gui_test(NAME SOURCES src... [LIBS lib...] [LABELS label...] [ARGS arg...] [TIMEOUT seconds])
# One QtTest executable = one ctest test, offscreen, with the label gui (TIMEOUT: 300 s unless given).
# The caller finds Qt6's Test component.
function(perfscope_add_gui_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS;ARGS" ${ARGN})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    add_executable(${name} ${ARG_SOURCES})
    set_target_properties(${name} PROPERTIES AUTOMOC ON)
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    perfscope_warnings(${name})
    perfscope_qt_pch(${name})
    add_test(NAME ${name} COMMAND ${name} ${ARG_ARGS})
    set_tests_properties(${name} PROPERTIES LABELS "gui;${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT}
                         ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endfunction()

# perfscope_keep_build_optimisation(): the targets of the calling folder compile at the build type's
# optimisation, not at the -O0 that tests/CMakeLists.txt gives the tests' own sources in optimised builds.
macro(perfscope_keep_build_optimisation)
    get_directory_property(perfscope_folder_options COMPILE_OPTIONS)
    list(REMOVE_ITEM perfscope_folder_options -O0)
    set_directory_properties(PROPERTIES COMPILE_OPTIONS "${perfscope_folder_options}")
endmacro()
