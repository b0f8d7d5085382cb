// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPONames;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.ValueType;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.WPOSnapshotInputInfo;
import org.perfscope.wpo.jpmf.DataSource;
import org.perfscope.wpo.jpmf.DoubleValueHandle;
import org.perfscope.wpo.jpmf.ProbeContext;
import org.perfscope.wpo.jpmf.Sensor;
import org.perfscope.wpo.jpmf.SensorNames;
import org.perfscope.wpo.jpmf.SensorType;
import org.perfscope.wpo.jpmf.SingleSensor;
import org.perfscope.wpo.jpmf.StaticSensor;
import org.perfscope.wpo.jpmf.ValueHandle;
import org.perfscope.wpo.jpmf.WinPerfDataSource;

/** The JPMF-shaped data source over the live /proc. */
class JpmfTest {
    static DataSource source() {
        return ServiceLoader.load(DataSource.class).findFirst().orElseThrow(
                () -> new AssertionError("META-INF/services names no DataSource"));
    }

    @Test
    void sensorNamesAreWrittenAsTheThesisWritesThem() {
        assertEquals("win32.winperf/Process/% Processor Time#1234",
                SensorNames.format("Process", "% Processor Time", "1234"));
        assertEquals("win32.winperf/PhysicalDisk/Avg. Disk sec/Read#0 C:",
                SensorNames.format("PhysicalDisk", "Avg. Disk sec/Read", "0 C:"));
        assertEquals("win32.winperf/Thread/ID Thread#kworker/0:1#1",
                SensorNames.format("Thread", "ID Thread", "kworker/0:1#1"));
        // Only what the syntax would misread is escaped: '/' ends the object, '#' starts the instance, and "%HH"
        // reads as an escape.
        assertEquals("win32.winperf/a%2Fb%23/c%23d#e%2541", SensorNames.format("a/b#", "c#d", "e%41"));
        assertArrayEquals(new String[] {"a/b#", "c#d", "e%41"},
                SensorNames.parse("win32.winperf/a%2Fb%23/c%23d#e%2541"));
        assertArrayEquals(new String[] {"Memory", "Available Bytes"},
                SensorNames.parse("win32.winperf/Memory/Available Bytes"));
        assertArrayEquals(new String[] {"Process", "% Processor Time", "42"},
                SensorNames.parse("win32.winperf/Process/% Processor Time#42"));
        // The escaped form of earlier releases still names the same sensor.
        assertArrayEquals(new String[] {"Process", "% Processor Time", "42"},
                SensorNames.parse("win32.winperf/Process/%25 Processor Time#42"));
        assertEquals(WPOError.INVALID_ARGUMENT,
                assertThrows(WPOException.class, () -> SensorNames.parse("other/Memory/Available Bytes")).code());
        assertEquals(WPOError.INVALID_ARGUMENT,
                assertThrows(WPOException.class, () -> SensorNames.parse("win32.winperf/Memory")).code());
    }

