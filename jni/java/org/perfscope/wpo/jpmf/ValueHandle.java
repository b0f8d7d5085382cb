// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * Storage for one sensor (instance) value, written by a probe context's decode (docs/java.md §4.1: JPMF's
 * ValueHandle with IntValueHandle, LongValueHandle and the DoubleValueHandle the thesis added). Values arrive
 * exactly as the library decoded them (integers as integers, never through double); conversions that would lose
 * the value throw, as in the thesis.
 *
 * <p>A handle is written by its probe context's {@link ProbeContext#decode()} and read by the same thread (or
 * after a happens-before edge, as JPMF's measurement context provides); it is not synchronized.
 */
public abstract class ValueHandle {
    // ValueType ordinals as they arrive from JWPOSnapshot.getSnapshotValueBits
    static final int TYPE_INTEGER = 0;
    static final int TYPE_LONG = 1;
    static final int TYPE_DOUBLE = 2;

    private boolean valid;

    /** Only this package's handles exist. */
    ValueHandle() {
    }

    /**
     * The value's type.
     *
     * @return INTEGER, LONG or DOUBLE
     */
    public abstract ValueType type();

    /**
     * The value as an int.
     *
     * @return the value
     * @throws ArithmeticException when the value does not fit an int
     * @throws UnsupportedOperationException for a decimal value
     */
    public abstract int intValue();

    /**
     * The value as a long.
     *
     * @return the value
     * @throws UnsupportedOperationException for a decimal value
     */
    public abstract long longValue();

    /**
     * The value as a double (a long above 2^53 rounds, as Java's conversion does).
     *
     * @return the value
     */
    public abstract double doubleValue();

    /**
     * Whether the last decode gave a value (false: first sample of a rate, instance gone, a cycle left empty
     * after a counter-definition change).
     *
     * @return true when the value is the last decode's
     */
    public boolean isValid() {
        return valid;
    }

    void setValid(boolean valid) {
        this.valid = valid;
    }

    /**
     * Stores a decoded value as the library delivers it: an integer, or a double's bits ({@code type} DOUBLE).
     *
     * @param bits the integer value, or {@link Double#doubleToRawLongBits} of a decimal one
     * @param type {@link #TYPE_INTEGER}, {@link #TYPE_LONG} or {@link #TYPE_DOUBLE}
     */
    abstract void store(long bits, int type);

    static double decimal(long bits, int type) {
        return type == TYPE_DOUBLE ? Double.longBitsToDouble(bits) : (double) bits;
    }

    static long integer(long bits, int type) {
        return type == TYPE_DOUBLE ? (long) Double.longBitsToDouble(bits) : bits;
    }

    /**
     * A handle of the given type.
     *
     * @param type the sensor's value type
     * @return a new {@link IntValueHandle}, {@link LongValueHandle} or {@link DoubleValueHandle}
     */
    public static ValueHandle of(ValueType type) {
        switch (type) {
            case INTEGER: return new IntValueHandle();
            case LONG: return new LongValueHandle();
            default: return new DoubleValueHandle();
        }
    }
}
