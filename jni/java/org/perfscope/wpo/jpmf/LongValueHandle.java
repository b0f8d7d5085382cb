// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * A 64-bit integer value.
 *
 * <p>Thread-safety: as {@link ValueHandle}, not safe for concurrent use.
 */
public final class LongValueHandle extends ValueHandle {
    private long value;

    /** An empty handle (not valid until a decode stores a value). */
    public LongValueHandle() {
    }

    @Override
    public ValueType type() {
        return ValueType.LONG;
    }

    @Override
    public int intValue() {
        if (value != (int) value) {
            throw new ArithmeticException("LongValueHandle: " + value + " does not fit an int");
        }
        return (int) value;
    }

    /**
     * The value exactly, as the library decoded it (never through double, so values above 2^53 stay whole).
     *
     * @return the value
     */
    @Override
    public long longValue() {
        return value;
    }

    @Override
    public double doubleValue() {
        return value;
    }

    @Override
    void store(long bits, int type) {
        value = integer(bits, type);
    }
}
