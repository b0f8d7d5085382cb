# SPDX-License-Identifier: Apache-2.0
# cpp-httplib's single-file httplib.h from Debian's source package (scripts/httplib-source.sh unpacks it into
# build/third_party/cpp-httplib-<version>/). Debian's libcpp-httplib-dev installs a shared library and its
# split header instead; the builds that must not depend on that library (the Windows build, the Java
# library) compile the single header into themselves.
#   perfscope_httplib_single_header(VAR): VAR is the folder holding httplib.h, or empty.
function(perfscope_httplib_single_header out)
    file(GLOB candidates LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/build/third_party/cpp-httplib-*)
    set(found "")
    foreach(candidate IN LISTS candidates)
        if(EXISTS ${candidate}/httplib.h)
            set(found ${candidate})
        endif()
    endforeach()
    set(${out} "${found}" PARENT_SCOPE)
endfunction()
