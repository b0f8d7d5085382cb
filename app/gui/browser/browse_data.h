// SPDX-License-Identifier: Apache-2.0
// What the counter browser shows, as the browser's sampler hands it to the GUI
// thread: the objects of a Global snapshot with their counters and help
// texts, and the instances of the object the user selected (the only object
// whose instances the GUI needs, so a refresh does not copy every thread).
#pragma once

#include "naming/instance_identity.h"

#include <QMetaType>
#include <QString>
#include <QVector>

#include <cstdint>

namespace perfscope::gui {

struct BrowseCounter {
    std::uint32_t index = 0;
    QString name;
    QString help;
    int default_scale = 0;
};

struct BrowseObject {
    std::uint32_t index = 0;
    QString name;
    QString help;
    bool has_instances = false;
    QVector<BrowseCounter> counters;
};

struct BrowseInstance {
    QString display;  // unique: "bash:1234" for processes
    QString parent;
    wpo::InstanceIdentity identity;
    bool kernel = false;  // a Linux kernel thread (kernel_threads.h), or a thread of one
};

struct BrowseInstances {
    std::uint32_t object = 0;
    QVector<BrowseInstance> instances;
};

}  // namespace perfscope::gui

Q_DECLARE_METATYPE(perfscope::gui::BrowseObject)
Q_DECLARE_METATYPE(perfscope::gui::BrowseInstances)
