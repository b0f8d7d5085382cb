// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * A 32-bit integer value.
 *
 * <p>Thread-safety: as {@link ValueHandle}, not safe for concurrent use.
 */
public final class IntValueHandle extends ValueHandle {
    private int value;

    @Override
    public ValueType type() {
        return ValueType.INTEGER;
    }

    @Override
    public int intValue() {
        return value;
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
        value = (int) v;
    }
}
