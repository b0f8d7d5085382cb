// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.ValueType;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.jpmf.DataSource;
import org.perfscope.wpo.jpmf.DoubleValueHandle;
import org.perfscope.wpo.jpmf.ProbeContext;
import org.perfscope.wpo.jpmf.Sensor;
import org.perfscope.wpo.jpmf.SensorNames;
import org.perfscope.wpo.jpmf.SensorType;
import org.perfscope.wpo.jpmf.SingleSensor;
import org.perfscope.wpo.jpmf.StaticSensor;
import org.perfscope.wpo.jpmf.ValueHandle;

/** The JPMF-shaped data source over the live /proc. */
class JpmfTest {
    private static DataSource source() {
        return ServiceLoader.load(DataSource.class).findFirst().orElseThrow(
                () -> new AssertionError("META-INF/services names no DataSource"));
    }

    @Test
    void sensorNamesEscapeAsTheThesisFormatRequires() {
        assertEquals("win32.winperf/Process/%25 Processor Time#1234",
                SensorNames.format("Process", "% Processor Time", "1234"));
        assertEquals("win32.winperf/PhysicalDisk/Avg. Disk sec%2FRead#0 C%3A".replace("%3A", ":"),
                SensorNames.format("PhysicalDisk", "Avg. Disk sec/Read", "0 C:"));
        assertEquals("win32.winperf/Thread/ID Thread#kworker%2F0:1%231",
                SensorNames.format("Thread", "ID Thread", "kworker/0:1#1"));
        assertArrayEquals(new String[] {"Memory", "Available Bytes"},
                SensorNames.parse("win32.winperf/Memory/Available Bytes"));
        assertArrayEquals(new String[] {"Process", "% Processor Time", "42"},
                SensorNames.parse("win32.winperf/Process/%25 Processor Time#42"));
        assertEquals(WPOError.INVALID_ARGUMENT,
                assertThrows(WPOException.class, () -> SensorNames.parse("other/Memory/Available Bytes")).code());
        assertEquals(WPOError.INVALID_ARGUMENT,
                assertThrows(WPOException.class, () -> SensorNames.parse("win32.winperf/Memory")).code());
    }

    @Test
    void sensorsOfTheGlobalObjects() {
        DataSource source = source();
        assertEquals("win32.winperf", source.name());
        Sensor available = source.sensor("win32.winperf/Memory/Available Bytes");
        assertTrue(available instanceof SingleSensor, String.valueOf(available));
        assertEquals(SensorType.GAUGE, available.type());
        Sensor cpu = source.sensor("win32.winperf/Process/%25 Processor Time");
        assertTrue(cpu instanceof StaticSensor);
        assertEquals(SensorType.COUNTER, cpu.type());
        assertEquals(ValueType.DOUBLE, cpu.valueType());
        List<String> processes = ((StaticSensor) cpu).instances();
        assertTrue(processes.contains(String.valueOf(ProcessHandle.current().pid())), "Process instances by PID");
        assertTrue(source.sensors().size() > 30, "sensors: " + source.sensors().size());
    }

    @Test
    void probeContextMeasuresThisJvm() throws Exception {
        DataSource source = source();
        long pid = ProcessHandle.current().pid();
        String id = "win32.winperf/Process/ID Process#" + pid;
        String cpu = "win32.winperf/Process/%25 Processor Time#" + pid;
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
}
