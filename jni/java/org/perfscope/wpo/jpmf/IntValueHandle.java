// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * A 32-bit integer value.
 *
 * <p>Thread-safety: as {@link ValueHandle}, not safe for concurrent use.
 */
public final class IntValueHandle extends ValueHandle {
    private long value;

    /** An empty handle (not valid until a decode stores a value). */
    public IntValueHandle() {
    }

    @Override
    public ValueType type() {
        return ValueType.INTEGER;
    }

    /**
     * The value as an int. The library's 32-bit counters are unsigned, so a value above {@link Integer#MAX_VALUE}
     * can arrive: it is kept whole, {@link #longValue()} returns it, and this throws rather than cap it (the
     * win32.winperf data source declares 32-bit counters LONG for that reason, docs/java.md §4.2).
     *
     * @return the value
     * @throws ArithmeticException when the value does not fit an int
     */
    @Override
    public int intValue() {
        if (value != (int) value) {
            throw new ArithmeticException("IntValueHandle: " + value + " does not fit an int; use longValue()");
        }
        return (int) value;
    }

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
