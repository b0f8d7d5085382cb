// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;

/**
 * The CPU time of a process's native threads as the operating system counts it (docs/java.md §3.1): the Thread
 * object (232) collected for that process only (on Linux {@code /proc/<pid>/task/*}, nothing of other
 * processes), by default the JVM's own. Every native thread is listed, GC, JIT compiler and pool threads
 * included, with its native id, name, cumulative CPU time and % of one CPU since the previous sample; none has to
 * register for that.
 *
 * <p>A thread is identified by its native id and start time, so a thread id the kernel hands to a new thread is
 * never credited with the ended thread's time: a thread not in the previous sample (started since, or a reused
 * id) has NaN for its percentage until the next sample.
 *
 * <p>To ask by {@link Thread} object, a Java thread calls {@link #register()} once (at its start), which records
 * its native id and start time; afterwards any thread can ask for it.
 *
 * <pre>{@code
 * try (ThreadCpu cpu = new ThreadCpu()) {
 *     Thread.sleep(1000);
 *     cpu.sample();
 *     for (ThreadCpuTime t : cpu.threads()) {
 *         System.out.println(t.name() + " " + t.cpuNanos() / 1_000_000 + " ms, " + t.percent() + " %");
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #sample()} allocates nothing once its arrays have grown to the number of threads. All methods are
 * thread-safe (a {@code ThreadCpu} serialises its own calls).
 */
