// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import javax.management.Attribute;
import javax.management.AttributeNotFoundException;
import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.jmx.CounterMBean;
import org.perfscope.wpo.jmx.PerfscopeMBeans;

/** Counters as MBean attributes, read through the platform MBean server as a JMX client reads them. */
class JmxTest {
    private static final double MIB = 1024.0 * 1024.0;
    private static final String AVAILABLE = "\\Memory\\Available Bytes";

    @Test
    void attributesAreCurrentCounterValues() throws Exception {
        String workingSet = "\\Process(" + ProcFiles.selfName() + ":" + ProcessHandle.current().pid()
                + ")\\Working Set";
        ObjectName name = new ObjectName("org.perfscope.test:type=Counters,name=current");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (CounterMBean bean = PerfscopeMBeans.register(name, Duration.ofMillis(1), workingSet, AVAILABLE)) {
            assertTrue(server.isRegistered(name));
            assertEquals(List.of(workingSet, AVAILABLE), bean.columns());
            List<String> names = Arrays.stream(server.getMBeanInfo(name).getAttributes())
                    .map(MBeanAttributeInfo::getName).toList();
            assertEquals(List.of(workingSet, AVAILABLE), names);
            for (MBeanAttributeInfo info : server.getMBeanInfo(name).getAttributes()) {
                assertEquals("double", info.getType());
                assertTrue(info.isReadable());
                assertFalse(info.isWritable());
            }
            for (int i = 0; i < 5; i++) {
                Thread.sleep(20);
                // The JVM's resident set moves while it runs: the attribute lies between the VmRSS read just
                // before and just after, give or take 32 MiB of allocation in between.
                long rssBefore = ProcFiles.selfRss();
                long availableBefore = ProcFiles.memAvailable();
                double rss = (Double) server.getAttribute(name, workingSet);
                double available = (Double) server.getAttribute(name, AVAILABLE);
                long rssAfter = ProcFiles.selfRss();
                long availableAfter = ProcFiles.memAvailable();
                assertTrue(rss >= Math.min(rssBefore, rssAfter) - 32 * MIB
                        && rss <= Math.max(rssBefore, rssAfter) + 32 * MIB,
                        "Working Set " + rss + ", VmRSS " + rssBefore + " .. " + rssAfter);
                assertTrue(available >= Math.min(availableBefore, availableAfter) - 256 * MIB
                        && available <= Math.max(availableBefore, availableAfter) + 256 * MIB,
                        "Available Bytes " + available + ", MemAvailable " + availableBefore + " .. " + availableAfter);
            }
        }
        assertFalse(server.isRegistered(name), "close() unregisters");
    }

    @Test
    void readsWithinTheIntervalShareOneSample() throws Exception {
        ObjectName name = new ObjectName("org.perfscope.test:type=Counters,name=cached");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (CounterMBean bean = PerfscopeMBeans.register(name, Duration.ofHours(1), AVAILABLE)) {
            // The first read samples, however long the interval: a value, not the NaN of no sample yet.
            long availableBefore = ProcFiles.memAvailable();
            double first = (Double) server.getAttribute(name, AVAILABLE);
            long availableAfter = ProcFiles.memAvailable();
            assertTrue(first >= Math.min(availableBefore, availableAfter) - 256 * MIB
                    && first <= Math.max(availableBefore, availableAfter) + 256 * MIB,
                    "Available Bytes " + first + ", MemAvailable " + availableBefore + " .. " + availableAfter);
            assertEquals(first, (Double) bean.getAttribute(AVAILABLE), 0.0);
            // Free memory changes by the page within milliseconds; an hour's interval means no new sample.
            for (int i = 0; i < 10; i++) {
                Thread.sleep(10);
                assertEquals(first, (Double) server.getAttribute(name, AVAILABLE), 0.0);
            }
            assertEquals(first, (Double) server.getAttributes(name, new String[] {AVAILABLE}).asList().get(0)
                    .getValue(), 0.0);
        }
    }

    @Test
    void unknownAndReadOnlyAttributesAreRefused() throws Exception {
        ObjectName name = new ObjectName("org.perfscope.test:type=Counters,name=refusals");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (CounterMBean bean = PerfscopeMBeans.register(name, Duration.ofSeconds(1), AVAILABLE)) {
            assertThrows(AttributeNotFoundException.class, () -> server.getAttribute(name, "\\Memory\\Nothing"));
            assertThrows(AttributeNotFoundException.class,
                    () -> server.setAttribute(name, new Attribute(AVAILABLE, 1.0)));
            assertTrue(server.getAttributes(name, new String[] {"\\Memory\\Nothing"}).isEmpty());
            assertThrows(InstanceAlreadyExistsException.class,
                    () -> PerfscopeMBeans.register(name, Duration.ofSeconds(1), AVAILABLE));
            // Unregistering through the server closes the MBean's sampler; closing it afterwards does nothing.
            server.unregisterMBean(name);
            assertThrows(WPOException.class, () -> bean.getAttribute(AVAILABLE));
        }
    }

    @Test
    void aPathThatDoesNotResolveFailsWithItsCode() throws Exception {
        ObjectName name = new ObjectName("org.perfscope.test:type=Counters,name=broken");
        WPOException e = assertThrows(WPOException.class,
                () -> PerfscopeMBeans.register(name, Duration.ofSeconds(1), "\\NoSuchObject\\Nothing"));
        assertEquals(WPOError.Code.of(e.code()), e.errorCode());
        assertTrue(e.errorCode().isFailure(), e.errorCode().toString());
        assertFalse(ManagementFactory.getPlatformMBeanServer().isRegistered(name));
        assertThrows(IllegalArgumentException.class, () -> new CounterMBean(Duration.ZERO, AVAILABLE));
    }
}
