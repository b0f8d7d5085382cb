// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOSnapshotInputInfo;
import org.perfscope.wpo.PerfObjects;

/** The plain API over the live /proc. */
class SamplerTest {
    @Test
    void thisJvmsProcessByPathAndAWildcard() throws Exception {
        long pid = ProcessHandle.current().pid();
        String mine = "\\Process(java:" + pid + ")\\ID Process";
        try (Sampler sampler = Sampler.open(mine, "\\Processor(*)\\% Processor Time", "\\Memory\\Available Bytes")) {
            List<String> columns = sampler.columns();
            assertEquals(mine, columns.get(0));
            int cpus = Runtime.getRuntime().availableProcessors();
            long processorColumns = columns.stream().filter(c -> c.startsWith("\\Processor(")).count();
            assertTrue(processorColumns >= 2, "CPUs and _Total: " + columns);
            assertTrue(columns.contains("\\Processor(_Total)\\% Processor Time"), columns.toString());
            Thread.sleep(200);
            sampler.sample();
            assertEquals(pid, sampler.value(mine), 0.0);
            assertEquals(pid, sampler.value(0), 0.0);
            double total = sampler.value("\\Processor(_Total)\\% Processor Time");
            assertTrue(total >= 0 && total <= 100.0001, "total " + total);
            // MemAvailable from /proc/meminfo, read independently, within 256 MiB of the sampler's figure.
            long availableKb = Files.readAllLines(Path.of("/proc/meminfo")).stream()
                    .filter(l -> l.startsWith("MemAvailable:")).map(l -> l.replaceAll("[^0-9]", ""))
                    .mapToLong(Long::parseLong).findFirst().orElseThrow();
            assertEquals(availableKb * 1024.0, sampler.value("\\Memory\\Available Bytes"), 256.0 * 1024 * 1024);
            assertTrue(cpus >= 1);
        }
    }

    @Test
    void aChildProcessColumnReadsNanAfterItExits() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try (Sampler sampler = Sampler.open("\\Process(sleep:" + child.pid() + ")\\ID Process")) {
            sampler.sample();
            assertEquals(child.pid(), sampler.value(0), 0.0);
            child.destroy();
            child.waitFor();
            Thread.sleep(50);
            sampler.sample();
            assertTrue(Double.isNaN(sampler.value(0)), "gone: NaN, never another process's value");
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void wildcardColumnsFollowProcessesThatStartAndEnd() throws Exception {
        try (Sampler sampler = Sampler.open("\\Process(*)\\ID Process", "\\Memory\\Available Bytes")) {
            Process child = new ProcessBuilder("sleep", "30").start();
            String column = "\\Process(sleep:" + child.pid() + ")\\ID Process";
            try {
                assertFalse(sampler.columns().contains(column), "started after open");
                sampler.sample();
                assertTrue(sampler.columnsChanged(), "a process started");
                assertTrue(sampler.columns().contains(column), column + " among " + sampler.columns().size());
                assertEquals(sampler.columns().size() - 1, sampler.columnOf("\\Memory\\Available Bytes"),
                        "paths keep their order, the wildcard's instances first");
                sampler.sample();
                if (sampler.columnOf(column) >= 0) {  // measured from its second sample on, as any new instance
                    assertEquals(child.pid(), sampler.value(column), 0.0);
                }
            } finally {
                child.destroy();
                child.waitFor();
            }
            sampler.sample();
            assertTrue(sampler.columnsChanged(), "a process ended");
            assertFalse(sampler.columns().contains(column), "gone with its process");
            assertEquals(-1, sampler.columnOf(column));
            assertEquals(sampler.columns().size(), sampler.columnOf("\\Memory\\Available Bytes") + 1);
        }
    }

    @Test
    void aSteadyWildcardSampleReportsNoChange() {
        try (Sampler sampler = Sampler.open("\\Processor(*)\\% Processor Time")) {
            List<String> before = sampler.columns();
            for (int i = 0; i < 5; i++) {
                sampler.sample();
                assertFalse(sampler.columnsChanged(), "processors neither start nor end");
            }
            assertSame(before, sampler.columns(), "the same list, not a copy");
        }
    }

    @Test
    void readingTimesAndChangesOfASteadyWildcardAllocatesNothing() {
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long me = Thread.currentThread().getId();
        try (Sampler sampler = Sampler.open("\\Processor(*)\\% Processor Time", "\\Memory\\Available Bytes");
                JWPOSnapshot snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                        new WPOSnapshotInputInfo(Fixtures.MEMORY, 0))) {
            long sink = 0;
            long before = 0;
            for (int i = 0; i < 250; i++) {
                if (i == 50) {  // after the warm-up: buffers grown, code compiled
                    before = mx.getThreadAllocatedBytes(me);
                }
                sampler.sample();
                sink += sampler.collectedAtEpochNanos() + sampler.ageNanos() + (sampler.columnsChanged() ? 1 : 0);
                snapshot.measure();
                sink += snapshot.collectedAtEpochNanos() + snapshot.ageNanos();
            }
            long bytes = mx.getThreadAllocatedBytes(me) - before;
            assertTrue(sink != 0);
            assertEquals(0, bytes, "bytes allocated by 200 samples, measurements and time readings");
        }
    }

    @Test
    void aProcessThatExitedBeforeTheCollectionDoesNotReadAsAlive() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        String path = "\\Process(sleep:" + child.pid() + ")\\ID Process";
        try (Sampler mine = Sampler.open(path); Sampler other = Sampler.open(path);
                Sampler strict = Sampler.open(path)) {
            strict.setMaxAgeNanos(0);
            mine.sample();
            other.sample();  // collected while the child lives, shared through the cache
            child.destroy();
            child.waitFor();
            long exited = Sampler.nowEpochNanos();
            mine.sample();
            if (!Double.isNaN(mine.value(0))) {
                assertTrue(mine.collectedAtEpochNanos() < exited, "alive only in data collected before the exit");
            }
            strict.sample();
            assertTrue(strict.collectedAtEpochNanos() >= Math.floorDiv(exited, 100) * 100);
            assertTrue(Double.isNaN(strict.value(0)), "collected after the exit: not alive");
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void browsingListsObjectsCountersAndInstances() {
        List<String> objects = PerfObjects.objects();
        assertTrue(objects.containsAll(List.of("Process", "Thread", "Processor", "Memory")), objects.toString());
        List<String> counters = PerfObjects.counters("Process");
        assertTrue(counters.containsAll(List.of("% Processor Time", "ID Process")), counters.toString());
        List<String> instances = PerfObjects.instances("Process");
        assertTrue(instances.contains("java:" + ProcessHandle.current().pid()), "this JVM among " + instances.size());
    }
}