public final class ThreadCpu implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    /** Thread object. */
    public static final int THREAD = 232;
    /** ID Thread counter. */
    public static final int ID_THREAD = 804;
    /** % Processor Time counter. */
    public static final int PROCESSOR_TIME = 6;

    /** Nanoseconds per unit of the raw {@code % Processor Time} timer. */
    private static final long NANOS_PER_TICK = 100;

    /** A registered thread's identity: native id and start time (0: unknown, the id alone counts). */
    private record Identity(long id, long start) {
    }

    private static final Map<Thread, Identity> IDENTITIES = Collections.synchronizedMap(new WeakHashMap<>());

    private static native int open0(long processId);

    private static native int sample0(int handle, long[] ids, long[] starts, long[] cpu, double[] percent);

    private static native int rows0(int handle, long[] ids, long[] starts, long[] cpu, double[] percent);

    private static native String[] names0(int handle);

    private static native int close0(int handle);

    /**
     * Records the calling thread's native id and start time, so that {@link #percent(Thread)} and
     * {@link #cpuNanos(Thread)} find it.
     *
     * @return the calling thread's native id
     */
    public static long register() {
        long id = NativeThread.currentThreadId();
        IDENTITIES.put(Thread.currentThread(), new Identity(id, NativeThread.currentThreadStart()));
        return id;
    }

    /**
     * The native id a thread registered, if it did.
     *
     * @param thread a Java thread
     * @return its native id, or empty when it has not called {@link #register()}
     */
    public static OptionalLong nativeIdOf(Thread thread) {
        Identity identity = IDENTITIES.get(thread);
        return identity == null ? OptionalLong.empty() : OptionalLong.of(identity.id());
    }

    private final OwnedHandle owned;
    private long[] ids = new long[0];
    private long[] starts = new long[0];
    private long[] cpu = new long[0];
    private double[] percents = new double[0];
    private int count;

    /**
     * Watches the JVM's own threads; takes the first sample (so percentages start with the second).
     *
     * @throws WPOException when the Thread object cannot be collected
     */
    public ThreadCpu() {
        this(ProcessHandle.current().pid());
    }

    /**
     * Watches the threads of another process; takes the first sample.
     *
     * @param processId the process's id
     * @throws WPOException when the process id is out of range or the Thread object cannot be collected
     */
    public ThreadCpu(long processId) {
        int handle = OwnedHandle.createWithRetry(() -> openOrCode(processId));
        if (handle <= 0) {
            throw new WPOException(handle, WPOError.describe(handle) + ": too many open ThreadCpu objects, even"
                    + " after a GC (close the ones no longer needed)");
        }
        owned = new OwnedHandle(this, handle, ThreadCpu::close0);
        grow(rows0(handle, ids, starts, cpu, percents));
        count = rows0(handle, ids, starts, cpu, percents);
    }

    /** open0, with running out of handles as a code (the one failure {@link OwnedHandle} retries). */
    private static int openOrCode(long processId) {
        try {
            return open0(processId);
        } catch (WPOException e) {
            if (e.code() == WPOError.TOO_MANY_HANDLES) {
                return e.code();
            }
            throw e;
        }
    }

    private void grow(int needed) {
        if (needed > ids.length) {
            int size = Math.max(needed, ids.length * 2);
            ids = new long[size];
            starts = new long[size];
            cpu = new long[size];
            percents = new double[size];
        }
    }

    private int handle() {
        if (owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the ThreadCpu is closed");
        }
        return owned.handle();
    }

    /**
     * Measures once: every thread's CPU time now, and its percentage over the time since the previous sample (or
     * since creation).
     *
     * @throws WPOException when this object is closed or the collection fails
     */
    public synchronized void sample() {
        int h = handle();
        int n = sample0(h, ids, starts, cpu, percents);
        if (n > ids.length) {
            grow(n);
            n = rows0(h, ids, starts, cpu, percents);
        }
        count = n;
    }

    /**
     * The number of threads in the last sample.
     *
     * @return the thread count
     */
    public synchronized int threadCount() {
        return count;
    }

    private void checkRow(int row) {
        if (row < 0 || row >= count) {
            throw new IndexOutOfBoundsException("row " + row + " of " + count + " threads");
        }
    }

    /**
     * The native id of a thread of the last sample.
     *
     * @param row 0 to {@link #threadCount()} - 1
     * @return its native id
     * @throws IndexOutOfBoundsException for a row out of range
     */
    public synchronized long nativeId(int row) {
        checkRow(row);
        return ids[row];
    }

    /**
     * The cumulative CPU time of a thread of the last sample.
     *
     * @param row 0 to {@link #threadCount()} - 1
     * @return user plus privileged time since the thread started, in nanoseconds
     * @throws IndexOutOfBoundsException for a row out of range
     */
    public synchronized long cpuNanos(int row) {
        checkRow(row);
        return cpu[row] * NANOS_PER_TICK;
    }

    /**
     * The % Processor Time of a thread of the last sample.
     *
     * @param row 0 to {@link #threadCount()} - 1
     * @return % of one CPU since the previous sample; NaN when the thread was not in it
     * @throws IndexOutOfBoundsException for a row out of range
     */
    public synchronized double percent(int row) {
        checkRow(row);
        return percents[row];
    }

    private int rowOf(long nativeId) {
        for (int i = 0; i < count; i++) {
            if (ids[i] == nativeId) {
                return i;
            }
        }
        return -1;
    }

    /**
     * % Processor Time of the thread with this native id in the last sample.
     *
     * @param nativeId a native thread id
     * @return % of one CPU since the previous sample; NaN if no such thread is in the last sample, or it was not
     *     in the one before
     */
    public synchronized double percent(long nativeId) {
        int row = rowOf(nativeId);
        return row < 0 ? Double.NaN : percents[row];
    }

    /**
     * Cumulative CPU time of the thread with this native id in the last sample.
     *
     * @param nativeId a native thread id
     * @return nanoseconds of CPU since the thread started, or -1 if no such thread is in the last sample
     */
    public synchronized long cpuNanos(long nativeId) {
        int row = rowOf(nativeId);
        return row < 0 ? -1 : cpu[row] * NANOS_PER_TICK;
    }

    /** The row of a registered, living thread that is the very thread (id and start), or -1. */
    private int rowOf(Thread thread) {
        Identity identity = IDENTITIES.get(thread);
        if (identity == null || !thread.isAlive()) {
            return -1;
        }
        for (int i = 0; i < count; i++) {
            if (ids[i] == identity.id() && (identity.start() == 0 || starts[i] == identity.start())) {
                return i;
            }
        }
        return -1;
    }

    /**
     * % Processor Time of a registered Java thread in the last sample.
     *
     * @param thread a thread that called {@link #register()}
     * @return % of one CPU since the previous sample; NaN if it did not register, has ended, or its native
     *     thread is not in the last sample (another thread that had its id is never taken for it)
     */
    public synchronized double percent(Thread thread) {
        int row = rowOf(thread);
        return row < 0 ? Double.NaN : percents[row];
    }

    /**
     * Cumulative CPU time of a registered Java thread in the last sample.
     *
     * @param thread a thread that called {@link #register()}
     * @return nanoseconds of CPU since it started; -1 if it did not register, has ended, or is not in the last
     *     sample
     */
    public synchronized long cpuNanos(Thread thread) {
        int row = rowOf(thread);
        return row < 0 ? -1 : cpu[row] * NANOS_PER_TICK;
    }

    /**
     * Every native thread of the last sample with its name (allocates; {@link #sample()} does not).
     *
     * @return one entry per thread, in the order of the rows
     * @throws WPOException when this object is closed
     */
    public synchronized List<ThreadCpuTime> threads() {
        String[] names = names0(handle());
        int n = Math.min(count, names.length);
        List<ThreadCpuTime> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new ThreadCpuTime(ids[i], names[i], starts[i], cpu[i] * NANOS_PER_TICK, percents[i]));
        }
        return Collections.unmodifiableList(out);
    }

    /** Releases the native side; closing twice is harmless. */
    @Override
    public void close() {
        owned.close();
    }
}
