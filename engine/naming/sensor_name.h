// SPDX-License-Identifier: Apache-2.0
// JPMF sensor names (docs/snapshots-and-cache.md §6): "win32.winperf/Object/Counter" for a
// counter of an object without instances, "win32.winperf/Object/Counter#Instance"
// otherwise. Process instances are named by PID, so a sensor
// name survives another process of the same image starting or exiting.
#pragma once

#include "core/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace wpo {

inline constexpr std::string_view kSensorNamespace = "win32.winperf";

struct SensorName {
    std::string object;
    std::string counter;
    std::optional<std::string> instance;

    friend bool operator==(const SensorName&, const SensorName&) = default;
};

// Builds the sensor name as JPMF writes it ("win32.winperf/Process/%
// Processor Time#1234"), escaping only what the syntax would misread: '/'
// in the object, '#' in the object and counter, and a '%' followed by two
// hex digits (see sensor_name.cpp). Empty object or counter names, or an
// empty instance, give text that parse_sensor_name rejects.
std::string format_sensor_name(const SensorName& name);

// Inverse of format_sensor_name. Any %HH escape (either case) decodes, so
// names escaped more than needed ("%25 Processor Time", "sec%2fRead") read
// to the same name; a '%' not followed by two hex digits is a '%'. A
// missing '/', an empty part or a '#' in the object is Errc::invalid_argument
// naming the part that is wrong and its offset.
Result<SensorName> parse_sensor_name(std::string_view text);

}  // namespace wpo
