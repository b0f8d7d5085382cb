# SPDX-License-Identifier: Apache-2.0
# Install rules of the publishing library (component dev), included by
# installer/CMakeLists.txt when PERFSCOPE_INSTALL_PUBLISH is ON and the target
# perfscope_publish exists. An application then uses it with
#   find_package(Perfscope 0.1 REQUIRED)  target_link_libraries(app PRIVATE Perfscope::perfscope_publish)
# or `pkg-config --cflags --libs perfscope-publish`.
#
# What is installed: the three static archives (perfscope_publish and the
# engine's wpo_published and wpo_format it links, exported together in
# PerfscopeTargets), and only the
# headers an application's #include "publisher.h" / "perfscope_publish.h"
# reaches, under include/perfscope/ with the source layout kept (core/...,
# published/...), so the one include directory include/perfscope serves
# both. tests/package/deb_dev_test.sh compiles against the installed tree
# alone, so a header missing from these lists fails it.
include(CMakePackageConfigHelpers)

# Debian: the multiarch directory (find_package and pkg-config look there).
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_LIBRARY_ARCHITECTURE)
    set(PERFSCOPE_INSTALL_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE} CACHE STRING "Where the publishing library is installed")
else()
    set(PERFSCOPE_INSTALL_LIBDIR ${CMAKE_INSTALL_LIBDIR} CACHE STRING "Where the publishing library is installed")
endif()
set(perfscope_includedir ${CMAKE_INSTALL_INCLUDEDIR}/perfscope)

# libwpo_format.a would be a generic name in the system's library directory.
# Position-independent, so an application may link them into a shared library too.
set_target_properties(wpo_format PROPERTIES OUTPUT_NAME perfscope_format POSITION_INDEPENDENT_CODE ON)
set_target_properties(wpo_published PROPERTIES OUTPUT_NAME perfscope_published POSITION_INDEPENDENT_CODE ON)
set_target_properties(perfscope_publish PROPERTIES POSITION_INDEPENDENT_CODE ON)

install(TARGETS perfscope_publish wpo_published wpo_format EXPORT PerfscopeTargets
        ARCHIVE DESTINATION ${PERFSCOPE_INSTALL_LIBDIR} COMPONENT dev
        INCLUDES DESTINATION ${perfscope_includedir})
install(FILES
        ${PROJECT_SOURCE_DIR}/publish/perfscope_publish.h
        ${PROJECT_SOURCE_DIR}/publish/publisher.h
        ${PROJECT_SOURCE_DIR}/publish/instance.h
        ${PROJECT_SOURCE_DIR}/publish/counter.h
        ${PROJECT_SOURCE_DIR}/publish/slot_sequence.h
        DESTINATION ${perfscope_includedir} COMPONENT dev)
install(FILES
        ${PROJECT_SOURCE_DIR}/engine/core/error.h
        ${PROJECT_SOURCE_DIR}/engine/core/result.h
        DESTINATION ${perfscope_includedir}/core COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/engine/format/layout.h DESTINATION ${perfscope_includedir}/format COMPONENT dev)
install(FILES
        ${PROJECT_SOURCE_DIR}/engine/published/definition.h
        ${PROJECT_SOURCE_DIR}/engine/published/segment_layout.h
        ${PROJECT_SOURCE_DIR}/engine/published/shared_atomic.h
        ${PROJECT_SOURCE_DIR}/engine/published/shared_mapping.h
        DESTINATION ${perfscope_includedir}/published COMPONENT dev)

install(EXPORT PerfscopeTargets NAMESPACE Perfscope:: DESTINATION ${PERFSCOPE_INSTALL_LIBDIR}/cmake/Perfscope
        COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/cmake/PerfscopeConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfig.cmake
    INSTALL_DESTINATION ${PERFSCOPE_INSTALL_LIBDIR}/cmake/Perfscope)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfigVersion.cmake
        DESTINATION ${PERFSCOPE_INSTALL_LIBDIR}/cmake/Perfscope COMPONENT dev)
file(RELATIVE_PATH PERFSCOPE_PC_TO_PREFIX /${PERFSCOPE_INSTALL_LIBDIR}/pkgconfig /)
set(PERFSCOPE_PC_LIBDIR ${PERFSCOPE_INSTALL_LIBDIR})
set(PERFSCOPE_PC_INCLUDEDIR ${perfscope_includedir})
configure_file(${CMAKE_CURRENT_LIST_DIR}/pkgconfig/perfscope-publish.pc.in ${CMAKE_CURRENT_BINARY_DIR}/perfscope-publish.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/perfscope-publish.pc DESTINATION ${PERFSCOPE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT dev)

# The demo publisher (docs/publishing.md): a sample for developers, with its
# definition file to read and copy, in the same component.
if(TARGET perfscope-publish-demo)
    install(TARGETS perfscope-publish-demo RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT dev)
    install(FILES ${PROJECT_SOURCE_DIR}/publish/demo/perfscope-demo.counters
            DESTINATION ${CMAKE_INSTALL_DATADIR}/perfscope COMPONENT dev)
endif()
