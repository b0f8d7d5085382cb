// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * A decimal value (the thesis's addition to JPMF, docs/java.md §4.1): integer conversions throw.
 *
 * <p>Thread-safety: as {@link ValueHandle}, not safe for concurrent use.
 */
public final class DoubleValueHandle extends ValueHandle {
    private double value;

    /** An empty handle (not valid until a decode stores a value). */
    public DoubleValueHandle() {
    }

    @Override
    public ValueType type() {
        return ValueType.DOUBLE;
    }

    @Override
    public int intValue() {
        throw new UnsupportedOperationException("DoubleValueHandle holds a decimal value; use doubleValue()");
    }

    @Override
    public long longValue() {
        throw new UnsupportedOperationException("DoubleValueHandle holds a decimal value; use doubleValue()");
    }

    @Override
    public double doubleValue() {
        return value;
    }

    @Override
    void store(long bits, int type) {
        value = decimal(bits, type);
    }
}
