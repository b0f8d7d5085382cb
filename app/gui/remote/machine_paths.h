// SPDX-License-Identifier: Apache-2.0
// Which machine a counter path names, as perfscope-cli reads it
// (docs/remote-protocol.md §5): `\\HOST:PORT\Object(Instance)\Counter` and
// `\\ssh://[USER@]HOST[:PORT]\...` name another machine's agent; no machine,
// `localhost` or this host's name without a port name this machine.
#pragma once

#include "core/result.h"

#include <QString>
#include <QStringList>

namespace perfscope::gui {

// What the user typed for "Add machine..." (`host:port`, `ssh://user@host`,
// with or without a leading `\\`), checked: the machine as paths name it, or
// why it is not one.
wpo::Result<QString> parse_machine(const QString& text);

// The other machine `path` names; empty for this machine.
QString remote_machine_of(const QString& path);

// `\\MACHINE\Object\Counter` -> `\Object\Counter`; a path without a machine as it is.
QString without_machine(const QString& path);

// `\Object\Counter` -> `\\MACHINE\Object\Counter`; a path naming a machine as it is.
QString with_machine(const QString& machine, const QString& path);

}  // namespace perfscope::gui
