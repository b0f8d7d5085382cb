// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

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
 * <p><b>Wildcards follow the machine.</b> A path with a wildcard instance ({@code \Process(*)\% Processor Time},
 * {@code \Thread(java:1234/*)\% Processor Time}) has a column for every instance present in each sample's data,
 * as the desktop app's {@code <All instances>}: after a {@link #sample()} that saw instances start or end,
 * {@link #columnsChanged()} is true and {@link #columns()} is the new list (column numbers may move; read them
 * again). A path naming an instance keeps its column, NaN once the instance has gone.
 *
 * <p><b>Every value has a time.</b> {@link #collectedAtEpochNanos()} is when the oldest data of the last sample was
 * collected. By default a sample never takes data collected before the sampler's own previous call began (another
 * sampler's collection is shared only when it is that recent); {@link #setMaxAgeNanos(long)} sets a fixed limit
 * instead, 0 for data collected during the call itself.
 *
 * <p><b>Recordings.</b> {@link Recording#sampler(String...)} opens a sampler of the same paths on a recording made
 * by {@code perfscope-cli record}: each {@link #sample()} reads the recorded sample the recording stands on, and
 * {@link #collectedAtEpochNanos()} is its recorded time.
 *
 * <p><b>Other machines.</b> A path may name another machine whose agent ({@code perfscope-cli serve}) serves its
 * counters, as perfscope-cli's paths do: {@code \\HOST:PORT\Memory\Available Bytes},
 * {@code \\ssh://user@HOST\Processor(_Total)\% Processor Time}. The sampler then reads that machine
 * ({@link Machine#connect(String)}), and its columns are named without the machine. A sampler reads one machine:
 * every path names the same one (or, for this machine, none, {@code localhost} or its host name).
 *
 * <p>Thread-safety: every method may be called from any thread; {@link #sample()} calls are serialised.
 */
public final class Sampler implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    private static native int open0(int recording, String[] paths);

    private static native String[] columns0(int recording, int handle, int[] pathOfColumn);

    private static native int columnCount0(int recording, int handle);

    /**
     * Samples into the sampler's native storage (sized by its columns) and copies as many values as fit.
     *
     * @param recording the recording's handle, 0 for the machine
     * @param handle the sampler
     * @param values receives the values, as many as it holds
     * @param info receives the collection time (epoch nanoseconds) at 0 and the column count at 1
     * @return {@link #ANOMALY_FLAG} and {@link #COLUMNS_CHANGED_FLAG}, or-ed
     */
    private static native int sample0(int recording, int handle, double[] values, long[] info);

    /**
     * Copies the last sample's values.
     *
     * @param recording the recording's handle, 0 for the machine
     * @param handle the sampler
     * @param values receives the values, as many as it holds
     * @return the number of columns
     */
    private static native int values0(int recording, int handle, double[] values);

    /**
     * Sets the native freshness threshold.
     *
     * @param recording the recording's handle, 0 for the machine
     * @param handle the sampler
     * @param nanos the maximum age, or {@link #SINCE_PREVIOUS_CALL}
     */
    private static native void setMaxAge0(int recording, int handle, long nanos);

    /**
     * Reads the sources' wall clock.
     *
     * @return nanoseconds since 1970-01-01 UTC
     */
    private static native long nowEpochNanos0();

    /** sample0's flag: the sample saw an anomaly. */
    private static final int ANOMALY_FLAG = 1;
    /** sample0's flag: the column list changed. */
    private static final int COLUMNS_CHANGED_FLAG = 2;
    /** The native default threshold: nothing collected before the previous call. */
    private static final long SINCE_PREVIOUS_CALL = -1;

    private static native int close0(int recording, int handle);

    private final OwnedHandle owned;
    /** The recording sampled, or null; kept reachable while the sampler is. */
    private final Recording recording;
    /** The other machine sampled, or null; kept reachable while the sampler is. */
    private final Machine machine;
    /** Whether closing the sampler closes {@link #machine} (opened for a path naming it). */
    private final boolean ownsMachine;
    /** Whose sampler it is, natively: 0 this machine, a recording's handle, or minus a machine's handle. */
    private final int recordingHandle;
    private final List<String> paths;
    /** The paths as given, indexed by the native path numbers of the columns. */
    private final String[] pathArray;
    /** sample0's out-parameters, reused: collection time and column count. */
    private final long[] info = new long[2];
    /** The current column headers; replaced with {@link #byName} and {@link #values} when the columns change. */
    private volatile List<String> columns;
    /** Column number by header and by path as given. */
    private volatile Map<String, Integer> byName;
    /** The last sample's values, one per column. */
    private volatile double[] values;
    /** Whether the last sample changed the columns. */
    private boolean columnsChanged;
    /** The last sample's collection time, epoch nanoseconds. */
    private long collectedAt;
    /** The threshold set, or {@link #SINCE_PREVIOUS_CALL}. */
    private long maxAge = SINCE_PREVIOUS_CALL;

    /**
     * Opens the native sampler.
     *
     * @param recording the recording read, or null
     * @param machine the other machine read, or null
     * @param ownsMachine whether closing the sampler closes {@code machine}
     * @param paths the paths as given
     * @param nativePaths the paths as the native side resolves them (without a machine)
     */
    private Sampler(Recording recording, Machine machine, boolean ownsMachine, String[] paths, String[] nativePaths) {
        this.paths = List.copyOf(Arrays.asList(paths));
        this.recording = recording;
        this.machine = machine;
        this.ownsMachine = ownsMachine;
        int in = recording != null ? recording.handle() : machine != null ? machine.samplerOwner() : 0;
        recordingHandle = in;
        String[] copy = paths.clone();
        String[] resolved = nativePaths.clone();
        int handle = OwnedHandle.createWithRetry(() -> openOrCode(in, resolved));
        if (handle <= 0) {
            throw new WPOException(handle, WPOError.describe(handle) + ": too many open samplers, even after a GC"
                    + " (close the samplers no longer needed)");
        }
        owned = new OwnedHandle(this, handle, h -> close0(in, h));
        pathArray = copy;
        readColumns(handle);
        Arrays.fill(values, Double.NaN);
    }

    /**
     * Reads the native column list into new fields (the lists and maps are never changed in place).
     *
     * @param handle the sampler
     */
    private void readColumns(int handle) {
        int count = columnCount0(recordingHandle, handle);
        int[] pathOf = new int[Math.max(count, 0)];
        String[] headers = columns0(recordingHandle, handle, pathOf);
        Map<String, Integer> names = new HashMap<>();
        for (int i = 0; i < headers.length; i++) {
            names.putIfAbsent(headers[i], i);
        }
        // A path also names its first column, so a value can be read by the very string that opened it.
        for (int i = headers.length - 1; i >= 0; i--) {
            names.put(pathArray[pathOf[i]], i);
        }
        double[] storage = values != null && values.length == headers.length ? values : new double[headers.length];
        byName = names;
        columns = Collections.unmodifiableList(Arrays.asList(headers));
        values = storage;
    }

    /**
     * open0, with running out of handles as a code (the one failure {@link OwnedHandle} retries).
     *
     * @param recording whose sampler: 0 this machine, a recording's handle, minus a machine's handle
     * @param paths the paths
     * @return the handle, or {@link WPOError#TOO_MANY_HANDLES}
     */
    private static int openOrCode(int recording, String[] paths) {
        try {
            return open0(recording, paths);
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
     * @param paths counter paths, {@code \Object(Instance)\Counter}, or {@code \\MACHINE\Object(Instance)\Counter}
     *     for another machine (the same one in every path); wildcards expand to the instances present now
     * @return an open sampler, which has taken its first sample; the caller closes it
     * @throws WPOException for a null array or path ({@link WPOError#NULL_ARGUMENT}), a path that does not parse or
     *     resolve (the message names it), paths naming two machines ({@link WPOError#INVALID_ARGUMENT}), another
     *     machine that cannot be reached (as {@link Machine#connect(String)}), or when every handle is taken even
     *     after a GC ({@link WPOError#TOO_MANY_HANDLES})
     * @throws UnsupportedOperationException when a path names another machine and this build of the library
     *     cannot read other machines (see {@link Machine})
     */
    public static Sampler open(String... paths) {
        checkPaths(paths);
        String named = null;
        int namedAt = -1;
        boolean unnamed = false;
        String[] stripped = new String[paths.length];
        for (int i = 0; i < paths.length; i++) {
            String path = paths[i];
            String machine = Machine.machineOf(path);
            stripped[i] = machine == null ? path : path.substring(2 + machine.length());
            if (machine == null) {
                unnamed = true;
            } else if (named == null) {
                named = machine;
                namedAt = i;
            } else if (!named.equalsIgnoreCase(machine)) {
                throw new WPOException(WPOError.INVALID_ARGUMENT, "invalid argument: \"" + paths[namedAt]
                        + "\" and \"" + path + "\" name two machines; a sampler reads one machine");
            }
        }
        if (named == null) {
            return new Sampler(null, null, false, paths, paths);
        }
        Machine machine;
        try {
            machine = Machine.connect(named);
        } catch (WPOException e) {
            throw new WPOException(e.code(), e.getMessage() + " (reading \"" + paths[namedAt] + "\")");
        }
        if (machine.isThisMachine()) {
            return new Sampler(null, null, false, paths, paths);  // the native resolver knows this machine's names
        }
        if (unnamed) {
            machine.close();
            throw new WPOException(WPOError.INVALID_ARGUMENT, "invalid argument: \"" + paths[namedAt]
                    + "\" names the machine \\\\" + named + " but other paths name none (this machine); a sampler"
                    + " reads one machine");
        }
        try {
            return new Sampler(null, machine, true, paths, stripped);
        } catch (RuntimeException e) {
            machine.close();
            throw e;
        }
    }

    /**
     * Checks the paths for nulls.
     *
     * @param paths counter paths
     * @throws WPOException {@link WPOError#NULL_ARGUMENT} for a null array or path
     */
    private static void checkPaths(String[] paths) {
        if (paths == null) {
            throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: no counter paths (null array)");
        }
        for (int i = 0; i < paths.length; i++) {
            if (paths[i] == null) {
                throw new WPOException(WPOError.NULL_ARGUMENT, "null argument: counter path " + i + " is null");
            }
        }
    }

    /**
     * Opens a sampler on the machine or on a recording ({@link Recording#sampler(String...)}).
     *
     * @param recording the recording, or null for the machine
     * @param paths counter paths
     * @return an open sampler
     */
    static Sampler open(Recording recording, String... paths) {
        checkPaths(paths);
        return new Sampler(recording, null, false, paths, paths);
    }

    /**
     * Opens a sampler on another machine ({@link Machine#sampler(String...)}).
     *
     * @param machine the machine
     * @param paths counter paths without a machine
     * @return an open sampler
     */
    static Sampler open(Machine machine, String... paths) {
        checkPaths(paths);
        if (machine.isThisMachine()) {
            return new Sampler(null, null, false, paths, paths);
        }
        for (String path : paths) {
            if (Machine.machineOf(path) != null) {
                throw new WPOException(WPOError.INVALID_ARGUMENT, "invalid argument: \"" + path + "\" names a"
                        + " machine; the paths of Machine.sampler name none (the sampler reads \\\\"
                        + machine.name() + ")");
            }
        }
        return new Sampler(null, machine, false, paths, paths);
    }

    /**
     * The recording this sampler reads.
     *
     * @return the recording given to {@link Recording#sampler(String...)}, or null for a sampler of the machine
     */
    public Recording recording() {
        return recording;
    }

    /**
     * The other machine this sampler reads.
     *
     * @return the machine its paths or {@link Machine#sampler(String...)} named, or null for this machine and for
     *     a recording
     */
    public Machine machine() {
        return machine;
    }

    /**
     * The current columns, as {@code \Object(Instance)\Counter}: those of the last {@link #sample()} (of open
     * before the first).
     *
     * @return an unmodifiable list, replaced (not changed) when a wildcard's instances change
     */
    public List<String> columns() {
        return columns;
    }

    /**
     * Whether the last {@link #sample()} changed the column list (a wildcard instance started or ended).
     *
     * @return true when {@link #columns()} differs from its list before that sample
     */
    public synchronized boolean columnsChanged() {
        return columnsChanged;
    }

    /**
     * When the oldest data of the last {@link #sample()} was collected, on the wall clock the sources stamp their
     * data with (compare with {@link #nowEpochNanos()}, or with {@link java.time.Instant} to the microsecond).
     *
     * @return nanoseconds since 1970-01-01 UTC; 0 before the first sample or when the source gives no time
     */
    public synchronized long collectedAtEpochNanos() {
        return collectedAt;
    }

    /**
     * How old the last sample's data is now: {@link #nowEpochNanos()} minus {@link #collectedAtEpochNanos()}.
     *
     * @return nanoseconds; -1 before the first sample or when the source gives no time
     */
    public long ageNanos() {
        long at = collectedAtEpochNanos();
        return at == 0 ? -1 : nowEpochNanos() - at;
    }

    /**
     * The wall clock the sources stamp their data with. No allocation.
     *
     * @return nanoseconds since 1970-01-01 UTC
     */
    public static long nowEpochNanos() {
        return nowEpochNanos0();
    }

    /**
     * Sets how old the data of each following {@link #sample()} may be, counted back from the start of that call:
     * data another sampler collected earlier is not taken, this sampler collects anew. 0: only data collected
     * during the call. The shared cache's own limit (500 ms) still applies to larger values.
     *
     * @param nanos the maximum age in nanoseconds, 0 or more
     * @throws IllegalArgumentException if {@code nanos} is negative
     * @throws WPOException if the sampler is closed
     */
    public synchronized void setMaxAgeNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("maximum age " + nanos + " ns is negative: give 0 or more"
                    + " nanoseconds (setMaxAgeSincePreviousCall() restores the default)");
        }
        setMaxAge(nanos);
    }

    /**
     * Restores the default threshold: no data collected before the start of this sampler's previous call (of
     * {@link #open} for the first sample).
     *
     * @throws WPOException if the sampler is closed
     */
    public synchronized void setMaxAgeSincePreviousCall() {
        setMaxAge(SINCE_PREVIOUS_CALL);
    }

    /**
     * The threshold set with {@link #setMaxAgeNanos(long)}.
     *
     * @return the maximum age in nanoseconds, or empty for the default (since the previous call)
     */
    public synchronized OptionalLong maxAgeNanos() {
        return maxAge == SINCE_PREVIOUS_CALL ? OptionalLong.empty() : OptionalLong.of(maxAge);
    }

    /**
     * Passes a threshold on.
     *
     * @param nanos the maximum age, or {@link #SINCE_PREVIOUS_CALL}
     */
    private void setMaxAge(long nanos) {
        if (owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the sampler is closed");
        }
        setMaxAge0(recordingHandle, owned.handle(), nanos);
        maxAge = nanos;
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
     * Measures once (prepare, sample, decode natively) into the sampler's own array. Allocates nothing unless the
     * columns changed ({@link #columnsChanged()}).
     *
     * @return true when the sample saw an anomaly (instances came or went); values are right either way
     * @throws WPOException if the sampler is closed or the collection fails
     */
    public synchronized boolean sample() {
        if (owned.isClosed()) {
            throw new WPOException(WPOError.INVALID_HANDLE, "invalid handle: the sampler is closed");
        }
        int handle = owned.handle();
        int flags = sample0(recordingHandle, handle, values, info);
        collectedAt = info[0];
        columnsChanged = (flags & COLUMNS_CHANGED_FLAG) != 0;
        if (columnsChanged || info[1] != values.length) {
            readColumns(handle);
            values0(recordingHandle, handle, values);
        }
        return (flags & ANOMALY_FLAG) != 0;
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
     * @param out receives the values; at least {@link #columns()}.size() long
     * @throws ArrayIndexOutOfBoundsException if {@code out} is shorter
     * @throws NullPointerException when {@code out} is null
     */
    public void copyValues(double[] out) {
        double[] current = values;
        System.arraycopy(current, 0, out, 0, current.length);
    }

    /** Closes the sampler (and the connection to a machine that only its paths named). */
    @Override
    public void close() {
        owned.close();
        if (ownsMachine) {
            machine.close();
        }
    }
}
