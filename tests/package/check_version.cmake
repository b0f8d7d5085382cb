# SPDX-License-Identifier: Apache-2.0
# Runs a program with --version and compares its whole output with
# "<NAME> <VERSION>", both passed in by CMake from PROJECT_VERSION:
#   cmake "-DCOMMAND=prog|arg|..." -DEXPECTED="perfscope-cli 0.1.0" -P check_version.cmake
# (| separates the command's words: a ; would split the -D argument in add_test.)
string(REPLACE "|" ";" COMMAND "${COMMAND}")
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "\r?\n$" "" out "${out}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${COMMAND}: exit code ${rc}, stderr: ${err}")
endif()
if(NOT out STREQUAL EXPECTED)
    message(FATAL_ERROR "${COMMAND} printed \"${out}\", expected \"${EXPECTED}\"")
endif()
message(STATUS "\"${out}\" as expected")
