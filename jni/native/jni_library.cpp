// SPDX-License-Identifier: Apache-2.0
// The JNI functions of org.perfscope.wpo.WPOLibrary: settings the library
// needs before its first snapshot or sampler.
#include "native/bridge.h"

#include <jni.h>

#ifdef PERFSCOPE_JNI_HEADERS
#include "org_perfscope_wpo_WPOLibrary.h"
#endif

#include <cstddef>

extern "C" {

JNIEXPORT void JNICALL Java_org_perfscope_wpo_WPOLibrary_setDescriptorBudget0(JNIEnv*, jclass, jint descriptors)
{
    if (descriptors >= 0)
        perfscope::jni::Bridge::set_descriptor_budget(static_cast<std::size_t>(descriptors));
}

}  // extern "C"
