// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * Type of a decoded value (docs/performance-data-format.md §10.4); the ordinal is what crosses JNI.
 *
 * <p>Thread-safety: immutable, safe from any thread.
 */
public enum ValueType {
    /** 32-bit integer: {@link CalcValue#intValue}. */
    INTEGER,
    /** 64-bit integer: {@link CalcValue#longValue}. */
    LONG,
    /** Double: {@link CalcValue#doubleValue}. */
    DOUBLE;

    static ValueType ofOrdinal(int ordinal) {
        return values()[ordinal];
    }
}
