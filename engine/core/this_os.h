// SPDX-License-Identifier: Apache-2.0
// The operating system whose counters this build reads, by the name recordings (docs/recording-format.md)
// and the remote protocol (docs/remote-protocol.md) store.
#pragma once

namespace wpo {

inline constexpr const char* kThisOs =
#ifdef _WIN32
    "Windows";
#else
    "Linux";
#endif

}  // namespace wpo
