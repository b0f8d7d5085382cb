// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/** Steady-state sampling allocates no Java heap (com.sun.management.ThreadMXBean.getThreadAllocatedBytes). */
class AllocationTest {
    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocated() {
        return MX.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void sanityTheMeterSeesAnAllocation() {
        long before = allocated();
        Object[] junk = new Object[1000];
        long after = allocated();
        assertTrue(after - before >= 4000, "meter saw " + (after - before) + " bytes for " + junk.length + " refs");
    }

    @Test
    void snapshotCycleWithTheFastPath() {
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.PROCESSOR, 0), new WPOSnapshotInputInfo(Fixtures.MEMORY, 0))) {
            int h = s.handle();
            double[] values = new double[4096];
            int sum = 0;
            for (int i = 0; i < 50; i++) {  // warm-up: buffers grow, code is compiled
                sum += cycle(h, values);
            }
            long before = allocated();
            for (int i = 0; i < 200; i++) {
                sum += cycle(h, values);
            }
            long bytes = allocated() - before;
            assertTrue(sum > 0);
            assertEquals(0, bytes, "bytes allocated by 200 cycles");
        }
    }

    private static int cycle(int h, double[] values) {
        JWPOSnapshot.prepareSnapshot(h);
        int sampled = JWPOSnapshot.sampleSnapshot(h);
        if (sampled != 0 && sampled != WPOError.ANOMALY) {
            throw new AssertionError("sample " + sampled);
        }
        JWPOSnapshot.decodeSnapshot(h);
        return JWPOSnapshot.getSnapshotValues(h, values);
    }

    @Test
    void samplerLoop() {
        try (Sampler sampler = Sampler.open("\\Processor(*)\\% Processor Time", "\\Memory\\Available Bytes")) {
            double total = 0;
            for (int i = 0; i < 50; i++) {
                sampler.sample();
                total += sampler.value("\\Memory\\Available Bytes");
            }
            long before = allocated();
            for (int i = 0; i < 200; i++) {
                sampler.sample();
                total += sampler.value("\\Memory\\Available Bytes") + sampler.value(0);
            }
            long bytes = allocated() - before;
            assertTrue(total > 0);
            assertEquals(0, bytes, "bytes allocated by 200 samples");
        }
    }
}
