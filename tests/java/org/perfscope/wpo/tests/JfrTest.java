// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.jfr.CounterEvent;
import org.perfscope.wpo.jfr.PerfscopeRecorder;

/** Counters as Flight Recorder events: recorded, dumped and read back as JDK Mission Control reads them. */
class JfrTest {
    private static final double MIB = 1024.0 * 1024.0;
    private static final String AVAILABLE = "\\Memory\\Available Bytes";

    @Test
    void periodicEventsCarryTheCountersBesideTheJvmsOwn() throws Exception {
        String process = ProcFiles.selfName() + ":" + ProcessHandle.current().pid();
        String workingSet = "\\Process(" + process + ")\\Working Set";
        Path file = Files.createTempFile("perfscope-jfr", ".jfr");
        long rssLow = Long.MAX_VALUE;
        long rssHigh = 0;
        long availableLow = Long.MAX_VALUE;
        long availableHigh = 0;
        try (PerfscopeRecorder recorder = PerfscopeRecorder.open(workingSet, AVAILABLE);
             Recording recording = new Recording()) {
            assertEquals(List.of(workingSet, AVAILABLE), recorder.columns());
            recording.enable(CounterEvent.NAME).withPeriod(Duration.ofMillis(100));
            recording.enable("jdk.GarbageCollection");
            recording.start();
            // The figures /proc gives while the recording runs bound the values the events may carry.
            for (int i = 0; i < 12; i++) {
                long rss = ProcFiles.selfRss();
                long available = ProcFiles.memAvailable();
                rssLow = Math.min(rssLow, rss);
                rssHigh = Math.max(rssHigh, rss);
                availableLow = Math.min(availableLow, available);
                availableHigh = Math.max(availableHigh, available);
                if (i == 6) {
                    System.gc();
                }
                Thread.sleep(100);
            }
            recording.stop();
            recording.dump(file);
        }
        try {
            List<RecordedEvent> events = RecordingFile.readAllEvents(file);
            List<RecordedEvent> counters = events.stream()
                    .filter(e -> e.getEventType().getName().equals(CounterEvent.NAME)).collect(Collectors.toList());
            List<RecordedEvent> rssEvents = counters.stream()
                    .filter(e -> e.getString("path").equals(workingSet)).collect(Collectors.toList());
            List<RecordedEvent> availableEvents = counters.stream()
                    .filter(e -> e.getString("path").equals(AVAILABLE)).collect(Collectors.toList());
            // About 12 periods of 100 ms; a loaded machine may run fewer.
            assertTrue(rssEvents.size() >= 3, "Working Set events: " + rssEvents.size());
            assertEquals(rssEvents.size(), availableEvents.size(), "one event per column each period");
            assertEquals(counters.size(), rssEvents.size() + availableEvents.size(), "no other paths");
            for (RecordedEvent event : rssEvents) {
                assertEquals("Process", event.getString("object"));
                assertEquals(process, event.getString("instance"));
                assertEquals("Working Set", event.getString("counter"));
                double value = event.getDouble("value");
                assertTrue(value >= rssLow - 32 * MIB && value <= rssHigh + 32 * MIB,
                        "Working Set " + value + ", VmRSS " + rssLow + " .. " + rssHigh);
            }
            for (RecordedEvent event : availableEvents) {
                assertEquals("Memory", event.getString("object"));
                assertEquals("", event.getString("instance"));
                assertEquals("Available Bytes", event.getString("counter"));
                double value = event.getDouble("value");
                assertTrue(value >= availableLow - 256 * MIB && value <= availableHigh + 256 * MIB,
                        "Available Bytes " + value + ", MemAvailable " + availableLow + " .. " + availableHigh);
            }
            assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("jdk.GarbageCollection")),
                    "the JVM's GC events in the same recording");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void theJdksDefaultSettingsRecordTheEventEverySecond() throws Exception {
        // A recording started with the JDK's "default" settings (as -XX:StartFlightRecording and JDK Mission
        // Control start one) names no Perfscope event: the event's own annotations apply, enabled every second.
        Path file = Files.createTempFile("perfscope-jfr", ".jfr");
        try (PerfscopeRecorder recorder = PerfscopeRecorder.open(AVAILABLE);
             Recording recording = new Recording(Configuration.getConfiguration("default"))) {
            assertEquals(List.of(AVAILABLE), recorder.columns());
            recording.start();
            Thread.sleep(2500);
            recording.stop();
            recording.dump(file);
            List<RecordedEvent> counters = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(CounterEvent.NAME)).collect(Collectors.toList());
            // Two periods of 1 s fit in 2.5 s (a loaded machine may run one late); a 100 ms period would give 25.
            assertTrue(counters.size() >= 1 && counters.size() <= 4, "events in 2.5 s: " + counters.size());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aClosedRecorderEmitsNothing() throws Exception {
        PerfscopeRecorder closed = PerfscopeRecorder.open(AVAILABLE);
        closed.close();
        closed.close();
        Path file = Files.createTempFile("perfscope-jfr", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable(CounterEvent.NAME).withPeriod(Duration.ofMillis(50));
            recording.start();
            Thread.sleep(400);
            recording.stop();
            recording.dump(file);
            long count = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(CounterEvent.NAME)).count();
            assertEquals(0, count);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
