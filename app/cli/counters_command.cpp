// SPDX-License-Identifier: Apache-2.0
// perfscope-cli counters install DEFINITION [--library DLL] | uninstall NAME
// (docs/windows-provider.md). Registration is a Windows matter: on Linux the
// procfs source serves published counters without it, and says so.
#include "cli/commands.h"
#include "cli/counter_registration.h"

#include "published/definition.h"
#include "files/text_file.h"

#include <cinttypes>
#include <filesystem>

#ifdef _WIN32
#include <windows.h>
#endif

namespace perfscope::cli {

namespace {

#ifdef _WIN32
constexpr std::uint64_t kMaxDefinitionBytes = 1 << 20;

// perfscope-counters.dll beside perfscope-cli.exe.
std::string default_library()
{
    wchar_t path[MAX_PATH + 1];
    const DWORD n = GetModuleFileNameW(nullptr, path, MAX_PATH + 1);
    if (n == 0 || n > MAX_PATH)
        return "perfscope-counters.dll";
    return (std::filesystem::path(std::wstring(path, n)).parent_path() / "perfscope-counters.dll").string();
}

void print(std::FILE* out, const char* verb, const CounterRegistration& r)
{
    std::fprintf(out,
                 "%s counters %s: HKLM\\SYSTEM\\CurrentControlSet\\Services\\%s\\Performance\n"
                 "  counter indices %" PRIu32 "..%" PRIu32 ", help indices %" PRIu32 "..%" PRIu32 "\n",
                 verb, r.name.c_str(), r.name.c_str(), r.first_counter, r.last_counter, r.first_help, r.last_help);
}
#endif

}  // namespace

wpo::Status run_counters(const Options& options, std::FILE* out)
{
#ifndef _WIN32
    (void)out;
    return wpo::Error(wpo::Errc::invalid_argument,
                      "counters " + options.counters_action +
                          " registers the provider DLL with Windows; on this system published counters need no "
                          "registration: perfscope serves them as soon as the application publishes them");
#else
    if (options.counters_action == "uninstall") {
        auto removed = uninstall_counters(options.counters_target);
        if (!removed)
            return removed.error();
        print(out, "Removed", *removed);
        return {};
    }
    auto text = files::read_text_file(options.counters_target, kMaxDefinitionBytes);
    if (!text)
        return text.error();
    auto definition = wpo::published::parse_definition(*text);
    if (!definition)
        return wpo::Error(definition.error().code(), options.counters_target + ": " + definition.error().message());
    std::string library = options.library.empty() ? default_library() : options.library;
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(library, ec);
    if (!ec)
        library = absolute.string();
    if (!std::filesystem::is_regular_file(library, ec))
        return wpo::Error(wpo::Errc::not_found, "no provider DLL at " + library + "; give its path with --library");
    auto installed = install_counters(*definition, library);
    if (!installed)
        return installed.error();
    print(out, "Installed", *installed);
    std::fprintf(out, "  library %s, objects %s\n", installed->library.c_str(), installed->object_list.c_str());
    if (!installed->indices_from_lodctr)
        std::fprintf(out, "  (LoadPerfCounterTextStrings allocated no indices, as under Wine: allocated after "
                          "Perflib's Last Counter; monitors show the objects by index)\n");
    return {};
#endif
}

}  // namespace perfscope::cli
