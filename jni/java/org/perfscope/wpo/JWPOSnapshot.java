// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.lang.ref.Cleaner;
import java.util.List;

/**
 * A snapshot entity (the thesis's WPOSnapshot, docs/snapshots-and-cache.md §2, docs/java.md §2): measures a fixed
 * set of objects and counters in cycles of prepare, sample, decode, sharing collected objects with every other
 * snapshot of the process through
 * the native cache.
 *
 * <p>The static native methods are the thesis's interface, unchanged: the snapshot is named by an int handle that
 * the library validates (an unknown, destroyed or forged handle is {@link WPOError#INVALID_HANDLE}, never a
 * crash), arrays are allocated by the caller, 0 is success, -6 ({@link WPOError#ANOMALY}) an anomaly and any other
 * negative value a failure. A JPMF data source written against the thesis's interface calls them directly.
 *
 * <p>An instance owns one handle: {@link #close()} destroys it, and a {@link Cleaner} destroys it if the instance
 * becomes unreachable unclosed. Instances may be used from several threads (the library takes the snapshot's
 * reader-writer lock), but one measuring cycle belongs to one thread: cycles interleaved through the static methods
 * get {@link WPOError#INVALID_STATE}.
 *
 * <p>Thread-safety: the static methods and an instance are safe to call from several threads (the library checks
 * every handle and takes the snapshot's lock). {@link #measure()} takes the instance's lock around its cycle, so
 * threads may share an instance through it: each call's cycle runs whole, one after the other. Threads that drive
 * cycles through the static methods on one handle synchronise themselves, or use a snapshot each. Closing from
 * another thread makes later calls fail with {@link WPOError#INVALID_HANDLE}, never crash.
 */
public final class JWPOSnapshot implements AutoCloseable {
    static {
        WPOLibrary.load();
    }

    /** Every object of the "Global" query, whole. */
    public static final int TYPE_GLOBAL = 0;
    /** Every object of the "Costly" query, whole. */
    public static final int TYPE_COSTLY = 1;
    /** The objects and counters of the input list. */
    public static final int TYPE_CUSTOM = 2;
    /**
     * Perfscope addition: {@link #TYPE_CUSTOM} whose values are each counter's raw value as it stands in the data
     * (a LONG, valid from the first sample): the cumulative count or time under a rate, which never decreases
     * for the counting types (docs/java.md §4.2).
     */
    public static final int TYPE_CUSTOM_RAW = 3;

    // --- the thesis's native methods (docs/java.md §2) ------------------------------------------------------------

    /**
     * Creates a snapshot and takes its first sample.
     *
     * @param aSnapshotType {@link #TYPE_GLOBAL}, {@link #TYPE_COSTLY} or {@link #TYPE_CUSTOM}
     * @param aInputInfo the objects and counters of a {@link #TYPE_CUSTOM} snapshot; ignored by the others
     * @return a positive handle, or a negative code ({@link WPOError})
     */
    public static native int createSnapshot(int aSnapshotType, WPOSnapshotInputInfo[] aInputInfo);

    /**
     * Destroys a snapshot.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return 0, or {@link WPOError#INVALID_HANDLE} for a handle that is not live
     */
    public static native int destroySnapshot(int aSnapshotHandle);

    /**
     * Number of performance objects the snapshot measures.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return the count, or a negative code
     */
    public static native int getSnapshotPerfObjectCount(int aSnapshotHandle);

    /**
     * The name indices of the snapshot's objects.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aIndices at least {@link #getSnapshotPerfObjectCount} elements, filled with the indices
     * @return their number, or a negative code
     */
    public static native int getSnapshotPerfObjectNames(int aSnapshotHandle, int[] aIndices);

    /**
     * Number of counters of one of the snapshot's objects.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @return the count, or a negative code
     */
    public static native int getSnapshotPerfObjectCountersCount(int aSnapshotHandle, int aPerfObject);

