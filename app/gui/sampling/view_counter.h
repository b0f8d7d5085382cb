// SPDX-License-Identifier: Apache-2.0
// One counter a view asks for, as the browser or a typeperf path selects it:
// a counter (or every counter, "\*") of an object, and which instances.
// An instance is held by identity (PID + start time for a process), so the
// view follows that very process and ends its series when it exits; a later
// process with the same name is another instance. `all` (the browser's
// <All instances>, a path's "(*)") keeps following the object: instances
// that start later become new series.
#pragma once

#include "naming/instance_identity.h"

#include <QMetaType>
#include <QString>
#include <QVector>

#include <cstdint>

namespace perfscope::gui {

struct ViewCounter {
    enum class Instances : std::uint8_t { none, one, all };

    QString text;  // \Object(Instance)\Counter, for messages and counter sets
    std::uint32_t object = 0;
    std::uint32_t counter = 0;  // 0: every counter of the object
    Instances instances = Instances::none;
    wpo::InstanceIdentity identity;  // when `one`
    QString instance;                // display name when `one` ("bash:1234")
};

}  // namespace perfscope::gui

Q_DECLARE_METATYPE(perfscope::gui::ViewCounter)
