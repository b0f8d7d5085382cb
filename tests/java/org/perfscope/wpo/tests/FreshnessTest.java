// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/**
 * Every value has a time, and no sample takes data older than its threshold, over the live /proc. Times are compared
 * on the clock the source stamps its data with ({@link Sampler#nowEpochNanos()}); the data's time has a 100 ns
 * resolution, so a bound is rounded down to it.
 */
class FreshnessTest {
    private static final String MEMORY = "\\Memory\\Available Bytes";
    private static final String PROCESSES = "\\Process(*)\\ID Process";

    private static long floor100(long nanos) {
        return Math.floorDiv(nanos, 100) * 100;
    }

    @Test
    void withThresholdZeroTheDataIsCollectedDuringTheCall() {
        try (Sampler other = Sampler.open(MEMORY, PROCESSES); Sampler strict = Sampler.open(MEMORY, PROCESSES)) {
            strict.setMaxAgeNanos(0);
            assertEquals(OptionalLong.of(0), strict.maxAgeNanos());
            for (int i = 0; i < 20; i++) {
                other.sample();  // a fresh copy in the shared cache, collected before the call below
                long start = Sampler.nowEpochNanos();
                strict.sample();
                long end = Sampler.nowEpochNanos();
                long collected = strict.collectedAtEpochNanos();
                assertTrue(collected >= floor100(start) && collected <= end,
                        "collected " + collected + " outside the call [" + start + ", " + end + "]");
                long age = strict.ageNanos();
                assertTrue(age >= 0 && age >= end - collected - 100, "age " + age);
            }
        }
    }

    @Test
    void twoSamplersSharingTheMachineTakeNothingOlderThanTheirThresholds() throws Exception {
        final long fixed = 20_000_000;  // 20 ms
        final long opened = Sampler.nowEpochNanos();  // the first sample's previous call is open()
        try (Sampler byDefault = Sampler.open(MEMORY, PROCESSES); Sampler byAge = Sampler.open(MEMORY, PROCESSES)) {
            byAge.setMaxAgeNanos(fixed);
            assertTrue(byDefault.maxAgeNanos().isEmpty(), "the default is since the previous call");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<String>> runs = new ArrayList<>();
                runs.add(pool.submit(() -> {
                    long previous = opened;
                    for (int i = 0; i < 150; i++) {
                        long start = Sampler.nowEpochNanos();
                        byDefault.sample();
                        long collected = byDefault.collectedAtEpochNanos();
                        if (collected < floor100(previous)) {
                            return "sample " + i + " collected at " + collected + ", before the previous call at "
                                    + previous;
                        }
                        previous = start;
                    }
                    return "";
                }));
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < 150; i++) {
                        long start = Sampler.nowEpochNanos();
                        byAge.sample();
                        long collected = byAge.collectedAtEpochNanos();
                        if (collected < floor100(start - fixed)) {
                            return "sample " + i + " collected " + (start - collected) + " ns before its call";
                        }
                    }
                    return "";
                }));
                for (Future<String> run : runs) {
                    assertEquals("", run.get());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void twoSnapshotsOnTwoThreadsTakeNothingOlderThanTheirThresholds() throws Exception {
        final long fixed = 20_000_000;  // 20 ms
        WPOSnapshotInputInfo[] inputs = {new WPOSnapshotInputInfo(Fixtures.PROCESS, 0),
                new WPOSnapshotInputInfo(Fixtures.MEMORY, 0)};
        final long created = Sampler.nowEpochNanos();  // the first sample's previous call is the creation
        try (JWPOSnapshot byDefault = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs);
                JWPOSnapshot byAge = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs)) {
            byAge.setMaxAgeNanos(fixed);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<String>> runs = new ArrayList<>();
                runs.add(pool.submit(() -> {
                    long previous = created;
                    for (int i = 0; i < 150; i++) {
                        long start = Sampler.nowEpochNanos();
                        byDefault.measure();
                        long collected = byDefault.collectedAtEpochNanos();
                        if (collected < floor100(previous)) {
                            return "measurement " + i + " collected at " + collected
                                    + ", before the previous sample at " + previous;
                        }
                        previous = start;
                    }
                    return "";
                }));
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < 150; i++) {
                        long start = Sampler.nowEpochNanos();
                        byAge.measure();
                        long collected = byAge.collectedAtEpochNanos();
                        if (collected < floor100(start - fixed)) {
                            return "measurement " + i + " collected " + (start - collected) + " ns before its call";
                        }
                    }
                    return "";
                }));
                for (Future<String> run : runs) {
                    assertEquals("", run.get());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void theThresholdIsValidated() {
        Sampler sampler = Sampler.open(MEMORY);
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sampler.setMaxAgeNanos(-1));
            assertTrue(e.getMessage().contains("negative"), e.getMessage());
            assertTrue(sampler.maxAgeNanos().isEmpty(), "unchanged by a refused value");
            sampler.setMaxAgeNanos(5_000_000);
            assertEquals(OptionalLong.of(5_000_000), sampler.maxAgeNanos());
            sampler.setMaxAgeNanos(Long.MAX_VALUE);  // any age: the cache's own limit still holds
            sampler.sample();
            assertTrue(sampler.collectedAtEpochNanos() > 0);
            sampler.setMaxAgeSincePreviousCall();
            assertTrue(sampler.maxAgeNanos().isEmpty());
        } finally {
            sampler.close();
        }
        assertThrows(WPOException.class, () -> sampler.setMaxAgeNanos(0), "closed");
        try (JWPOSnapshot snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.MEMORY, 0))) {
            assertThrows(IllegalArgumentException.class, () -> snapshot.setMaxAgeNanos(Long.MIN_VALUE));
            snapshot.setMaxAgeNanos(Long.MAX_VALUE);
            snapshot.measure();
            assertTrue(snapshot.collectedAtEpochNanos() > 0);
            assertEquals(WPOError.INVALID_ARGUMENT, JWPOSnapshot.setSnapshotMaxAge(snapshot.handle(), -2));
            assertEquals(WPOError.OK, JWPOSnapshot.setSnapshotMaxAge(snapshot.handle(), -1));
            assertEquals(WPOError.NULL_ARGUMENT, JWPOSnapshot.getSnapshotCollectionTime(snapshot.handle(), null));
            assertEquals(WPOError.BUFFER_TOO_SMALL,
                    JWPOSnapshot.getSnapshotCollectionTime(snapshot.handle(), new long[0]));
        }
        assertEquals(WPOError.INVALID_HANDLE, JWPOSnapshot.setSnapshotMaxAge(0x7fff0000, 0));
    }

    @Test
    void aSnapshotMeasurementHasATimeAndAThreshold() {
        WPOSnapshotInputInfo[] inputs = {new WPOSnapshotInputInfo(Fixtures.PROCESS, 0)};
        long previous = Sampler.nowEpochNanos();
        try (JWPOSnapshot other = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs);
                JWPOSnapshot strict = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs);
                JWPOSnapshot byDefault = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, inputs)) {
            strict.setMaxAgeNanos(0);
            for (int i = 0; i < 20; i++) {
                other.measure();
                long start = Sampler.nowEpochNanos();
                strict.measure();
                long end = Sampler.nowEpochNanos();
                long collected = strict.collectedAtEpochNanos();
                assertTrue(collected >= floor100(start) && collected <= end,
                        "collected " + collected + " outside the call [" + start + ", " + end + "]");
                long before = Sampler.nowEpochNanos();
                byDefault.measure();
                long shared = byDefault.collectedAtEpochNanos();
                assertTrue(shared >= floor100(previous), "collected " + shared + " before the previous call");
                previous = before;
                assertTrue(byDefault.ageNanos() >= 0);
            }
        }
    }
}
