// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * Storage for one sensor (instance) value, written by a probe context's decode (docs/java.md §4.1: JPMF's
 * ValueHandle with IntValueHandle, LongValueHandle and the DoubleValueHandle the thesis added). Conversions that
 * would lose the value throw, as in the thesis.
 */
public abstract class ValueHandle {
    private boolean valid;

    /** The value's type. */
    public abstract ValueType type();

    public abstract int intValue();

    public abstract long longValue();

    public abstract double doubleValue();

    /** Whether the last decode gave a value (false: first sample of a rate, instance gone). */
    public boolean isValid() {
        return valid;
    }

    void setValid(boolean valid) {
        this.valid = valid;
    }

    /** Stores a decoded value (as the library delivers it, a double). */
    abstract void set(double value);

    /** A handle of the given type. */
    public static ValueHandle of(ValueType type) {
        switch (type) {
            case INTEGER: return new IntValueHandle();
            case LONG: return new LongValueHandle();
            default: return new DoubleValueHandle();
        }
    }
}
