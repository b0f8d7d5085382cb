// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.CalcValue;
import org.perfscope.wpo.CounterRecord;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.ValueType;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/** Browsing and sampling the live /proc through the thesis's native methods (docs/java.md §2). */
class SnapshotTest {
    private static List<String> split(char[] chars) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (chars[at] != 0) {
            int end = at;
            while (chars[end] != 0) {
                end++;
            }
            out.add(new String(chars, at, end - at));
            at = end + 1;
        }
        return out;
    }

    @Test
    void processObjectBrowsesAndSamplesThisJvm() {
        long pid = ProcessHandle.current().pid();
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.PROCESS, 0))) {
            int h = s.handle();
            int objects = JWPOSnapshot.getSnapshotPerfObjectCount(h);
            int[] indices = new int[objects];
            assertEquals(objects, JWPOSnapshot.getSnapshotPerfObjectNames(h, indices));
            assertTrue(Arrays.stream(indices).anyMatch(i -> i == Fixtures.PROCESS), Arrays.toString(indices));

            int counters = JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, Fixtures.PROCESS);
            CounterRecord[] records = new CounterRecord[counters];
            for (int i = 0; i < counters; i++) {
                records[i] = new CounterRecord();
            }
            assertEquals(counters, JWPOSnapshot.getSnapshotPerfObjectCounters(h, Fixtures.PROCESS, records));
            CounterRecord cpu = Arrays.stream(records).filter(r -> r.counterIndex == Fixtures.PERCENT_PROCESSOR_TIME)
                    .findFirst().orElseThrow();
            assertEquals(CounterRecord.KIND_COUNTER, cpu.counterKind, "% Processor Time is a rate");
            assertEquals(Fixtures.PERCENT_PROCESSOR_TIME + 1, cpu.counterDescription, "help = index + 1 on Linux");
            assertEquals(ValueType.DOUBLE, cpu.valueType);
            CounterRecord id = Arrays.stream(records).filter(r -> r.counterIndex == Fixtures.ID_PROCESS)
                    .findFirst().orElseThrow();
            assertEquals(CounterRecord.KIND_GAUGE, id.counterKind);

            int instances = JWPOSnapshot.getSnapshotPerfObjectInstancesCount(h, Fixtures.PROCESS);
            int length = JWPOSnapshot.getSnapshotPerfObjectInstancesLength(h, Fixtures.PROCESS);
            char[] names = new char[length];
            int[] parents = new int[instances];
            assertEquals(instances, JWPOSnapshot.getSnapshotPerfObjectInstances(h, Fixtures.PROCESS, names, parents));
            List<String> list = split(names);
            assertEquals(instances, list.size());
            assertTrue(list.contains("java"), "this JVM's process is named java");

            CalcValue[] values = Fixtures.cycle(h);
            // This JVM's instance: ID Process equals our pid, and its position names "java".
            CalcValue mine = Arrays.stream(values)
                    .filter(v -> v.counterIndex == Fixtures.ID_PROCESS && v.isValid() && v.asDouble() == pid)
                    .findFirst().orElseThrow(() -> new AssertionError("no instance with ID Process " + pid));
            assertEquals(Fixtures.PROCESS, mine.perfObjectIndex);
            assertTrue(mine.instanceIndex >= 0);
            char[] display = new char[64 * 1024];
            assertTrue(JWPOSnapshot.getSnapshotPerfObjectInstanceDisplayNames(h, Fixtures.PROCESS, display) > 0);
            List<String> displays = split(display);
            assertEquals("java:" + pid, displays.get(mine.instanceIndex));
            // Its CPU time: a valid, non-negative percentage (the test itself keeps it busy).
            boolean cpuSeen = Arrays.stream(values).anyMatch(v -> v.instanceIndex == mine.instanceIndex
                    && v.counterIndex == Fixtures.PERCENT_PROCESSOR_TIME && v.isValid() && v.asDouble() >= 0);
            assertTrue(cpuSeen, "% Processor Time of this JVM");
        }
    }

    @Test
    void globalSnapshotHasTheLinuxObjectsAndFastValuesMatchItems() {
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_GLOBAL)) {
            int h = s.handle();
            int[] indices = new int[JWPOSnapshot.getSnapshotPerfObjectCount(h)];
            JWPOSnapshot.getSnapshotPerfObjectNames(h, indices);
            for (int expected : new int[] {Fixtures.MEMORY, Fixtures.PROCESS, Fixtures.THREAD, Fixtures.PROCESSOR}) {
                assertTrue(Arrays.stream(indices).anyMatch(i -> i == expected), expected + " in " + Arrays.toString(indices));
            }
            CalcValue[] items = Fixtures.cycle(h);
            double[] fast = new double[items.length];
            int[] objects = new int[items.length];
            int[] counters = new int[items.length];
            int[] instances = new int[items.length];
            assertEquals(items.length, JWPOSnapshot.getSnapshotValues(h, fast));
            assertEquals(items.length, JWPOSnapshot.getSnapshotValueKeys(h, objects, counters, instances));
            for (int i = 0; i < items.length; i++) {
                assertEquals(items[i].perfObjectIndex, objects[i]);
                assertEquals(items[i].counterIndex, counters[i]);
                assertEquals(items[i].instanceIndex, instances[i]);
                if (items[i].isValid()) {
                    assertEquals(items[i].asDouble(), fast[i], 0.0);
                } else {
                    assertTrue(Double.isNaN(fast[i]));
                }
            }
        }
    }
}
