// SPDX-License-Identifier: Apache-2.0
#include "native/sampler_owner.h"

#include "native/machine_bridge.h"
#include "native/recording_bridge.h"

#include <limits>

namespace perfscope::jni {

SamplerOwner find_sampler_owner(std::int32_t owner)
{
    if (owner > 0) {
        auto recording = RecordingBridge::table().lookup(owner);
        Bridge* bridge = recording ? &recording->bridge() : nullptr;
        return {std::move(recording), bridge};
    }
    if (owner == 0 || owner == std::numeric_limits<std::int32_t>::min())
        return {};
    auto machine = MachineBridge::table().lookup(-owner);
    Bridge* bridge = machine ? &machine->bridge() : nullptr;
    return {std::move(machine), bridge};
}

}  // namespace perfscope::jni
