// SPDX-License-Identifier: Apache-2.0
// What a series' values measure, as the formatter and the value axis show
// them. Told by the counter's name and type (value_format.h, unitOf).
#pragma once

namespace perfscope::gui {

enum class ValueUnit {
    none,              // a count or a number without a unit
    percent,           // "87.5 %"
    bytes,             // binary prefixes: "22.5 GiB"
    bytes_per_second,  // "1.2 MiB/s"
    per_second,        // "1,234 /s"
    seconds,           // "12.3 ms", "4.5 s", "2.5 h"
};

}  // namespace perfscope::gui
