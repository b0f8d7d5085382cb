// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.CalcValue;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOSnapshotInputInfo;

/** 8 Java threads measuring their own snapshots while reading one shared snapshot that a ninth measures. */
class ThreadsTest {
    @Test
    void eightOwnSnapshotsAndOneShared() throws Exception {
        long pid = ProcessHandle.current().pid();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        try (JWPOSnapshot shared = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.PROCESS, Fixtures.ID_PROCESS),
                new WPOSnapshotInputInfo(Fixtures.PROCESSOR, Fixtures.PERCENT_PROCESSOR_TIME))) {
            shared.measure();
            int sh = shared.handle();
            List<Thread> threads = new ArrayList<>();
            Thread measurer = new Thread(() -> {
                for (int i = 0; i < 40; i++) {
                    try {
                        shared.measure();
                    } catch (RuntimeException e) {
                        problems.add("shared measure: " + e.getMessage());
                    }
                }
            });
            for (int t = 0; t < 8; t++) {
                threads.add(new Thread(() -> {
                    try (JWPOSnapshot own = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                            new WPOSnapshotInputInfo(Fixtures.PROCESS, Fixtures.ID_PROCESS))) {
                        for (int i = 0; i < 20; i++) {
                            CalcValue[] values = Fixtures.cycle(own.handle());
                            if (!containsPid(values, pid)) {
                                problems.add("own snapshot lacks this JVM's ID Process");
                            }
                            // The shared snapshot: one consistent set per call, whatever the measurer does.
                            int n = JWPOSnapshot.getSnapshotItemCount(sh);
                            if (n == WPOError.INVALID_STATE) {
                                continue;  // caught between its sample and decode: a code, as documented
                            }
                            CalcValue[] read = new CalcValue[n + 64];
                            for (int k = 0; k < read.length; k++) {
                                read[k] = new CalcValue();
                            }
                            int got = JWPOSnapshot.getSnapshotItems(sh, read);
                            if (got == WPOError.INVALID_STATE) {
                                continue;
                            }
                            if (got < 0) {
                                problems.add("shared read " + got);
                                continue;
                            }
                            CalcValue[] exact = java.util.Arrays.copyOf(read, got);
                            if (!containsPid(exact, pid)) {
                                problems.add("shared read lacks this JVM");
                            }
                            for (CalcValue v : exact) {
                                if (v.counterIndex == Fixtures.PERCENT_PROCESSOR_TIME && v.isValid()
                                        && (v.asDouble() < 0 || v.asDouble() > 100.0001)) {
                                    problems.add("processor time " + v.asDouble());
                                }
                            }
                        }
                    } catch (RuntimeException e) {
                        problems.add(e.toString());
                    }
                }));
            }
            measurer.start();
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            measurer.join();
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static boolean containsPid(CalcValue[] values, long pid) {
        for (CalcValue v : values) {
            if (v.counterIndex == Fixtures.ID_PROCESS && v.perfObjectIndex == Fixtures.PROCESS && v.isValid()
                    && v.asDouble() == pid) {
                return true;
            }
        }
        return false;
    }

    @Test
    void sharedSnapshotCyclesFromTwoThreadsGetCodesNotCrashes() throws Exception {
        try (JWPOSnapshot shared = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM,
                new WPOSnapshotInputInfo(Fixtures.MEMORY, 0))) {
            int h = shared.handle();
            ConcurrentLinkedQueue<Integer> codes = new ConcurrentLinkedQueue<>();
            Runnable cycles = () -> {
                for (int i = 0; i < 200; i++) {
                    for (int c : new int[] {JWPOSnapshot.prepareSnapshot(h), JWPOSnapshot.sampleSnapshot(h),
                            JWPOSnapshot.decodeSnapshot(h)}) {
                        if (c != 0 && c != WPOError.ANOMALY && c != WPOError.INVALID_STATE) {
                            codes.add(c);
                        }
                    }
                }
            };
            Thread a = new Thread(cycles);
            Thread b = new Thread(cycles);
            a.start();
            b.start();
            a.join();
            b.join();
            assertTrue(codes.isEmpty(), "unexpected codes " + codes);
            shared.measure();
            assertTrue(JWPOSnapshot.getSnapshotItemCount(h) > 0);
        }
    }
}
