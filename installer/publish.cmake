# Install rules of the publishing library (component dev), included by
# installer/CMakeLists.txt when PERFSCOPE_INSTALL_PUBLISH is ON and the target
# perfscope_publish exists. An application then uses it with
#   find_package(Perfscope 0.1 REQUIRED)  target_link_libraries(app PRIVATE Perfscope::perfscope_publish)
# or `pkg-config --cflags --libs perfscope-publish`.
# Assumes: perfscope_publish declares its public headers as a FILE_SET HEADERS,
# and every target it links is exported too (add them to this install(TARGETS)).
include(CMakePackageConfigHelpers)
install(TARGETS perfscope_publish EXPORT PerfscopeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(EXPORT PerfscopeTargets NAMESPACE Perfscope:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Perfscope
        COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/cmake/PerfscopeConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Perfscope)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/PerfscopeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Perfscope COMPONENT dev)
file(RELATIVE_PATH PERFSCOPE_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
configure_file(${CMAKE_CURRENT_LIST_DIR}/pkgconfig/perfscope-publish.pc.in ${CMAKE_CURRENT_BINARY_DIR}/perfscope-publish.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/perfscope-publish.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT dev)
