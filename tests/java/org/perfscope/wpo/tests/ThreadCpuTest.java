// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.NativeThread;
import org.perfscope.wpo.ThreadCpu;

/** A busy Java thread's CPU time from the Thread object, found by its native thread id. */
class ThreadCpuTest {
    @Test
    void nativeIdIsTheLinuxTid() throws Exception {
        long tid = NativeThread.currentThreadId();
        // /proc/thread-self links to /proc/<pid>/task/<tid> of the calling thread.
        String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
        assertEquals(ProcessHandle.current().pid() + "/task/" + tid, self);
        long[] other = new long[1];
        Thread t = new Thread(() -> other[0] = NativeThread.currentThreadId());
        t.start();
        t.join();
        assertTrue(other[0] > 0 && other[0] != tid, "another thread, another id");
        assertTrue(Files.isDirectory(Path.of("/proc/self/task/" + tid)));
    }

    @Test
    void busyThreadCpuMatchesTheJvmsOwnAccount() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        AtomicLong sink = new AtomicLong();
        Thread busy = new Thread(() -> {
            ThreadCpu.register();
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                x += System.nanoTime() & 1;
            }
            sink.set(x);
        }, "busy");
        busy.start();
        while (ThreadCpu.nativeIdOf(busy).isEmpty()) {
            Thread.onSpinWait();
        }
        try (ThreadCpu cpu = new ThreadCpu()) {
            long cpu0 = mx.getThreadCpuTime(busy.getId());
            long wall0 = System.nanoTime();
            Thread.sleep(1500);
            cpu.sample();
            long cpu1 = mx.getThreadCpuTime(busy.getId());
            long wall1 = System.nanoTime();
            double expected = 100.0 * (cpu1 - cpu0) / (wall1 - wall0);
            double measured = cpu.percent(busy);
            assertTrue(!Double.isNaN(measured), "the busy thread's instance was found by its native id");
            // Both count the same thread over nearly the same interval; procfs ticks are 10 ms.
            assertEquals(expected, measured, 10.0, "expected (JVM's own count) vs measured");
            // How much CPU the spinner gets depends on the machine's load; that it got some does not.
            assertTrue(expected > 0.5 && measured > 0.5, "a spinning thread uses CPU: " + measured);
            assertTrue(Double.isNaN(cpu.percent(-1L)));
            assertTrue(Double.isNaN(cpu.percent(new Thread(() -> { }))), "an unregistered thread has no value");
        } finally {
            busy.interrupt();
            busy.join();
        }
    }
}
