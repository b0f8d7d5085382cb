// SPDX-License-Identifier: Apache-2.0
// The calling thread's start time as the Thread object's instance identity
// has it (a FILETIME: Elapsed Time's raw value), so that a Java thread can
// tell its own instance from an earlier thread's with the same native id.
#pragma once

#include <cstdint>

namespace perfscope::jni {

// 0 when it cannot be told.
std::int64_t current_thread_start();

}  // namespace perfscope::jni
