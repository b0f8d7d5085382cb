// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve` in a build without cpp-httplib: the command exists and says why it cannot serve.
#include "cli/commands.h"

namespace perfscope::cli {

wpo::Status run_serve(const Options&, Context&)
{
    return wpo::Error(wpo::Errc::unsupported,
                      "this build of perfscope-cli has no HTTP server (built without cpp-httplib)");
}

}  // namespace perfscope::cli
