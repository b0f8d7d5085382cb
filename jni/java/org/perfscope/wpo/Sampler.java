// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples counter paths as perfscope-cli and PDH write them:
 * {@code \Process(java:1234)\% Processor Time}, {@code \Processor(*)\% Processor Time}, {@code \Memory\*}.
 * Paths are resolved natively when the sampler opens (a wildcard expands to the instances present then); each
 * resulting column follows its instance by identity (a process by PID and start time), so it never jumps to
 * another process, and reads NaN once its instance has gone.
 *
 * <pre>{@code
 * try (Sampler sampler = Sampler.open("\\Processor(_Total)\\% Processor Time", "\\Memory\\Available Bytes")) {
 *     for (int i = 0; i < 10; i++) {
 *         Thread.sleep(1000);
 *         sampler.sample();                          // no allocation
 *         double cpu = sampler.value(0);             // by column
 *         double free = sampler.value("\\Memory\\Available Bytes");   // by path as given
 *     }
 * }
 * }</pre>
 *
 * <p>Creation takes a first sample, so rates have values from the first {@link #sample()} on. Errors (malformed
 * paths, unknown objects, counters or instances) throw {@link WPOException} with a message naming the path.
 *
 * <p>Thread-safety: not safe for concurrent use. {@link #sample()} writes the array the value readers read, so one
 * thread samples and reads, or the caller synchronises (a sampler per thread costs little: snapshots share the
 * process's collected objects). The native side checks the handle on every call, so a sampler used or closed from
 * several threads at once never crashes the JVM: at worst a call fails with {@link WPOException}
 * ({@link WPOError#INVALID_HANDLE}) or reads values of a sample in progress.
 */
public final class Sampler implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    private static native int open0(String[] paths);

    private static native String[] columns0(int handle, int[] pathOfColumn);

    private static native int columnCount0(int handle);

    private static native int sample0(int handle, double[] values);

    private static native int close0(int handle);

    private final OwnedHandle owned;
    private final List<String> paths;
    private final List<String> columns;
    private final Map<String, Integer> byName = new HashMap<>();
    private final double[] values;

    private Sampler(String[] paths) {
        this.paths = List.copyOf(Arrays.asList(paths));
        String[] copy = paths.clone();
        int handle = OwnedHandle.createWithRetry(() -> openOrCode(copy));
        if (handle <= 0) {
            throw new WPOException(handle, WPOError.describe(handle) + ": too many open samplers, even after a GC"
                    + " (close the samplers no longer needed)");
        }
        owned = new OwnedHandle(this, handle, Sampler::close0);
        int count = columnCount0(handle);
        int[] pathOf = new int[Math.max(count, 0)];
        String[] headers = columns0(handle, pathOf);
        columns = Collections.unmodifiableList(Arrays.asList(headers));
        values = new double[headers.length];
        Arrays.fill(values, Double.NaN);
        for (int i = 0; i < headers.length; i++) {
            byName.putIfAbsent(headers[i], i);
        }
        // A path also names its first column, so a value can be read by the very string that opened it.
        for (int i = headers.length - 1; i >= 0; i--) {
            byName.put(paths[pathOf[i]], i);
        }
    }

    /** open0, with running out of handles as a code (the one failure {@link OwnedHandle} retries). */
    private static int openOrCode(String[] paths) {
        try {
            return open0(paths);
        } catch (WPOException e) {
            if (e.code() == WPOError.TOO_MANY_HANDLES) {
                return e.code();
            }
            throw e;
        }
    }

    /**
     * Opens a sampler for the given paths; throws {@link WPOException} naming a path that does not resolve. When
     * every native handle is taken, unreachable samplers that were never closed are collected first (one GC) and
     * the open tried once more.
     *
     * @param paths counter paths, {@code \Object(Instance)\Counter}; wildcards expand to the instances present now
     * @return an open sampler, which has taken its first sample; the caller closes it
     * @throws WPOException for a null array or path ({@link WPOError#NULL_ARGUMENT}), a path that does not parse or
     *     resolve (the message names it), or when every handle is taken even after a GC
     *     ({@link WPOError#TOO_MANY_HANDLES})
     */
    public static Sampler open(String... paths) {
        if (paths == null) {
            throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: no counter paths (null array)");
        }
        for (int i = 0; i < paths.length; i++) {
            if (paths[i] == null) {
                throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: counter path " + i + " is null");
            }
        }
        return new Sampler(paths);
    }

    /**
     * The resolved columns.
     *
     * @return the columns as {@code \Object(Instance)\Counter}, an unmodifiable list in value order
     */
    public List<String> columns() {
        return columns;
    }

    /**
     * The paths as given to {@link #open}.
     *
     * @return the paths, an unmodifiable list
     */
    public List<String> paths() {
        return paths;
    }

    /**
     * Measures once (prepare, sample, decode natively) into the sampler's own array. Returns true when the sample
     * saw an anomaly (instances came or went); values are right either way.
     *
     * @return true when instances came or went since the previous sample
     * @throws WPOException when the sampler is closed ({@link WPOError#INVALID_HANDLE}) or sampling fails
     */
    public boolean sample() {
        if (owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the sampler is closed");
        }
        return sample0(owned.handle(), values) == WPOError.ANOMALY;
    }

    /**
     * The last sample's value of a column.
     *
     * @param column a position in {@link #columns()}
     * @return the value; NaN when there is none (instance gone, no sample yet)
     * @throws ArrayIndexOutOfBoundsException when {@code column} is out of range
     */
    public double value(int column) {
        return values[column];
    }

    /**
     * The last sample's value of a column named by its header or by a path given without wildcards.
     *
     * @param path a column header or a path as given to {@link #open}
     * @return the value; NaN when there is none
     * @throws IllegalArgumentException when no column has that name (the message lists the columns)
     */
    public double value(String path) {
        Integer column = byName.get(path);
        if (column == null) {
            throw new IllegalArgumentException("no column \"" + path + "\" in this sampler (columns: " + columns
                    + ")");
        }
        return values[column];
    }

    /**
     * The column of a header or path.
     *
     * @param path a column header or a path as given to {@link #open}
     * @return its position in {@link #columns()}, or -1
     */
    public int columnOf(String path) {
        Integer column = byName.get(path);
        return column == null ? -1 : column;
    }

    /**
     * Copies the last sample's values into {@code out}.
     *
     * @param out at least {@link #columns()}.size() long
     * @throws IndexOutOfBoundsException when {@code out} is too short
     * @throws NullPointerException when {@code out} is null
     */
    public void copyValues(double[] out) {
        System.arraycopy(values, 0, out, 0, values.length);
    }

    @Override
    public void close() {
        owned.close();
    }
}
