// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * Storage for one sensor (instance) value, written by a probe context's decode (docs/java.md §4.1: JPMF's
 * ValueHandle with IntValueHandle, LongValueHandle and the DoubleValueHandle the thesis added). Conversions that
 * would lose the value throw, as in the thesis.
 *
 * <p>Thread-safety: a plain mutable holder, written by the thread that decodes; not safe for concurrent use.
 */
public abstract class ValueHandle {
    // ValueType ordinals as they arrive from JWPOSnapshot.getSnapshotValueBits
    static final int TYPE_INTEGER = 0;
    static final int TYPE_LONG = 1;
    static final int TYPE_DOUBLE = 2;

    static double decimal(long bits, int type) {
        return type == TYPE_DOUBLE ? Double.longBitsToDouble(bits) : (double) bits;
    }

    static long integer(long bits, int type) {
        return type == TYPE_DOUBLE ? (long) Double.longBitsToDouble(bits) : bits;
    }

    /** Only this package's handles exist. */
    ValueHandle() {
    }

    private boolean valid;

    /**
     * The value's type.
     *
     * @return INTEGER, LONG or DOUBLE, matching the subclass
     */
    public abstract ValueType type();

    /**
     * The value as a 32-bit integer.
     *
     * @return the value
     * @throws ArithmeticException when a 64-bit value does not fit an int
     * @throws UnsupportedOperationException for a decimal value ({@link DoubleValueHandle})
     */
    public abstract int intValue();

    /**
     * The value as a 64-bit integer.
     *
     * @return the value
     * @throws UnsupportedOperationException for a decimal value ({@link DoubleValueHandle})
     */
    public abstract long longValue();

    /**
     * The value as a double.
     *
     * @return the value, widened where it is an integer
     */
    public abstract double doubleValue();

    /**
     * Whether the last decode gave a value.
     *
     * @return false for the first sample of a rate or an instance that has gone
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

    /**
     * A handle of the given type.
     *
     * @param type the value type of the sensor
     * @return an {@link IntValueHandle}, {@link LongValueHandle} or {@link DoubleValueHandle}
     */
    public static ValueHandle of(ValueType type) {
        switch (type) {
            case INTEGER: return new IntValueHandle();
            case LONG: return new LongValueHandle();
            default: return new DoubleValueHandle();
        }
    }
}