    @Test
    void sensorsOfTheGlobalAndCostlyObjects() {
        DataSource source = source();
        assertEquals("win32.winperf", source.name());
        Sensor available = source.sensor("win32.winperf/Memory/Available Bytes");
        assertTrue(available instanceof SingleSensor, String.valueOf(available));
        assertEquals(SensorType.GAUGE, available.type());
        assertEquals(ValueType.LONG, available.valueType());
        assertTrue(available.help().startsWith("Memory available for new allocations"), available.help());
        Sensor cpu = source.sensor("win32.winperf/Process/% Processor Time");
        assertTrue(cpu instanceof StaticSensor);
        assertEquals(SensorType.GAUGE, cpu.type(), "a percentage goes up and down: not a JPMF counter");
        assertEquals(ValueType.DOUBLE, cpu.valueType());
        assertEquals(cpu, source.sensor("win32.winperf/Process/%25 Processor Time".replace("%25", "%")));
        List<String> processes = ((StaticSensor) cpu).instances();
        assertTrue(processes.contains(String.valueOf(ProcessHandle.current().pid())), "Process instances by PID");
        List<Sensor> all = source.sensors();
        assertTrue(all.size() > 30, "sensors: " + all.size());
        for (Sensor s : all) {
            if (s.name().endsWith(WinPerfDataSource.CUMULATIVE_SUFFIX)) {
                assertEquals(SensorType.COUNTER, s.type(), s.name() + ": a cumulative raw value");
                assertEquals(ValueType.LONG, s.valueType(), s.name());
            } else {
                assertEquals(SensorType.GAUGE, s.type(), s.name() + ": a reading or a rate, which may decrease");
            }
            assertTrue(s.valueType() != ValueType.INTEGER, s.name() + ": 32-bit counters are unsigned, so LONG");
        }
        assertEquals(SensorType.COUNTER, source.sensor("win32.winperf/Process/% Processor Time (cumulative)").type());
        assertEquals(SensorType.COUNTER, source.sensor("win32.winperf/Memory/Page Faults/sec (cumulative)").type());
        assertNull(source.sensor("win32.winperf/Memory/Available Bytes (cumulative)"), "a level has no raw count");
        assertTrue(all.stream().anyMatch(s -> s.name().startsWith("win32.winperf/Process Memory Detail/")),
                "the costly object's sensors are offered");
        assertNull(source.sensor("win32.winperf/Memory/No Such Counter"));
    }

    @Test
    void probeContextMeasuresThisJvm() throws Exception {
        DataSource source = source();
        long pid = ProcessHandle.current().pid();
        String id = "win32.winperf/Process/ID Process#" + pid;
        String cpu = "win32.winperf/Process/% Processor Time#" + pid;
        String available = "win32.winperf/Memory/Available Bytes";
        try (ProbeContext context = source.createProbeContext(List.of(id, cpu, available))) {
            Thread.sleep(100);
            context.prepare();
            context.sample();
            context.decode();
            ValueHandle idValue = context.value(id);
            assertTrue(idValue.isValid());
            assertEquals(pid, idValue.longValue());
            ValueHandle cpuValue = context.value(cpu);
            assertTrue(cpuValue instanceof DoubleValueHandle);
            assertTrue(cpuValue.isValid() && cpuValue.doubleValue() >= 0, "cpu " + cpuValue.doubleValue());
            assertThrows(UnsupportedOperationException.class, cpuValue::longValue);
            assertTrue(context.value(available).isValid() && context.value(available).longValue() > 0);
        }
        assertEquals(WPOError.NOT_FOUND, assertThrows(WPOException.class,
                () -> source.createProbeContext(List.of("win32.winperf/Process/No Counter#1"))).code());
        assertEquals(WPOError.INVALID_ARGUMENT, assertThrows(WPOException.class,
                () -> source.createProbeContext(List.of("win32.winperf/Process/ID Process"))).code());
        assertNotNull(source.sensors());
    }

