// SPDX-License-Identifier: Apache-2.0
// perfscope-cli: list, query (typeperf-compatible) and dump performance data.
// Errors reach here as values and leave as one line on stderr plus an exit
// code: 2 for anything the user asked wrongly, 1 when the data source failed.
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/remote_machine.h"
#include "query/platform_source.h"
#ifdef PERFSCOPE_HAVE_RECORDING
#include "cli/replay_input.h"
#endif

#include <cstdio>
#include <string>
#include <vector>

namespace {

int fail(const wpo::Error& error)
{
    std::fprintf(stderr, "perfscope-cli: %s\n", error.describe().c_str());
    switch (error.code()) {
    case wpo::Errc::invalid_argument:
    case wpo::Errc::not_found: return 2;
    default: return 1;
    }
}

wpo::Status run_command(const perfscope::cli::Options& options, perfscope::cli::Context& context)
{
    using namespace perfscope::cli;
    switch (options.command) {
    case Command::list: return run_list(options, context);
    case Command::query: return run_query(options, context);
    case Command::dump: return run_dump(options, context);
    case Command::serve: return run_serve(options, context);
    case Command::top: return run_top(options, context);
#ifdef PERFSCOPE_HAVE_RECORDING
    case Command::record: return run_record(options, context);
#endif
    default:
        return wpo::Error(wpo::Errc::unsupported, "this build of perfscope-cli cannot record (built without zstd)");
    }
}

}  // namespace

int main(int argc, char** argv)
{
    using namespace perfscope::cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto options = parse_options(args);
    if (!options) {
        // The one line that says what is wrong, and where the options are: the whole usage would bury it.
        std::string topic;
        for (const std::string& arg : args)
            if (command_named(arg)) {
                topic = " " + arg;
                break;
            }
        std::fprintf(stderr, "perfscope-cli: %s\nSee \"perfscope-cli help%s\" for the options.\n",
                     options.error().message().c_str(), topic.c_str());
        return 2;
    }
    if (options->command == Command::help) {
        std::fputs(usage(options->help_topic).c_str(), stdout);
        return 0;
    }
    if (options->command == Command::version) {
        std::printf("perfscope-cli %s\n", PERFSCOPE_VERSION);
        return 0;
    }

    if (options->command == Command::counters) {
        if (wpo::Status status = run_counters(*options, stdout); !status)
            return fail(status.error());
        return std::fflush(stdout) == 0 ? 0 : 1;
    }

    if (options->command == Command::relog) {
#ifdef PERFSCOPE_HAVE_RECORDING
        install_stop_handler();
        if (wpo::Status status = run_relog(*options, stderr); !status)
            return fail(status.error());
        return 0;
#else
        return fail(
            wpo::Error(wpo::Errc::unsupported, "this build of perfscope-cli cannot relog (built without zstd)"));
#endif
    }

    if (!options->input_file.empty()) {
#ifdef PERFSCOPE_HAVE_RECORDING
        auto input = ReplayInput::open(options->input_file, options->begin_ms, options->end_ms);
        if (!input)
            return fail(input.error());
        auto names = (*input)->source().load_names();
        if (!names)
            return fail(names.error());
        install_stop_handler();
        Context context{(*input)->source(), *names, stdout};
        context.cache = &(*input)->cache();
        context.replay = input->get();
        if (wpo::Status status = run_command(*options, context); !status)
            return fail(status.error());
        return std::fflush(stdout) == 0 ? 0 : 1;
#else
        return fail(wpo::Error(wpo::Errc::unsupported, "this build of perfscope-cli cannot read recordings (built "
                                                       "without zstd)"));
#endif
    }

    // `\\HOST:PORT\...`: that machine's agent is the source (docs/remote-protocol.md).
    auto remote = take_remote_machine(*options);
    if (!remote)
        return fail(remote.error());
    auto source = remote->empty() ? wpo::query::make_platform_source(options->proc_root) : open_remote_source(*remote);
    if (!source)
        return fail(source.error());
    auto names = (*source)->load_names();
    if (!names)
        return fail(names.error());

    install_stop_handler();
    Context context{**source, *names, stdout};
    context.keep_sampling = !remote->empty();
    context.machine = *remote;
    wpo::Status status = run_command(*options, context);
    if (!status)
        return fail(status.error());
    return std::fflush(stdout) == 0 ? 0 : 1;
}
