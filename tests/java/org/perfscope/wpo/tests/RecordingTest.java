// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfscope.wpo.Recording;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/**
 * Recordings opened as sources. The recordings are written by perfscope_java_recording_writer
 * (tests/java/native/recording_writer.cpp) with raw values given by formula, so every expected value here is
 * computed from the sample number; one more is made by the build's perfscope-cli record from this machine.
 */
class RecordingTest {
    /** Samples in the written recording, and their distance. */
    private static final int COUNT = 10;
    private static final long INTERVAL_MS = 1500;
    /** When the writer's first sample was collected. */
    private static final Instant START = Instant.parse("2024-03-01T12:00:00Z");

    @TempDir
    static Path dir;
    private static Path recording;

    @BeforeAll
    static void writeRecording() throws Exception {
        recording = dir.resolve("widgets.psrec");
        run(List.of(tool("perfscope.recording.writer"), recording.toString(), Integer.toString(COUNT),
                Long.toString(INTERVAL_MS)));
    }

    private static String tool(String property) {
        String path = System.getProperty(property);
        assertTrue(path != null && Files.isExecutable(Path.of(path)), "-D" + property + " names the program");
        return path;
    }

    private static void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), command + " did not finish");
        assertEquals(0, process.exitValue(), command + ": " + output);
    }

    private static Instant timeOf(int sample) {
        return START.plus(Duration.ofMillis(INTERVAL_MS * sample));
    }

    private static long epochNanos(Instant time) {
        return time.getEpochSecond() * 1_000_000_000L + time.getNano();
    }

    /** \Widgets\Level of sample i. */
    private static double level(int i) {
        return 1000 + 7 * i;
    }

    /** \Widgets\Turns/sec over (i-1, i]: the raw count is 50 i^2. */
    private static double turns(int i) {
        return (50.0 * i * i - 50.0 * (i - 1) * (i - 1)) / (INTERVAL_MS / 1000.0);
    }

    @Test
    void headerAndTimes() {
        try (Recording r = Recording.open(recording)) {
            assertEquals("javatest", r.machine());
            assertEquals("Linux", r.operatingSystem());
            assertEquals(timeOf(0), r.start());
            assertEquals(timeOf(COUNT - 1), r.end());
            assertFalse(r.indexRebuilt());
            assertEquals(recording, r.path());
            assertEquals(timeOf(0), r.time().orElseThrow());
        }
    }

    @Test
    void stepsThroughEverySampleWithRecordedValuesAndTimes() {
        try (Recording r = Recording.open(recording);
                Sampler s = r.sampler("\\Widgets\\Level", "\\Widgets\\Turns/sec", "\\Gears(alpha)\\Teeth")) {
            assertEquals(List.of("\\Widgets\\Level", "\\Widgets\\Turns/sec", "\\Gears(alpha)\\Teeth"), s.columns());
            assertEquals(r, s.recording());
            for (int i = 1; i < COUNT; i++) {
                assertTrue(r.next(), "sample " + i);
                assertEquals(timeOf(i), r.time().orElseThrow());
                s.sample();
                assertEquals(level(i), s.value("\\Widgets\\Level"), 0.0, "Level at " + i);
                assertEquals(turns(i), s.value(1), 1e-9, "Turns/sec at " + i);
                assertEquals(10 * i + 1, s.value(2), 0.0, "alpha at " + i);
                assertEquals(epochNanos(timeOf(i)), s.collectedAtEpochNanos(), "collection time at " + i);
            }
            assertFalse(r.next(), "past the last sample");
            assertTrue(r.time().isEmpty());
            assertThrows(WPOException.class, s::sample, "no sample past the end");
        }
    }

    @Test
    void wildcardFollowsRecordedInstances() {
        try (Recording r = Recording.open(recording); Sampler s = r.sampler("\\Gears(*)\\Teeth")) {
            assertEquals(List.of("\\Gears(alpha)\\Teeth", "\\Gears(beta)\\Teeth"), s.columns());
            for (int i = 1; i < COUNT; i++) {
                assertTrue(r.next());
                s.sample();
                if (i < 5) {
                    assertEquals(2, s.columns().size(), "beta still there at " + i);
                    assertEquals(20 * i + 2, s.value("\\Gears(beta)\\Teeth"), 0.0);
                } else {
                    assertEquals(List.of("\\Gears(alpha)\\Teeth"), s.columns(), "beta gone at " + i);
                    assertEquals(i == 5, s.columnsChanged());
                }
                assertEquals(10 * i + 1, s.value("\\Gears(alpha)\\Teeth"), 0.0);
            }
        }
    }

    @Test
    void seekStandsOnTheFirstSampleAtOrAfterATime() {
        try (Recording r = Recording.open(recording); Sampler s = r.sampler("\\Widgets\\Level", "\\Widgets\\Turns/sec")) {
            // Between samples 6 and 7: sample 7 (in the second chunk, the writer's chunks hold four).
            assertTrue(r.seek(timeOf(6).plusMillis(1)));
            assertEquals(timeOf(7), r.time().orElseThrow());
            s.sample();
            assertEquals(level(7), s.value(0), 0.0);
            // Backwards, to a time before the recording: its first sample.
            assertTrue(r.seek(START.minus(Duration.ofDays(1))));
            assertEquals(timeOf(0), r.time().orElseThrow());
            s.sample();
            assertEquals(level(0), s.value(0), 0.0);
            // One step after a seek: the rate over one recorded interval again.
            assertTrue(r.next());
            s.sample();
            assertEquals(turns(1), s.value(1), 1e-9);
            // Exactly on a sample, then past the end.
            assertTrue(r.seek(timeOf(3)));
            assertEquals(timeOf(3), r.time().orElseThrow());
            assertFalse(r.seek(timeOf(COUNT)));
            assertTrue(r.time().isEmpty());
            assertFalse(r.seek(Instant.MAX));
            assertTrue(r.seek(Instant.MIN));
            assertEquals(timeOf(0), r.time().orElseThrow());
        }
    }

    @Test
    void samplersOfOneRecordingShareItsPosition() {
        try (Recording r = Recording.open(recording);
                Sampler a = r.sampler("\\Widgets\\Level");
                Sampler b = r.sampler("\\Widgets\\Level", "\\Gears(alpha)\\Teeth")) {
            for (int i = 1; i < 4; i++) {
                assertTrue(r.next());
                a.sample();
                b.sample();
                assertEquals(level(i), a.value(0), 0.0);
                assertEquals(level(i), b.value(0), 0.0);
                assertEquals(10 * i + 1, b.value(1), 0.0);
            }
        }
    }

    @Test
    void pathsThatDoNotResolveNameThePath() {
        try (Recording r = Recording.open(recording)) {
            WPOException e = assertThrows(WPOException.class, () -> r.sampler("\\Memory\\Available Bytes"));
            assertEquals(WPOError.NOT_FOUND, e.code(), e.getMessage());
            assertTrue(e.getMessage().contains("Memory"), e.getMessage());
            e = assertThrows(WPOException.class, () -> r.sampler("\\Widgets\\No Such Counter"));
            assertEquals(WPOError.NOT_FOUND, e.code(), e.getMessage());
        }
    }

    @Test
    void closedRecordingAndItsSamplersFailCleanly() {
        Recording r = Recording.open(recording);
        Sampler s = r.sampler("\\Widgets\\Level");
        r.close();
        r.close();
        WPOException e = assertThrows(WPOException.class, r::next);
        assertEquals(WPOError.INVALID_HANDLE, e.code());
        e = assertThrows(WPOException.class, s::sample);
        assertEquals(WPOError.INVALID_HANDLE, e.code());
        assertTrue(e.getMessage().contains("recording is closed"), e.getMessage());
        assertThrows(WPOException.class, () -> r.sampler("\\Widgets\\Level"));
        s.close();
    }

    @Test
    void badFilesThrowWithTheFileNamed() throws IOException {
        Path missing = dir.resolve("missing.psrec");
        WPOException e = assertThrows(WPOException.class, () -> Recording.open(missing));
        assertEquals(WPOError.NOT_FOUND, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());

        Path text = Files.writeString(dir.resolve("text.psrec"), "this is not a recording, just some text\n".repeat(4));
        e = assertThrows(WPOException.class, () -> Recording.open(text));
        assertEquals(WPOError.FAILURE, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(text.toString()), e.getMessage());

        Path empty = Files.write(dir.resolve("empty.psrec"), new byte[0]);
        e = assertThrows(WPOException.class, () -> Recording.open(empty));
        assertTrue(e.getMessage().contains(empty.toString()), e.getMessage());

        // The header's bytes flipped: its CRC no longer matches.
        byte[] bytes = Files.readAllBytes(recording);
        bytes[20] ^= 0x55;
        Path flipped = Files.write(dir.resolve("flipped.psrec"), bytes);
        e = assertThrows(WPOException.class, () -> Recording.open(flipped));
        assertTrue(e.getMessage().contains(flipped.toString()), e.getMessage());

        assertThrows(WPOException.class, () -> Recording.open(dir));
        e = assertThrows(WPOException.class, () -> Recording.open(null));
        assertEquals(WPOError.NULL_ARGUMENT, e.code());
    }

    @Test
    void recordingCutShortOpensItsSoundPart() throws IOException {
        byte[] bytes = Files.readAllBytes(recording);
        // Without the index and trailer and part of the last chunk, as a killed recorder leaves it.
        Path cut = Files.write(dir.resolve("cut.psrec"), Arrays.copyOf(bytes, bytes.length - 200));
        try (Recording r = Recording.open(cut); Sampler s = r.sampler("\\Widgets\\Level")) {
            assertTrue(r.indexRebuilt());
            int samples = 1;
            while (r.next()) {
                s.sample();
                assertEquals(level(samples), s.value(0), 0.0);
                samples++;
            }
            // The writer's chunks hold four samples: the first two chunks are whole.
            assertTrue(samples >= 8 && samples < COUNT, "samples " + samples);
            assertEquals(timeOf(samples - 1), r.end());
        }
    }

    @Test
    void aRecordingOfThisMachineHasTheLivePaths() throws Exception {
        Path machine = dir.resolve("machine.psrec");
        run(List.of(tool("perfscope.cli"), "record", "-o", machine.toString(), "-si", "0.2", "-sc", "3", "Memory",
                "Processor"));
        String[] paths = {"\\Memory\\Available Bytes", "\\Processor(*)\\% Processor Time"};
        try (Recording r = Recording.open(machine); Sampler recorded = r.sampler(paths);
                Sampler live = Sampler.open(paths)) {
            assertEquals("Linux", r.operatingSystem());
            assertEquals(live.columns(), recorded.columns());
            int samples = 0;
            while (r.next()) {
                recorded.sample();
                samples++;
                long availableBytes = (long) recorded.value(0);
                assertTrue(availableBytes > 0, "Available Bytes " + availableBytes);
                double total = recorded.value("\\Processor(_Total)\\% Processor Time");
                assertTrue(total >= 0 && total <= 100.0001, "total " + total);
                assertEquals(epochNanos(r.time().orElseThrow()), recorded.collectedAtEpochNanos());
            }
            assertEquals(2, samples);
        }
    }
}
