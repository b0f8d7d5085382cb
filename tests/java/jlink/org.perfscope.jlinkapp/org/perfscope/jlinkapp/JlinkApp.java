// SPDX-License-Identifier: Apache-2.0
package org.perfscope.jlinkapp;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.management.ObjectName;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOLibrary;
import org.perfscope.wpo.jfr.CounterEvent;
import org.perfscope.wpo.jfr.PerfscopeRecorder;
import org.perfscope.wpo.jmx.CounterMBean;
import org.perfscope.wpo.jmx.PerfscopeMBeans;

/**
 * Runs from a jlink image: opens a Sampler (the library loaded from the module), and where the image holds
 * java.management and jdk.jfr, reads a counter through JMX and records it with Flight Recorder.
 */
public final class JlinkApp {
    private static final String AVAILABLE = "\\Memory\\Available Bytes";

    private JlinkApp() {
    }

    /**
     * Prints what it did, one fact a line, for the test script to check.
     *
     * @param args unused
     * @throws Exception when anything fails: the test fails on the exit status
     */
    public static void main(String[] args) throws Exception {
        System.out.println("module " + Sampler.class.getModule().getName());
        try (Sampler sampler = Sampler.open(AVAILABLE)) {
            Thread.sleep(100);
            sampler.sample();
            System.out.println("loaded " + WPOLibrary.loadedFrom());
            System.out.println("value " + sampler.value(0));
        }
        ModuleLayer boot = ModuleLayer.boot();
        if (boot.findModule("java.management").isPresent()) {
            ObjectName name = new ObjectName("org.perfscope.jlinkapp:type=Counters");
            try (CounterMBean bean = PerfscopeMBeans.register(name, Duration.ofMillis(1), AVAILABLE)) {
                Thread.sleep(10);
                System.out.println("attributes " + bean.columns());
                System.out.println("jmx " + ManagementFactory.getPlatformMBeanServer().getAttribute(name, AVAILABLE));
            }
        }
        if (boot.findModule("jdk.jfr").isPresent()) {
            Path file = Files.createTempFile("jlinkapp", ".jfr");
            try (PerfscopeRecorder recorder = PerfscopeRecorder.open(AVAILABLE);
                 Recording recording = new Recording()) {
                System.out.println("recording " + recorder.columns());
                recording.enable(CounterEvent.NAME).withPeriod(Duration.ofMillis(100));
                recording.start();
                Thread.sleep(500);
                recording.stop();
                recording.dump(file);
                long events = RecordingFile.readAllEvents(file).stream()
                        .filter(e -> e.getEventType().getName().equals(CounterEvent.NAME)).count();
                System.out.println("jfr events " + events);
            } finally {
                Files.deleteIfExists(file);
            }
        }
    }
}