    @Test
    void cumulativeCpuTimeIsAJpmfCounter() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        DataSource source = source();
        long pid = ProcessHandle.current().pid();
        String cpu = "win32.winperf/Process/% Processor Time#" + pid;
        String cpuTime = "win32.winperf/Process/% Processor Time (cumulative)#" + pid;
        try (ProbeContext context = source.createProbeContext(List.of(cpu, cpuTime))) {
            long previous = -1;
            for (int i = 0; i < 3; i++) {
                spin(300);
                long before = os.getProcessCpuTime();
                cycle(context);
                long after = os.getProcessCpuTime();
                ValueHandle raw = context.value(cpuTime);
                assertTrue(raw instanceof org.perfscope.wpo.jpmf.LongValueHandle && raw.isValid(), "valid at once");
                long ns = raw.longValue() * 100;  // PERF_100NSEC_TIMER: 100 ns units
                assertTrue(raw.longValue() >= previous, "a counter never decreases: " + previous + " -> " + raw);
                // /proc counts in clock ticks (10 ms); a cached copy may be up to a second old.
                assertTrue(ns <= after + 20_000_000L && ns >= before - 1_000_000_000L,
                        "cpu time " + ns + " ns, the JVM says " + before + ".." + after);
                previous = raw.longValue();
            }
        }
    }

    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + 1);
        }
        assertTrue(x >= 0);
    }

    @Test
    void costlyObjectsAreSensorsToo() {
        DataSource source = source();
        long pid = ProcessHandle.current().pid();
        Sensor detail = source.sensors().stream()
                .filter(s -> s.name().startsWith("win32.winperf/Process Memory Detail/"))
                .findFirst().orElseThrow();
        assertTrue(detail instanceof StaticSensor, detail.toString());
        // Instances other than Process's are named by their display name ("java:1234").
        String self = ((StaticSensor) detail).instances().stream().filter(i -> i.endsWith(":" + pid)).findFirst()
                .orElseThrow(() -> new AssertionError("no instance of this JVM in " + detail.name()));
        String name = detail.name() + "#" + self;
        try (ProbeContext context = source.createProbeContext(List.of(name))) {
            context.prepare();
            context.sample();
            context.decode();
            assertTrue(context.value(name).isValid(), name + " has a value for this JVM");
            assertTrue(context.value(name).doubleValue() >= 0);
        }
    }

    @Test
    void anotherProcessInTheSamePlaceIsAnAnomaly() throws Exception {
        DataSource source = source();
        Process first = sleeper();
        try {
            String id = "win32.winperf/Process/ID Process#" + first.pid();
            try (ProbeContext context = source.createProbeContext(List.of(id))) {
                cycle(context);
                assertTrue(context.value(id).isValid());
                assertEquals(first.pid(), context.value(id).longValue());
                // One process exits and another starts: the count is what it was, the identities are not.
                first.destroy();
                first.waitFor();
                Process second = sleeper();
                try {
                    assertTrue(cycle(context), "a cycle in which a sampled process was replaced is anomalous");
                    assertFalse(context.value(id).isValid(), "the exited process has no value");
                } finally {
                    second.destroy();
                    second.waitFor();
                }
            }
        } finally {
            first.destroy();
        }
    }

    private static Process sleeper() throws Exception {
        return new ProcessBuilder("sleep", "30").start();
    }

    static boolean cycle(ProbeContext context) {
        context.prepare();
        boolean sampled = context.sample();
        return context.decode() || sampled;
    }

    @Test
    void publishedValuesArriveExactlyAndAnObjectPublishedLaterIsFound() throws Exception {
        String publisher = System.getProperty("perfscope.jpmf.publisher");
        assertNotNull(publisher, "-Dperfscope.jpmf.publisher names the test publisher");
        DataSource source = source();  // made before the object exists
        String object = "Perfscope Jpmf " + ProcessHandle.current().pid();
        String big = "win32.winperf/" + object + "/Big";
        String mid = "win32.winperf/" + object + "/Mid";
        String wide = "win32.winperf/" + object + "/Wide";
        assertNull(source.sensor(big), "not published yet");
        Process process = new ProcessBuilder(publisher, object).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals("ready", out.readLine());
            Sensor bigSensor = source.sensor(big);
            assertNotNull(bigSensor, "the data source finds an object published after it was made");
            assertEquals(ValueType.LONG, bigSensor.valueType());
            assertEquals("Two to the 53rd plus one.", bigSensor.help());
            assertEquals(ValueType.LONG, source.sensor(wide).valueType(), "a 32-bit counter is LONG: unsigned");
            long twoTo53PlusOne = (1L << 53) + 1;
            assertTrue((long) (double) twoTo53PlusOne != twoTo53PlusOne, "the value a double cannot hold");
            try (ProbeContext context = source.createProbeContext(List.of(big, mid, wide))) {
                cycle(context);
                assertTrue(context.value(big).isValid());
                assertEquals(twoTo53PlusOne, context.value(big).longValue());
                assertEquals((1L << 32) + 5, context.value(mid).longValue());
                assertEquals((1L << 32) - 5, context.value(wide).longValue(), "above Integer.MAX_VALUE, not capped");
                assertThrows(ArithmeticException.class, () -> context.value(wide).intValue());
            }
            // The name table of the data source's JWPONames: (object, counter name) -> index, and help texts.
            JWPONames names = JWPONames.load();
            int objectIndex = names.findObject(object);
            assertTrue(objectIndex > 0, "object index " + objectIndex);
            int midIndex = names.findCounter(objectIndex, "mid");
            assertEquals("Mid", names.getName(midIndex));
            assertEquals("Two to the 32nd plus five.", names.getHelp(midIndex + 1));
            assertEquals("Values for the JPMF tests.", names.getHelp(objectIndex + 1));
            assertEquals(-1, names.findCounter(objectIndex, "No Such Counter"));
        } finally {
            process.getOutputStream().close();
            process.waitFor();
        }
    }

    @Test
    void oneSnapshotMeasuredBySixteenThreads() throws Exception {
        try (JWPOSnapshot shared = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.MEMORY, 0), new WPOSnapshotInputInfo(Fixtures.PROCESSOR, 0))) {
            AtomicInteger failures = new AtomicInteger();
            AtomicReference<Throwable> first = new AtomicReference<>();
            Thread[] threads = new Thread[16];
            for (int t = 0; t < threads.length; t++) {
                threads[t] = new Thread(() -> {
                    for (int i = 0; i < 100; i++) {
                        try {
                            shared.measure();
                        } catch (RuntimeException e) {
                            failures.incrementAndGet();
                            first.compareAndSet(null, e);
                        }
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(0, failures.get(), "failed measure() calls of 1,600; first: " + first.get());
            assertTrue(JWPOSnapshot.getSnapshotItemCount(shared.handle()) > 0);
        }
    }

    @Test
    void steadyDecodeAllocatesNothing() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        DataSource source = source();
        StaticSensor cpu = (StaticSensor) source.sensor("win32.winperf/Processor/% Processor Time");
        List<String> names = new ArrayList<>();
        names.add("win32.winperf/Memory/Available Bytes");
        for (String instance : cpu.instances()) {
            names.add(cpu.name() + "#" + instance);
        }
        try (ProbeContext context = source.createProbeContext(names)) {
            long sum = 0;
            for (int i = 0; i < 50; i++) {  // warm-up: arrays grow, code is compiled
                cycle(context);
                sum += context.value(names.get(0)).longValue();
            }
            long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 200; i++) {
                cycle(context);
                sum += context.value(names.get(0)).longValue();
            }
            long bytes = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            assertTrue(sum > 0);
            assertEquals(0, bytes, "bytes allocated by 200 probe-context cycles");
        }
    }

    @Test
    void valueBitsAreExactAndCheckTheirArrays() {
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.PROCESS, Fixtures.ID_PROCESS))) {
            s.measure();
            int h = s.handle();
            int n = JWPOSnapshot.getSnapshotItemCount(h);
            assertTrue(n > 0);
            long[] bits = new long[n];
            byte[] types = new byte[n];
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotValueBits(h, null, types));
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotValueBits(h, bits, null));
            assertEquals(WPOError.BUFFER_TOO_SMALL, JWPOSnapshot.getSnapshotValueBits(h, bits, new byte[n - 1]));
            assertEquals(n, JWPOSnapshot.getSnapshotValueBits(h, bits, types));
            boolean self = false;
            for (int i = 0; i < n; i++) {
                assertTrue(types[i] == ValueType.INTEGER.ordinal() || types[i] == ValueType.LONG.ordinal(),
                        "ID Process is an integer: " + types[i]);
                self |= bits[i] == ProcessHandle.current().pid();
            }
            assertTrue(self, "this JVM's PID is among the values");
        }
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotValueBits(0, new long[1], new byte[1]));
    }
}
