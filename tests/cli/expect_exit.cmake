# SPDX-License-Identifier: Apache-2.0
# cmake -DCOMMAND="exe;arg;..." -DEXIT=N -DSTDERR_MATCH=regex [-DSTDOUT_EMPTY=ON] -P expect_exit.cmake
# Runs a command and checks its exit code, stderr and (optionally) that it
# printed nothing on stdout: how the CLI's error boundary must behave.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXIT}")
    message(FATAL_ERROR "exit code ${rc}, expected ${EXIT}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${STDERR_MATCH}")
    message(FATAL_ERROR "stderr does not match '${STDERR_MATCH}':\n${err}")
endif()
if(STDOUT_EMPTY AND NOT out STREQUAL "")
    message(FATAL_ERROR "expected nothing on stdout, got:\n${out}")
endif()