    /**
     * The counters of one of the snapshot's objects.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @param aCounterRecords caller-allocated, non-null elements, at least
     *     {@link #getSnapshotPerfObjectCountersCount} of them, filled in definition order
     * @return their number, or a negative code
     */
    public static native int getSnapshotPerfObjectCounters(int aSnapshotHandle, int aPerfObject,
            CounterRecord[] aCounterRecords);

    /**
     * Number of instances of one of the snapshot's objects in the last sample.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @return the count (0 for an object without instances), or a negative code
     */
    public static native int getSnapshotPerfObjectInstancesCount(int aSnapshotHandle, int aPerfObject);

    /**
     * Length of the array {@link #getSnapshotPerfObjectInstances} needs.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @return characters of all raw instance names, each NUL-terminated, plus one final NUL; or a negative code
     */
    public static native int getSnapshotPerfObjectInstancesLength(int aSnapshotHandle, int aPerfObject);

    /**
     * Raw instance names (NUL-separated, two NULs at the end) and each instance's parent object index, in block
     * order.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @param aNames at least {@link #getSnapshotPerfObjectInstancesLength} characters
     * @param aIds at least {@link #getSnapshotPerfObjectInstancesCount} elements
     * @return the number of instances, or a negative code
     */
    public static native int getSnapshotPerfObjectInstances(int aSnapshotHandle, int aPerfObject, char[] aNames,
            int[] aIds);

    /**
     * Stage one of a cycle: gets the snapshot ready to sample.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return 0, or a negative code ({@link WPOError#INVALID_STATE} inside another thread's cycle)
     */
    public static native int prepareSnapshot(int aSnapshotHandle);

    /**
     * Stage two of a cycle: takes the sample.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return 0 success, -6 anomaly (instances came or went, a buffer grew), other negative failure
     */
    public static native int sampleSnapshot(int aSnapshotHandle);

    /**
     * Decodes the sample. Returns -6 ({@link WPOError#ANOMALY}) when decoding found what the sample's checks do
     * not see: the instances of a sampled object changed identity at an equal count (one process exited and
     * another started), or an object's counter definitions changed. After a definition change the cycle is empty
     * ({@link #getSnapshotItemCount} is 0) rather than measured again over microseconds; the next cycle has values.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return 0, -6 (anomaly), or another negative code
     */
    public static native int decodeSnapshot(int aSnapshotHandle);

    /**
     * Number of decoded values of the last cycle.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @return the count, or a negative code
     */
    public static native int getSnapshotItemCount(int aSnapshotHandle);

    /**
     * The decoded values of the last cycle.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aValues caller-allocated, non-null elements, at least {@link #getSnapshotItemCount} of them
     * @return their number, or a negative code
     */
    public static native int getSnapshotItems(int aSnapshotHandle, CalcValue[] aValues);

    // --- Perfscope additions ------------------------------------------------------------------------------------

    /**
     * Unique display names of the instances ("java:1234" for a process, "java:1234/1240" for a thread),
     * NUL-separated with two NULs at the end.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @param aNames the array the names are written to
     * @return the characters used, or a negative code ({@link WPOError#BUFFER_TOO_SMALL}: a longer array is needed)
     */
    public static native int getSnapshotPerfObjectInstanceDisplayNames(int aSnapshotHandle, int aPerfObject,
            char[] aNames);

    /**
     * JPMF sensor instance names (a Process by its PID alone, anything else by its display name), NUL-separated
     * with two NULs at the end.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @param aNames the array the names are written to
     * @return the characters used, or a negative code ({@link WPOError#BUFFER_TOO_SMALL}: a longer array is needed)
     */
    public static native int getSnapshotPerfObjectSensorInstanceNames(int aSnapshotHandle, int aPerfObject,
            char[] aNames);

