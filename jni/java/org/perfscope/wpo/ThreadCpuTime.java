// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * One native thread's CPU time in a {@link ThreadCpu} sample (see {@link ThreadCpu#threads()}).
 *
 * @param nativeId the operating system's thread id (Linux TID, Windows thread id)
 * @param name the thread's native name ({@code /proc/<pid>/task/<tid>/comm} on Linux, at most 15 characters:
 *     "C2 CompilerThre", "GC Thread#0", "Common-Cleaner")
 * @param startTime the thread's start as the Thread object's Elapsed Time raw value (100 ns units); with
 *     {@code nativeId} the thread's identity
 * @param cpuNanos user plus privileged CPU time since the thread started, in nanoseconds (the raw 100 ns
 *     {@code % Processor Time} timer times 100, so its resolution is the kernel's: a clock tick on Linux)
 * @param percent % of one CPU over the interval since the previous sample; NaN when the thread was not in it
 */
public record ThreadCpuTime(long nativeId, String name, long startTime, long cpuNanos, double percent) {
}
