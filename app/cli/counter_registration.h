// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli counters install|uninstall` on Windows: registers the
// provider DLL perfscope-counters.dll for one publisher's definition the way
// lodctr would (docs/windows-provider.md).
//
// install writes (the contract of provider/registration.h, which the DLL
// reads) HKLM\SYSTEM\CurrentControlSet\Services\<Name>:
//   Performance: Library, Open, Collect, Close, First/Last Counter,
//                First/Last Help, Object List, and "Perfscope Provider" = 1
//                (the mark uninstall checks before it removes anything);
//   Linkage:     Export = <Name> (what the registry hands to the DLL's Open,
//                so one DLL serves the publisher it was registered for).
// and loads the names and help texts with LoadPerfCounterTextStrings from an
// INI and a symbol header generated from the definition, as lodctr does.
// Where LoadPerfCounterTextStrings did not allocate the indices (Wine, where
// it is a stub that returns 0 and writes nothing), install allocates them
// itself from Perflib's Last Counter / Last Help and raises those.
//
// Every failure undoes what was done before it (the keys, Perflib's values,
// the loaded names): nothing is left half-registered.
#pragma once

#include "core/result.h"
#include "published/definition.h"

#include <cstdint>
#include <string>

#ifdef _WIN32
#include "provider/registration.h"
#endif

namespace perfscope::cli {

struct CounterRegistration {
    std::string name;
    std::string library;
    std::uint32_t first_counter = 0;
    std::uint32_t last_counter = 0;
    std::uint32_t first_help = 0;
    std::uint32_t last_help = 0;
    std::string object_list;
    bool indices_from_lodctr = false;  // LoadPerfCounterTextStrings allocated them (real Windows)
};

// The lodctr INI and symbol header for `definition` (what install hands to
// LoadPerfCounterTextStrings). Symbols: OBJ_<o> and CTR_<o>_<c>, offsets
// 2 x the item's position, so lodctr gives item i First Counter + 2i.
std::string lodctr_ini(const wpo::published::Definition& definition, const std::string& symbol_file);
std::string lodctr_header(const wpo::published::Definition& definition);

#ifdef _WIN32
// The keys and values (provider/registration.h), shared with the DLL.
using provider::service_key;

// `library`: the DLL's full path (written as Library). `fail_at_step`
// (tests only): fail at that step (1..kInstallSteps) as if a call had.
inline constexpr int kInstallSteps = 6;
wpo::Result<CounterRegistration> install_counters(const wpo::published::Definition& definition,
                                                  const std::string& library, int fail_at_step = 0);
// Errc::not_found when no counters of that name are installed.
wpo::Result<CounterRegistration> uninstall_counters(const std::string& name);
#endif

}  // namespace perfscope::cli
