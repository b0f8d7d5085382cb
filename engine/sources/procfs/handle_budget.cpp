// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/handle_budget.h"

#include <sys/resource.h>

namespace wpo::procfs {
namespace {

std::atomic<std::size_t> g_process_held{0};

void raise_soft_limit()
{
    struct rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

// Half the soft limit as it is now: a source made after the application
// lowered it (or in a child that did) keeps to the lower one.
std::size_t current_share()
{
    struct rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 0;
    if (limit.rlim_cur == RLIM_INFINITY)
        return std::size_t{1} << 20;
    return static_cast<std::size_t>(limit.rlim_cur / 2);
}

}  // namespace

HandleBudget::HandleBudget(std::size_t own_limit, bool raise_limit) : m_limit(own_limit)
{
    if (raise_limit) {
        static const bool raised = (raise_soft_limit(), true);  // once per process, thread-safe
        (void)raised;
    }
    m_share = current_share();
}

HandleBudget::~HandleBudget()
{
    g_process_held.fetch_sub(m_held, std::memory_order_relaxed);
}

bool HandleBudget::take()
{
    if (m_held >= m_limit) {
        m_refused = true;
        return false;
    }
    const std::size_t cap = m_share;
    std::size_t held = g_process_held.load(std::memory_order_relaxed);
    do {
        if (held >= cap) {
            m_refused = true;
            return false;
        }
    } while (!g_process_held.compare_exchange_weak(held, held + 1, std::memory_order_relaxed));
    ++m_held;
    return true;
}

void HandleBudget::give()
{
    --m_held;
    g_process_held.fetch_sub(1, std::memory_order_relaxed);
}

bool HandleBudget::start_sweep()
{
    const bool refused = m_refused;
    m_refused = false;
    return refused;
}

std::size_t HandleBudget::process_held()
{
    return g_process_held.load(std::memory_order_relaxed);
}

}  // namespace wpo::procfs
