// SPDX-License-Identifier: Apache-2.0
// Whose sampler a Java Sampler is, as its native calls name it by one int (org.perfscope.wpo.Sampler):
// 0 this machine's (the JNI layer's Bridge::instance), > 0 an open Recording's handle, < 0 minus an open
// Machine's handle. Fuzzed by tests/fuzz/fuzz_jni_arguments.cpp.
#pragma once

#include "native/bridge.h"

#include <cstdint>
#include <memory>

namespace perfscope::jni {

struct SamplerOwner {
    std::shared_ptr<void> keep;  // the recording or machine, alive while the call uses its bridge
    Bridge* bridge = nullptr;
};

// The recording's or machine's bridge; a null bridge for 0, for anything else that names no open recording
// or machine (closed, forged, INT32_MIN).
SamplerOwner find_sampler_owner(std::int32_t owner);

}  // namespace perfscope::jni