    /**
     * {@link #getSnapshotPerfObjectSensorInstanceNames} as a list, with an array grown until the names fit.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aPerfObject the object's name index (one of {@link #getSnapshotPerfObjectNames})
     * @return the sensor instance names
     * @throws WPOException when the native call fails
     */
    public static List<String> sensorInstanceNames(int aSnapshotHandle, int aPerfObject) {
        return NulStrings.fetchList(chars -> getSnapshotPerfObjectSensorInstanceNames(aSnapshotHandle, aPerfObject,
                chars), "instances of " + aPerfObject);
    }

    /**
     * The fast path: every decoded value as a double (NaN where there is none) into one caller-owned array, in
     * the order of {@link #getSnapshotItems}. No allocation.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aValues at least {@link #getSnapshotItemCount} elements
     * @return the number of values, or a negative code
     */
    public static native int getSnapshotValues(int aSnapshotHandle, double[] aValues);

    /**
     * Object index, counter index and instance position of each value of {@link #getSnapshotValues}.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aObjects at least {@link #getSnapshotItemCount} elements, filled with object name indices
     * @param aCounters as long, filled with counter name indices
     * @param aInstances as long, filled with instance positions (-1 for an object without instances)
     * @return the number of values, or a negative code
     */
    public static native int getSnapshotValueKeys(int aSnapshotHandle, int[] aObjects, int[] aCounters,
            int[] aInstances);

    /**
     * Sets how old the data a following {@link #sampleSnapshot} may take from other snapshots' collections is,
     * counted back from the start of that call (0: only data collected during the call). The default, restored by
     * -1, is nothing collected before this snapshot's previous {@link #sampleSnapshot} call began (its creation for
     * the first). The shared cache's own limit (500 ms) still applies to larger values.
     *
     * @param aSnapshotHandle the snapshot
     * @param aMaxAgeNanos the maximum age in nanoseconds, 0 or more, or -1 for the default
     * @return 0, {@link WPOError#INVALID_ARGUMENT} for another negative age, or {@link WPOError#INVALID_HANDLE}
     */
    public static native int setSnapshotMaxAge(int aSnapshotHandle, long aMaxAgeNanos);

    /**
     * When the oldest object of the last decoded sample (creation's before the first decode) was collected.
     *
     * @param aSnapshotHandle the snapshot
     * @param aEpochNanos receives, at index 0, nanoseconds since 1970-01-01 UTC (0 when the source gives no time)
     * @return 0, or a negative code ({@link WPOError#NULL_ARGUMENT}, {@link WPOError#BUFFER_TOO_SMALL} for an empty
     *         array, {@link WPOError#INVALID_HANDLE})
     */
    public static native int getSnapshotCollectionTime(int aSnapshotHandle, long[] aEpochNanos);

    /**
     * Reads the sources' wall clock.
     *
     * @return nanoseconds since 1970-01-01 UTC
     */
    private static native long nowEpochNanos0();

    /**
     * Every decoded value exactly, without passing through double: {@code aValues[i]} holds a 32- or 64-bit
     * integer value as it is, or a decimal value's {@link Double#doubleToRawLongBits bits}; {@code aTypes[i]} its
     * {@link ValueType} ordinal, or -1 where the value is not valid. Same order as {@link #getSnapshotValues}; no
     * Java allocation.
     *
     * @param aSnapshotHandle a snapshot handle from {@link #createSnapshot}
     * @param aValues receives the values
     * @param aTypes receives the types; at least as long as the values
     * @return the number of values, or a negative code (null or too small arrays, a bad handle or state)
     */
    public static native int getSnapshotValueBits(int aSnapshotHandle, long[] aValues, byte[] aTypes);

    // --- an owned handle ------------------------------------------------------------------------------------------

    private final OwnedHandle owned;
    /** getSnapshotCollectionTime's out-parameter, reused (under its own lock) so reading the time allocates nothing. */
    private final long[] timeOut = new long[1];

    private final Object cycleLock = new Object();  // measure(): one cycle at a time

