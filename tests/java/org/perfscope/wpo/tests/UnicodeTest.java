// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.PerfObjects;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.jpmf.SensorNames;

/** Strings cross JNI as UTF-16: characters outside the BMP round-trip, an unpaired surrogate is a clear error. */
class UnicodeTest {
    private static final String GRINNING = "\uD83D\uDE00";  // U+1F600, a surrogate pair in Java

    @Test
    void aProcessNamedWithAnEmojiIsListedAndOpenedByThatName() throws Exception {
        String name = GRINNING + "emoji";
        // Linux keeps the first 15 bytes of the file name as the process name; this one has 9.
        assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= 15);
        Path dir = Files.createTempDirectory("perfscope-unicode");
        Path program = dir.resolve(name);
        Files.copy(Path.of("/bin/sleep"), program, StandardCopyOption.COPY_ATTRIBUTES);
        Process child = new ProcessBuilder(program.toString(), "30").start();
        try {
            String instance = name + ":" + child.pid();
            // /proc/<pid>/stat is written when the kernel has run exec; wait for the new name.
            List<String> instances = List.of();
            for (int i = 0; i < 100 && !instances.contains(instance); i++) {
                Thread.sleep(20);
                instances = PerfObjects.instances("Process");
            }
            assertTrue(instances.contains(instance), instance + " among " + instances.size() + " instances");
            String path = "\\Process(" + instance + ")\\ID Process";
            try (Sampler sampler = Sampler.open(path)) {
                assertEquals(List.of(path), sampler.columns());
                sampler.sample();
                assertEquals(child.pid(), sampler.value(0), 0.0);
                assertEquals(child.pid(), sampler.value(path), 0.0);
            }
        } finally {
            child.destroyForcibly();
            child.waitFor();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aPathWithASurrogatePairReachesTheEngineIntact() {
        String path = "\\Process(" + GRINNING + "nobody:1)\\ID Process";
        WPOException e = assertThrows(WPOException.class, () -> Sampler.open(path));
        assertTrue(e.getMessage().contains(GRINNING + "nobody"), e.getMessage());
    }

    @Test
    void anUnpairedSurrogateIsAnInvalidArgument() {
        String path = "\\Process(\uD83Dx)\\ID Process";
        WPOException e = assertThrows(WPOException.class, () -> Sampler.open("\\Memory\\Available Bytes", path));
        assertEquals(WPOError.INVALID_ARGUMENT, e.code());
        assertTrue(e.getMessage().contains("counter path 1 has an unpaired surrogate U+D83D at character 9"),
                e.getMessage());
        WPOException low = assertThrows(WPOException.class, () -> SensorNames.parse("\uDE00"));
        assertEquals(WPOError.INVALID_ARGUMENT, low.code());
        // The library carries on.
        try (Sampler sampler = Sampler.open("\\Memory\\Available Bytes")) {
            assertEquals(1, sampler.columns().size());
        }
    }

    @Test
    void sensorNamesRoundTripOutsideTheBmp() {
        String instance = GRINNING + "emoji:42";
        String sensor = SensorNames.format("Process", "ID Process", instance);
        // No '%', '/' or '#' in the parts, so nothing is escaped (docs/snapshots-and-cache.md §6).
        assertEquals("win32.winperf/Process/ID Process#" + instance, sensor);
        assertArrayEquals(new String[] {"Process", "ID Process", instance}, SensorNames.parse(sensor));
    }
}
