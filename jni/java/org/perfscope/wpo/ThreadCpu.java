// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Collections;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;

/**
 * The CPU time of Java threads as the operating system counts it (docs/java.md §3.1): the Thread object (232),
 * counters ID Thread (804) and % Processor Time (6), the instance found by the thread's native id.
 *
 * <p>A Java thread's native id is known only on that thread, so each thread to be watched calls
 * {@link #register()} once (at its start); afterwards any thread can ask for it by its {@link Thread} object.
 *
 * <pre>{@code
 * Thread worker = new Thread(() -> { ThreadCpu.register(); work(); });
 * worker.start();
 * try (ThreadCpu cpu = new ThreadCpu()) {
 *     Thread.sleep(1000);
 *     cpu.sample();
 *     double percent = cpu.percent(worker);   // % of one CPU over the last interval
 * }
 * }</pre>
 *
 * <p>{@link #sample()} allocates nothing once its arrays have grown to the number of threads.
 *
 * <p>Thread-safety: {@link #register()} and {@link #nativeIdOf(Thread)} are safe from any thread. An instance is
 * not safe for concurrent use: {@link #sample()} refills the arrays {@link #percent(long)} reads, so one thread
 * samples and reads, or the caller synchronises; closing from another thread at worst makes a racing
 * {@link #sample()} fail with {@link WPOException}.
 */
public final class ThreadCpu implements AutoCloseable {
    /** Thread object. */
    public static final int THREAD = 232;
    /** ID Thread counter. */
    public static final int ID_THREAD = 804;
    /** % Processor Time counter. */
    public static final int PROCESSOR_TIME = 6;

    private static final Map<Thread, Long> NATIVE_IDS = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Records the calling thread's native id, so that {@link #percent(Thread)} finds it from any thread.
     *
     * @return the calling thread's native id
     */
    public static long register() {
        long id = NativeThread.currentThreadId();
        NATIVE_IDS.put(Thread.currentThread(), id);
        return id;
    }

    /**
     * The native id a thread registered, if it did.
     *
     * @param thread a Java thread
     * @return its native id, or empty when it never called {@link #register()}
     */
    public static OptionalLong nativeIdOf(Thread thread) {
        Long id = NATIVE_IDS.get(thread);
        return id == null ? OptionalLong.empty() : OptionalLong.of(id);
    }

    private final JWPOSnapshot snapshot;
    private double[] values = new double[0];
    private int[] objects = new int[0];
    private int[] counters = new int[0];
    private int[] instances = new int[0];
    private int count;

    /**
     * A snapshot of the two counters of every thread of the machine (takes the first sample).
     *
     * @throws WPOException when the snapshot cannot be created (no Thread object, every handle taken)
     */
    public ThreadCpu() {
        snapshot = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo(THREAD, ID_THREAD),
                new WPOSnapshotInputInfo(THREAD, PROCESSOR_TIME));
    }

    /**
     * Measures once: CPU over the time since the previous sample (or since creation).
     *
     * @throws WPOException when measuring fails or the instance is closed
     */
    public void sample() {
        snapshot.measure();
        int h = snapshot.handle();
        int n = WPOError.check(JWPOSnapshot.getSnapshotItemCount(h), "getSnapshotItemCount");
        if (n > values.length) {
            int size = Math.max(n, values.length * 2);
            values = new double[size];
            objects = new int[size];
            counters = new int[size];
            instances = new int[size];
        }
        count = WPOError.check(JWPOSnapshot.getSnapshotValues(h, values), "getSnapshotValues");
        WPOError.check(JWPOSnapshot.getSnapshotValueKeys(h, objects, counters, instances), "getSnapshotValueKeys");
    }

    /**
     * % Processor Time of a thread in the last sample.
     *
     * @param nativeId the thread's operating-system id ({@link NativeThread#currentThreadId()})
     * @return its percentage of one CPU over the last interval; NaN if it is not in the sample
     */
    public double percent(long nativeId) {
        int instance = -1;
        for (int i = 0; i < count; i++) {
            if (counters[i] == ID_THREAD && values[i] == nativeId) {
                instance = instances[i];
                break;
            }
        }
        if (instance < 0) {
            return Double.NaN;
        }
        for (int i = 0; i < count; i++) {
            if (counters[i] == PROCESSOR_TIME && instances[i] == instance) {
                return values[i];
            }
        }
        return Double.NaN;
    }

    /**
     * % Processor Time of a registered Java thread in the last sample.
     *
     * @param thread a thread that called {@link #register()}
     * @return its percentage of one CPU over the last interval; NaN if it did not register or has ended
     */
    public double percent(Thread thread) {
        OptionalLong id = nativeIdOf(thread);
        return id.isPresent() ? percent(id.getAsLong()) : Double.NaN;
    }

    @Override
    public void close() {
        snapshot.close();
    }
}
