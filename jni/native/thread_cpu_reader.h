// SPDX-License-Identifier: Apache-2.0
// The native side of org.perfscope.wpo.ThreadCpu: the CPU time of one
// process's threads (the JVM's own), from the Thread object (232) collected
// for that process only ("230/<pid>:784 232/<pid>:6", object_query.h), so
// that procfs reads /proc/<pid>/task/* and nothing of other processes.
//
// Each sample yields one row per thread of the process: native id, start
// time (the pair is the thread's identity, naming/instance_identity.h),
// cumulative CPU time (the raw % Processor Time, a 100 ns timer) and the
// percentage of one CPU since the previous sample. A thread whose identity
// is new (started since, or a reused id) has NaN for its percentage, never
// another thread's time. Steady samples allocate nothing; calls are
// serialised by the reader's own mutex.
#pragma once

#include "core/result.h"
#include "decode/object_layout.h"
#include "naming/instance_identity.h"
#include "snapshot/shared_source.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace perfscope::jni {

class ThreadCpuReader {
public:
    struct Row {
        std::int64_t id = 0;         // native thread id (TID)
        std::int64_t start = 0;      // start time as the Thread object's identity has it (a FILETIME on both platforms)
        std::int64_t cpu_100ns = 0;  // user + privileged time so far
        double percent = 0.0;        // NaN when the thread has no previous sample
    };

    // The threads of `process_id`. Collects once (the first sample, so the
    // next has a previous one); the source's error if that fails.
    static wpo::Result<std::unique_ptr<ThreadCpuReader>> open(wpo::SharedSource& source, std::uint32_t process_id);

    // One collection; its rows copied into `out` (which keeps its capacity).
    wpo::Status sample(std::vector<Row>& out);
    // The rows of the last sample, and their threads' names (UTF-8).
    void rows(std::vector<Row>& out);
    void names(std::vector<std::string>& out);

private:
    ThreadCpuReader(wpo::SharedSource& source, std::uint32_t process_id);
    wpo::Status collect();

    std::mutex m_mutex;
    wpo::SharedSource& m_source;
    std::uint32_t m_process_id;
    std::string m_query;
    // The two last blocks and what was taken out of them (current = m_at).
    std::vector<std::byte> m_blocks[2];
    std::vector<Row> m_rows[2];
    std::vector<wpo::RawValue> m_raw[2];
    std::vector<wpo::InstanceIdentity> m_ids[2];
    std::vector<std::uint32_t> m_positions[2];  // each row's instance position in its block
    wpo::TimeStamps m_times[2];
    int m_at = 0;
    std::vector<std::int32_t> m_previous_of;
    std::vector<wpo::InstanceIdentity> m_all_ids;
    wpo::InstanceIdentifier m_identifier;
    // The Thread object's layouts, recomputed only when its definitions change.
    std::vector<wpo::CounterLayout> m_layouts;
    std::vector<std::byte> m_definitions;
};

}  // namespace perfscope::jni
