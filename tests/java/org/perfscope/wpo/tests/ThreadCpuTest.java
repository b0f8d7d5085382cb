// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.NativeThread;
import org.perfscope.wpo.ThreadCpu;
import org.perfscope.wpo.ThreadCpuTime;

/**
 * The JVM's native threads and their CPU time from the Thread object of this process only: cumulative time
 * against the JVM's own account, every thread listed by name without registering, a dead thread has no value.
 */
class ThreadCpuTest {
    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    /**
     * One clock tick of procfs CPU times in ns (USER_HZ is 100 on every Linux architecture the library ships for):
     * utime + stime are whole ticks, so a difference of two is off by less than one tick at each end.
     */
    private static final long TICK_NANOS = 10_000_000L;

    /** A thread spinning until interrupted, named so that its native name tells it apart. */
    private static Thread spinner(String name, boolean register) {
        AtomicLong sink = new AtomicLong();
        return new Thread(() -> {
            if (register) {
                ThreadCpu.register();
            }
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                x += System.nanoTime() & 1;
            }
            sink.set(x);
        }, name);
    }

    private static Set<Long> tasksOfThisProcess() throws Exception {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.map(p -> Long.parseLong(p.getFileName().toString())).collect(Collectors.toSet());
        }
    }

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
        assertTrue(NativeThread.currentThreadStart() > 0, "the start time of a live thread is known");
    }

    @Test
    void busyThreadsCumulativeTimeGrowsAsTheJvmCountsIt() throws Exception {
        Thread busy = spinner("busy", true);
        busy.start();
        while (ThreadCpu.nativeIdOf(busy).isEmpty()) {
            Thread.onSpinWait();
        }
        try (ThreadCpu cpu = new ThreadCpu()) {
            long mx0Before = MX.getThreadCpuTime(busy.getId());
            long wall0 = System.nanoTime();
            cpu.sample();
            long mx0After = MX.getThreadCpuTime(busy.getId());
            long ours0 = cpu.cpuNanos(busy);
            Thread.sleep(1500);
            long mx1Before = MX.getThreadCpuTime(busy.getId());
            cpu.sample();
            long wall1 = System.nanoTime();
            long mx1After = MX.getThreadCpuTime(busy.getId());
            long ours1 = cpu.cpuNanos(busy);
            assertTrue(ours0 >= 0 && ours1 >= 0, "the busy thread is found by its native id and start");
            long grew = ours1 - ours0;
            // The JVM's account of the same thread over an interval that contains ours (upper) or lies in it
            // (lower); procfs counts whole ticks, one tick off at each end at most.
            long most = mx1After - mx0Before + 2 * TICK_NANOS;
            long least = mx1Before - mx0After - 2 * TICK_NANOS;
            assertTrue(grew <= most && grew >= least, "grew " + grew + " ns, JVM: " + least + " .. " + most);
            // A thread cannot use more than the wall time between the samples.
            assertTrue(grew <= wall1 - wall0 + 2 * TICK_NANOS, "grew " + grew + " ns in " + (wall1 - wall0));
            assertTrue(grew > 0, "a spinning thread uses CPU");
            // The percentage is the same growth over the sampling interval, which lies within [wall0, wall1]
            // (less the ticks' rounding).
            double percent = cpu.percent(busy);
            assertTrue(percent >= 100.0 * (grew - 2 * TICK_NANOS) / (wall1 - wall0), "percent " + percent);
            assertEquals(percent, cpu.percent(ThreadCpu.nativeIdOf(busy).getAsLong()));
            assertTrue(Double.isNaN(cpu.percent(-1L)));
            assertEquals(-1, cpu.cpuNanos(-1L));
            assertTrue(Double.isNaN(cpu.percent(new Thread(() -> { }))), "an unregistered thread has no value");
        } finally {
            busy.interrupt();
            busy.join();
        }
    }

    @Test
    void everyNativeThreadOfTheJvmIsListedByNameWithoutRegistering() throws Exception {
        Thread busy = spinner("unregistered-1", false);
        busy.start();
        try (ThreadCpu cpu = new ThreadCpu()) {
            Thread.sleep(200);
            cpu.sample();
            List<ThreadCpuTime> threads = cpu.threads();
            assertEquals(cpu.threadCount(), threads.size());
            Set<String> names = threads.stream().map(ThreadCpuTime::name).collect(Collectors.toSet());
            // Linux keeps 15 bytes of a thread's name.
            assertTrue(names.contains("Common-Cleaner"), names.toString());
            assertTrue(names.contains("unregistered-1"), names.toString());
            assertTrue(names.contains("VM Thread"), names.toString());
            assertTrue(names.stream().anyMatch(n -> n.startsWith("C2 CompilerThre") || n.startsWith("C1 CompilerThre")),
                    "a JIT compiler thread: " + names);
            boolean g1 = ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .anyMatch(gc -> gc.getName().startsWith("G1"));
            if (g1) {
                assertTrue(names.stream().anyMatch(n -> n.startsWith("GC Thread") || n.startsWith("G1 ")),
                        "a G1 collector thread: " + names);
            }
            // This process's tasks and nothing else: every id listed is one of them, and ours is there.
            Set<Long> tasks = tasksOfThisProcess();
            Set<Long> listed = threads.stream().map(ThreadCpuTime::nativeId).collect(Collectors.toSet());
            assertTrue(listed.contains(NativeThread.currentThreadId()));
            for (long id : listed) {
                assertTrue(tasks.contains(id), "thread " + id + " is not a task of this process: " + tasks);
            }
            for (ThreadCpuTime t : threads) {
                assertTrue(t.cpuNanos() >= 0 && t.cpuNanos() % 100 == 0, t.toString());
                assertTrue(t.startTime() > 0, t.toString());
            }
        } finally {
            busy.interrupt();
            busy.join();
        }
    }

    @Test
    void aDeadThreadHasNoValue() throws Exception {
        CountDownLatch registered = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread shortLived = new Thread(() -> {
            ThreadCpu.register();
            registered.countDown();
            try {
                finish.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "short-lived");
        shortLived.start();
        registered.await();
        try (ThreadCpu cpu = new ThreadCpu()) {
            cpu.sample();
            assertTrue(!Double.isNaN(cpu.percent(shortLived)), "alive and sampled twice: a value");
            assertTrue(cpu.cpuNanos(shortLived) >= 0);
            finish.countDown();
            shortLived.join();
            assertTrue(Double.isNaN(cpu.percent(shortLived)), "ended: NaN even before the next sample");
            cpu.sample();
            assertTrue(Double.isNaN(cpu.percent(shortLived)), "ended: NaN");
            // (Its native thread may outlive join() by a moment: asked by id, a sample may still show it.)
            assertEquals(-1, cpu.cpuNanos(shortLived));
        }
    }

    @Test
    void steadySamplingAllocatesNothing() {
        try (ThreadCpu cpu = new ThreadCpu()) {
            for (int i = 0; i < 200; i++) {
                cpu.sample();
            }
            long before = MX.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 1000; i++) {
                cpu.sample();
            }
            long after = MX.getThreadAllocatedBytes(Thread.currentThread().getId());
            assertEquals(0, after - before, "bytes allocated by 1,000 samples");
        }
    }
}