    /**
     * Creates a snapshot; throws {@link WPOException} naming the problem. When every native handle is taken,
     * unreachable snapshots that were never closed are collected first (one GC) and the creation tried once more.
     *
     * @param type {@link #TYPE_GLOBAL}, {@link #TYPE_COSTLY} or {@link #TYPE_CUSTOM}
     * @param inputs the objects and counters of a {@link #TYPE_CUSTOM} snapshot
     * @throws WPOException naming the problem (an unknown object or counter, no handle left even after a GC)
     */
    public JWPOSnapshot(int type, WPOSnapshotInputInfo... inputs) {
        int h = OwnedHandle.createWithRetry(() -> createSnapshot(type, inputs));
        if (h <= 0) {
            throw new WPOException(h, WPOError.describe(h) + ": createSnapshot(type " + type + ", "
                    + (inputs == null ? "null" : java.util.Arrays.toString(inputs)) + ")");
        }
        owned = new OwnedHandle(this, h, JWPOSnapshot::destroySnapshot);
    }

    /**
     * The native handle, for the static methods.
     *
     * @return the handle (valid until {@link #close()})
     */
    public int handle() {
        return owned.handle();
    }

    /**
     * Whether {@link #close()} ran.
     *
     * @return true once closed
     */
    public boolean isClosed() {
        return owned.isClosed();
    }

    /**
     * One measuring cycle: prepare, sample and decode. Threads may share an instance and call this at the same
     * time: cycles run one after the other (the instance's lock), never interleaved; after it returns, the values
     * are those of the latest cycle of any thread until the next one. A thread that calls the static methods on
     * {@link #handle()} itself takes no part in that lock.
     *
     * @return true when the sample or the decode reported an anomaly (-6)
     * @throws WPOException when a stage fails or the snapshot is closed
     */
    public boolean measure() {
        synchronized (cycleLock) {
            int handle = owned.handle();
            WPOError.check(prepareSnapshot(handle), "prepareSnapshot");
            int sampled = WPOError.check(sampleSnapshot(handle), "sampleSnapshot");
            int decoded = WPOError.check(decodeSnapshot(handle), "decodeSnapshot");
            return sampled == WPOError.ANOMALY || decoded == WPOError.ANOMALY;
        }
    }

    /**
     * Sets how old the data of the following measurements may be, counted back from the start of each sample; 0
     * for data collected during the call only. See {@link #setSnapshotMaxAge}.
     *
     * @param nanos the maximum age in nanoseconds, 0 or more
     * @throws IllegalArgumentException if {@code nanos} is negative
     * @throws WPOException if the snapshot is closed
     */
    public void setMaxAgeNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("maximum age " + nanos + " ns is negative: give 0 or more"
                    + " nanoseconds (setMaxAgeSincePreviousSample() restores the default)");
        }
        WPOError.check(setSnapshotMaxAge(owned.handle(), nanos), "setSnapshotMaxAge");
    }

    /**
     * Restores the default freshness: no data collected before this snapshot's previous sample began.
     *
     * @throws WPOException if the snapshot is closed
     */
    public void setMaxAgeSincePreviousSample() {
        WPOError.check(setSnapshotMaxAge(owned.handle(), -1), "setSnapshotMaxAge");
    }

    /**
     * When the oldest data of the last measurement was collected.
     *
     * @return nanoseconds since 1970-01-01 UTC; 0 when the source gives no time
     * @throws WPOException if the snapshot is closed
     */
    public long collectedAtEpochNanos() {
        synchronized (timeOut) {
            WPOError.check(getSnapshotCollectionTime(owned.handle(), timeOut), "getSnapshotCollectionTime");
            return timeOut[0];
        }
    }

    /**
     * How old the last measurement's data is now, on the clock the sources stamp their data with.
     *
     * @return nanoseconds; -1 when the source gives no time
     * @throws WPOException if the snapshot is closed
     */
    public long ageNanos() {
        long at = collectedAtEpochNanos();
        return at == 0 ? -1 : nowEpochNanos0() - at;
    }

    /** Destroys the native snapshot; closing twice is harmless. */
    @Override
    public void close() {
        owned.close();
    }
}
