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

    @Override
    public long longValue() {
        return value;
    }

    @Override
    public double doubleValue() {
        return value;
    }

    @Override
    void set(double v) {
        value = (long) v;
    }
}
