# SPDX-License-Identifier: Apache-2.0
# The native return codes exist twice, as C++ (jni/native/error_codes.h and
# their names in error_codes.cpp) and as Java (org.perfscope.wpo.WPOError):
# this reads both from the sources and fails on any difference in the set of
# codes, a value or a name.
#   cmake -DNATIVE_DIR=<jni/native> -DJAVA_FILE=<WPOError.java> -P error_codes_parity.cmake
cmake_minimum_required(VERSION 3.20)

# read_codes(<text> <declaration regex> <out prefix>): <prefix>_KEYS (upper case),
# <prefix>_<KEY> = value. The patterns leave out the closing ";": CMake would
# split a match there.
function(read_codes text regex prefix)
    string(REGEX MATCHALL "${regex}" found "${text}")
    set(keys "")
    foreach(item IN LISTS found)
        string(REGEX REPLACE "${regex}" "\\1" key "${item}")
        string(REGEX REPLACE "${regex}" "\\2" value "${item}")
        string(TOUPPER "${key}" key)
        if(key IN_LIST keys)
            message(FATAL_ERROR "${prefix}: ${key} is declared twice")
        endif()
        list(APPEND keys ${key})
        set(${prefix}_${key} "${value}" PARENT_SCOPE)
    endforeach()
    list(SORT keys)
    set(${prefix}_KEYS "${keys}" PARENT_SCOPE)
endfunction()

file(READ ${NATIVE_DIR}/error_codes.h header)
file(READ ${NATIVE_DIR}/error_codes.cpp source)
file(READ ${JAVA_FILE} java)

read_codes("${header}" "inline constexpr int ([a-z_]+) = (-?[0-9]+)" cpp_value)
read_codes("${source}" "case code::([a-z_]+): return \"([^\"]*)\"" cpp_name)
read_codes("${java}" "public static final int ([A-Z_]+) = (-?[0-9]+)" java_value)
read_codes("${java}" "case ([A-Z_]+): return \"([^\"]*)\"" java_name)

list(LENGTH cpp_value_KEYS count)
if(count LESS 11)
    message(FATAL_ERROR "only ${count} codes found in ${NATIVE_DIR}/error_codes.h: the scan is broken")
endif()

set(failures "")
foreach(table cpp_name java_value java_name)
    if(NOT "${${table}_KEYS}" STREQUAL "${cpp_value_KEYS}")
        string(APPEND failures "\n  ${table} has codes [${${table}_KEYS}], error_codes.h has [${cpp_value_KEYS}]")
    endif()
endforeach()
foreach(key IN LISTS cpp_value_KEYS)
    if(NOT "${java_value_${key}}" STREQUAL "${cpp_value_${key}}")
        string(APPEND failures "\n  ${key}: ${cpp_value_${key}} in C++, '${java_value_${key}}' in Java")
    endif()
    if(NOT "${java_name_${key}}" STREQUAL "${cpp_name_${key}}")
        string(APPEND failures "\n  ${key}: named '${cpp_name_${key}}' in C++, '${java_name_${key}}' in Java")
    endif()
endforeach()
if(failures)
    message(FATAL_ERROR "the Java error codes differ from the native ones:${failures}")
endif()
message(STATUS "${count} error codes agree: ${cpp_value_KEYS}")
