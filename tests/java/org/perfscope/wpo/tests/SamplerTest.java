// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.Sampler;
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
    void browsingListsObjectsCountersAndInstances() {
        List<String> objects = PerfObjects.objects();
        assertTrue(objects.containsAll(List.of("Process", "Thread", "Processor", "Memory")), objects.toString());
        List<String> counters = PerfObjects.counters("Process");
        assertTrue(counters.containsAll(List.of("% Processor Time", "ID Process")), counters.toString());
        List<String> instances = PerfObjects.instances("Process");
        assertTrue(instances.contains("java:" + ProcessHandle.current().pid()), "this JVM among " + instances.size());
    }
}
