// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/machine_paths.h"

#include "gui/data/series_info.h"

#ifdef PERFSCOPE_HAVE_REMOTE
#include "remote/machine_address.h"
#endif

#include <QSysInfo>

namespace perfscope::gui {
namespace {

const QString kMachinePrefix = QStringLiteral("\\\\");

// "HOST" of "\\\\HOST\\...": machineOf's without its two backslashes.
QString machine_part(const QString& path)
{
    return machineOf(path).mid(2).toString();
}

}  // namespace

wpo::Result<QString> parse_machine(const QString& text)
{
    QString machine = text.trimmed();
    if (machine.startsWith(kMachinePrefix))
        machine = machine.mid(2);
    if (machine.endsWith(QLatin1Char('\\')))
        machine.chop(1);
    if (machine.isEmpty())
        return wpo::Error(wpo::Errc::invalid_argument,
                          "no machine given: type HOST:PORT (the agent, perfscope-cli serve), "
                          "https://HOST[:PORT] or ssh://[USER@]HOST[:PORT]");
    if (machine.contains(QLatin1Char('\\')))
        return wpo::Error(wpo::Errc::invalid_argument,
                          "machine \"" + machine.toStdString() + "\": a machine name holds no '\\'");
#ifdef PERFSCOPE_HAVE_REMOTE
    auto address = wpo::remote::MachineAddress::parse(machine.toStdString());
    if (!address)
        return address.error();
    return machine;
#else
    return wpo::Error(wpo::Errc::unsupported, "machine \"" + machine.toStdString() +
                                                  "\": this build of perfscope cannot read other machines "
                                                  "(built without cpp-httplib or zstd)");
#endif
}

QString remote_machine_of(const QString& path)
{
    QString machine = machine_part(path);
    if (machine.isEmpty())
        return {};
    if (machine.contains(QLatin1Char(':')))  // a port or ssh://: an agent, even on this host
        return machine;
    if (machine.compare(QStringLiteral("localhost"), Qt::CaseInsensitive) == 0 ||
        machine.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) == 0)
        return {};
    return machine;
}

QString without_machine(const QString& path)
{
    if (!path.startsWith(kMachinePrefix))
        return path;
    const qsizetype slash = path.indexOf(QLatin1Char('\\'), 2);
    return slash < 0 ? QString() : path.mid(slash);
}

QString with_machine(const QString& machine, const QString& path)
{
    return path.startsWith(kMachinePrefix) ? path : kMachinePrefix + machine + path;
}

}  // namespace perfscope::gui
