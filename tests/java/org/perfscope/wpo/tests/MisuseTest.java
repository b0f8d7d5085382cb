// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfscope.wpo.CalcValue;
import org.perfscope.wpo.CounterRecord;
import org.perfscope.wpo.JWPONames;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/** Every misuse gets a code or a Java exception naming it; the JVM (under -Xcheck:jni) survives all of them. */
class MisuseTest {
    private static final int P = Fixtures.PROCESS;

    private static int process() {
        int h = JWPOSnapshot.createSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo[] {
            new WPOSnapshotInputInfo(P, 0)});
        assertTrue(h > 0, "createSnapshot " + h);
        return h;
    }

    @Test
    void namesWithNullOrSmallArrays() {
        int count = JWPONames.getCount();
        int length = JWPONames.getByteLength();
        assertEquals(WPOError.NULL_ARGUMENT, JWPONames.getNames(null, new int[count]));
        assertEquals(WPOError.NULL_ARGUMENT, JWPONames.getNames(new char[length], null));
        assertEquals(WPOError.BUFFER_TOO_SMALL, JWPONames.getNames(new char[length - 1], new int[count]));
        assertEquals(WPOError.BUFFER_TOO_SMALL, JWPONames.getNames(new char[length], new int[count - 1]));
        assertEquals(WPOError.BUFFER_TOO_SMALL, JWPONames.getNames(new char[0], new int[0]));
    }

    @Test
    void createWithBadInput() {
        WPOSnapshotInputInfo process = new WPOSnapshotInputInfo(P, 0);
        assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.createSnapshot(2, null));
        assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[] {process, null}));
        assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[0]));
        assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.createSnapshot(4, new WPOSnapshotInputInfo[] {process}));
        assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.createSnapshot(-1, null));
        assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.createSnapshot(0, new WPOSnapshotInputInfo[] {process}));
        assertEquals(WPOError.INVALID_ARGUMENT,
                JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[] {new WPOSnapshotInputInfo(-230, 0)}));
        assertEquals(WPOError.INVALID_ARGUMENT,
                JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[] {new WPOSnapshotInputInfo(P, -6)}));
        assertEquals(WPOError.NOT_FOUND,
                JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[] {new WPOSnapshotInputInfo(777, 0)}));
        assertEquals(WPOError.NOT_FOUND,
                JWPOSnapshot.createSnapshot(2, new WPOSnapshotInputInfo[] {new WPOSnapshotInputInfo(P, 99998)}));
        WPOException e = assertThrows(WPOException.class, () -> new JWPOSnapshot(2, new WPOSnapshotInputInfo(777, 0)));
        assertEquals(WPOError.NOT_FOUND, e.code());
        assertTrue(e.getMessage().contains("777"), e.getMessage());
    }

    @Test
    void browsingWithBadArrays() {
        int h = process();
        try {
            int objects = JWPOSnapshot.getSnapshotPerfObjectCount(h);
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectNames(h, null));
            assertEquals(WPOError.BUFFER_TOO_SMALL, JWPOSnapshot.getSnapshotPerfObjectNames(h, new int[objects - 1]));

            int counters = JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, P);
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectCounters(h, P, null));
            assertEquals(WPOError.BUFFER_TOO_SMALL,
                    JWPOSnapshot.getSnapshotPerfObjectCounters(h, P, new CounterRecord[counters - 1]));
            assertEquals(WPOError.NULL_ARGUMENT,
                    JWPOSnapshot.getSnapshotPerfObjectCounters(h, P, new CounterRecord[counters]), "null elements");
            assertEquals(WPOError.NOT_FOUND, JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, 777));
            assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, 0));
            assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectInstancesCount(h, -1));

            int instances = JWPOSnapshot.getSnapshotPerfObjectInstancesCount(h, P);
            int length = JWPOSnapshot.getSnapshotPerfObjectInstancesLength(h, P);
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectInstances(h, P, null, new int[instances]));
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotPerfObjectInstances(h, P, new char[length], null));
            assertEquals(WPOError.BUFFER_TOO_SMALL,
                    JWPOSnapshot.getSnapshotPerfObjectInstances(h, P, new char[1], new int[instances]));
            assertEquals(WPOError.BUFFER_TOO_SMALL,
                    JWPOSnapshot.getSnapshotPerfObjectInstanceDisplayNames(h, P, new char[1]));
        } finally {
            assertEquals(0, JWPOSnapshot.destroySnapshot(h));
        }
    }

    @Test
    void valuesBeforeDecodeAndWithBadArrays() {
        int h = process();
        try {
            assertEquals(WPOError.INVALID_STATE, JWPOSnapshot.getSnapshotItemCount(h), "no decode yet");
            assertEquals(WPOError.INVALID_STATE, JWPOSnapshot.sampleSnapshot(h), "sample before prepare");
            assertEquals(0, JWPOSnapshot.prepareSnapshot(h));
            assertEquals(WPOError.INVALID_STATE, JWPOSnapshot.decodeSnapshot(h), "decode before sample");
            int sampled = JWPOSnapshot.sampleSnapshot(h);
            assertTrue(sampled == 0 || sampled == WPOError.ANOMALY);
            int decoded = JWPOSnapshot.decodeSnapshot(h);
            assertTrue(decoded == 0 || decoded == WPOError.ANOMALY, "decode " + decoded);
            int n = JWPOSnapshot.getSnapshotItemCount(h);
            assertTrue(n > 0);
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotItems(h, null));
            assertEquals(WPOError.BUFFER_TOO_SMALL, JWPOSnapshot.getSnapshotItems(h, new CalcValue[n - 1]));
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotItems(h, new CalcValue[n]), "null elements");
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotValues(h, null));
            assertEquals(WPOError.BUFFER_TOO_SMALL, JWPOSnapshot.getSnapshotValues(h, new double[n - 1]));
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotValueKeys(h, new int[n], null, new int[n]));
            assertEquals(WPOError.BUFFER_TOO_SMALL,
                    JWPOSnapshot.getSnapshotValueKeys(h, new int[n], new int[n - 1], new int[n]));
        } finally {
            assertEquals(0, JWPOSnapshot.destroySnapshot(h));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, -6, Integer.MIN_VALUE, Integer.MAX_VALUE, 1, 65535, 65536})
    void forgedHandles(int handle) {
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotPerfObjectCount(handle));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.prepareSnapshot(handle));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.sampleSnapshot(handle));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.decodeSnapshot(handle));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotItems(handle, new CalcValue[0]));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.destroySnapshot(handle));
    }

    @Test
    void destroyedHandleAndDoubleClose() {
        int h = process();
        assertEquals(0, JWPOSnapshot.destroySnapshot(h));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.destroySnapshot(h), "double destroy");
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotPerfObjectCount(h));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotPerfObjectNames(h, new int[8]));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, P));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotPerfObjectInstancesLength(h, P));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.prepareSnapshot(h));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotItemCount(h));
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.getSnapshotValues(h, new double[8]));
        // A new snapshot may reuse the slot, never the handle.
        int again = process();
        assertTrue(again != h);
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.prepareSnapshot(h));
        assertEquals(0, JWPOSnapshot.destroySnapshot(again));

        JWPOSnapshot owned = new JWPOSnapshot(2, new WPOSnapshotInputInfo(P, 0));
        int ownedHandle = owned.handle();
        owned.close();
        owned.close();
        assertTrue(owned.isClosed());
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.prepareSnapshot(ownedHandle));
        WPOException e = assertThrows(WPOException.class, owned::measure);
        assertEquals(WPOError.INVALID_HANDLE, e.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Process", "\\", "\\Process", "\\Process(", "\\Process(java\\% Processor Time",
        "\\No Such Object\\Whatever", "\\Process(java)\\No Such Counter", "\\Process(no-such-process-xyz)\\ID Process",
        "\\Memory(0)\\Available Bytes", "\\Process\\ID Process", "\\\\other-host\\Memory\\Available Bytes"})
    void malformedOrUnknownPathsThrowNamingThePath(String path) {
        WPOException e = assertThrows(WPOException.class, () -> Sampler.open(path).close());
        assertTrue(e.code() < 0 && e.code() != WPOError.ANOMALY, "code " + e.code());
        assertTrue(e.getMessage().length() > 10, e.getMessage());
        if (!path.isEmpty() && !path.equals("\\")) {
            assertTrue(e.getMessage().contains(path) || e.getMessage().contains(path.substring(1)),
                    "message names the path: " + e.getMessage());
        }
    }

    @Test
    void samplerNullsClosedAndUnknownColumns() {
        assertEquals(WPOError.NULL_ARGUMENT,
                assertThrows(WPOException.class, () -> Sampler.open((String[]) null)).code());
        assertEquals(WPOError.NULL_ARGUMENT,
                assertThrows(WPOException.class, () -> Sampler.open("\\Memory\\Available Bytes", null)).code());
        assertEquals(WPOError.INVALID_ARGUMENT, assertThrows(WPOException.class, () -> Sampler.open()).code());
        Sampler s = Sampler.open("\\Memory\\Available Bytes");
        assertThrows(IllegalArgumentException.class, () -> s.value("\\Memory\\Nope"));
        s.close();
        s.close();
        assertEquals(WPOError.INVALID_HANDLE, assertThrows(WPOException.class, s::sample).code());
    }

    @Test
    void manyThreadsHammeringRandomHandlesAndArguments() throws Exception {
        List<Thread> threads = new ArrayList<>();
        AtomicInteger failures = new AtomicInteger();
        int shared = process();
        for (int t = 0; t < 8; t++) {
            final long seed = t;
            threads.add(new Thread(() -> {
                Random random = new Random(seed);
                for (int i = 0; i < 300; i++) {
                    int h = random.nextInt(4) == 0 ? random.nextInt() : shared;
                    int c;
                    switch (random.nextInt(8)) {
                        case 0: c = JWPOSnapshot.prepareSnapshot(h); break;
                        case 1: c = JWPOSnapshot.sampleSnapshot(h); break;
                        case 2: c = JWPOSnapshot.decodeSnapshot(h); break;
                        case 3: c = JWPOSnapshot.getSnapshotValues(h, random.nextBoolean() ? null : new double[random.nextInt(50)]); break;
                        case 4: c = JWPOSnapshot.getSnapshotPerfObjectCountersCount(h, random.nextInt(1000) - 10); break;
                        case 5: c = JWPOSnapshot.getSnapshotItems(h, new CalcValue[random.nextInt(4)]); break;
                        case 6: c = JWPOSnapshot.getSnapshotPerfObjectInstances(h, P, new char[random.nextInt(100)], new int[3]); break;
                        default: c = JWPOSnapshot.getSnapshotItemCount(h); break;
                    }
                    if (c < WPOError.TOO_MANY_HANDLES) {
                        failures.incrementAndGet();  // a code outside the table
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        Thread.sleep(50);
        assertEquals(0, JWPOSnapshot.destroySnapshot(shared), "destroyed while others use it");
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(0, failures.get());
        assertFalse(JWPOSnapshot.prepareSnapshot(shared) == 0);
    }
}
