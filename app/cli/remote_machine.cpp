// SPDX-License-Identifier: Apache-2.0
#include "cli/remote_machine.h"

#include "core/utf.h"

#ifdef PERFSCOPE_HAVE_REMOTE
#include "remote/remote_source.h"
#endif

#ifndef _WIN32
#include <unistd.h>
#endif

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

bool is_this_machine(const std::string& machine)
{
    if (machine.empty() || wpo::iequals(machine, "localhost"))
        return true;
    if (machine.find(':') != std::string::npos)  // a port (or ssh://): an agent, even on this host
        return false;
#ifndef _WIN32
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0 && wpo::iequals(machine, name))
        return true;
#endif
    return false;
}

// "\\MACHINE\rest" -> MACHINE, and `text` becomes "\rest"; "\\MACHINE" alone (list) -> MACHINE and "".
std::string take_machine(std::string& text)
{
    if (!text.starts_with("\\\\"))
        return {};
    const std::size_t slash = text.find('\\', 2);
    std::string machine = text.substr(2, slash == std::string::npos ? std::string::npos : slash - 2);
    text = slash == std::string::npos ? std::string() : text.substr(slash);
    return machine;
}

}  // namespace

wpo::Result<std::string> take_remote_machine(Options& options)
{
    std::string remote;
    bool local_named = false;
    std::string first_text;
    auto visit = [&](std::string& text, bool object) -> wpo::Status {
        std::string copy = text;
        std::string machine = take_machine(copy);
        if (machine.empty())
            machine = options.machine;  // -s
        if (is_this_machine(machine)) {
            local_named = true;
            return {};
        }
        if (!remote.empty() && remote != machine)
            return Error(Errc::invalid_argument, "\"" + first_text + "\" and \"" + text +
                                                     "\" name two machines; one command reads one machine");
        if (remote.empty())
            first_text = text;
        remote = machine;
        // An object of list or dump goes without its leading '\'.
        text = object && copy.starts_with('\\') ? copy.substr(1) : copy;
        return {};
    };
    if (options.command == Command::query || options.command == Command::record)
        for (std::string& path : options.paths)
            if (wpo::Status status = visit(path, false); !status)
                return status.error();
    if (options.command == Command::dump || options.command == Command::record)
        for (std::string& object : options.objects)
            if (wpo::Status status = visit(object, true); !status)
                return status.error();
    if (options.command == Command::list && options.object) {
        if (wpo::Status status = visit(*options.object, true); !status)
            return status.error();
        if (options.object->empty())  // `list \\HOST`: every object of that machine
            options.object.reset();
    }
    if (remote.empty() && !local_named && !is_this_machine(options.machine))
        remote = options.machine;  // `list -s HOST`, `dump -s HOST`: nothing else names a machine
    if (!remote.empty() && local_named)
        return Error(Errc::invalid_argument, "\"" + first_text +
                                                 "\" names another machine than the command's other paths; "
                                                 "one command reads one machine");
    return remote;
}

wpo::Result<std::unique_ptr<wpo::Source>> open_remote_source(const std::string& machine)
{
#ifdef PERFSCOPE_HAVE_REMOTE
    auto source = wpo::remote::RemoteSource::open(machine);
    if (!source)
        return source.error();
    return std::unique_ptr<wpo::Source>(std::move(*source));
#else
    return Error(Errc::unsupported, "\\\\" + machine +
                                        ": this build of perfscope-cli cannot read other machines "
                                        "(built without cpp-httplib or zstd)");
#endif
}

}  // namespace perfscope::cli
