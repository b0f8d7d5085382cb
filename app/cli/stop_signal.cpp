// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include <atomic>
#include <csignal>

namespace perfscope::cli {
namespace {

// sig_atomic_t is what a signal handler may portably write.
volatile std::sig_atomic_t g_stop = 0;

extern "C" void on_stop_signal(int)
{
    g_stop = 1;
}

}  // namespace

bool stop_requested()
{
    return g_stop != 0;
}

void install_stop_handler()
{
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
}

}  // namespace perfscope::cli
