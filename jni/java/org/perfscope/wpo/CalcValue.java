// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * One decoded value of one counter of one instance (the thesis's {@code CalcValue}, docs/java.md §2). Filled
 * natively.
 *
 * <p>Thread-safety: a plain mutable holder, not safe for concurrent use; the native methods fill it in the calling
 * thread, and a value shared between threads needs the caller's synchronisation.
 */
public final class CalcValue {
    /** {@link #status} of a value that carries a number. */
    public static final int STATUS_VALID = 0;
    /** {@link #status}: the counter needs two samples and there is no older one yet. */
    public static final int STATUS_FIRST_SAMPLE = 1;

    /** The value when {@link #valueType} is DOUBLE. */
    public double doubleValue;
    /** The value when {@link #valueType} is INTEGER. */
    public int intValue;
    /** The value when {@link #valueType} is LONG. */
    public long longValue;
    /** Type of the value. */
    public ValueType valueType = ValueType.DOUBLE;
    /** Name index of the performance object. */
    public int perfObjectIndex;
    /** Name index of the counter. */
    public int counterIndex;
    /** Position of the instance among the snapshot's instances; -1 for an object without instances. */
    public int instanceIndex;
    /** Ordinal of {@link #valueType} as transported through JNI. */
    public int valueTypeInt;
    /**
     * Perfscope addition: 0 when the value carries a number; otherwise why not (1 first sample, 2 negative
     * delta, 3 bad time delta, 4 bad base, 5 missing base, 6 not numeric) and the value fields are 0.
     */
    public int status;

    /**
     * Whether the value carries a number.
     *
     * @return true when {@link #status} is {@link #STATUS_VALID}
     */
    public boolean isValid() {
        return status == STATUS_VALID;
    }

    /**
     * The value as a double, whatever its type.
     *
     * @return the field {@link #valueType} names, widened to double
     */
    public double asDouble() {
        switch (valueType) {
            case INTEGER: return intValue;
            case LONG: return longValue;
            default: return doubleValue;
        }
    }

    @Override
    public String toString() {
        return "CalcValue[" + perfObjectIndex + "/" + counterIndex + "#" + instanceIndex + " = "
                + (isValid() ? String.valueOf(asDouble()) : "status " + status) + " " + valueType + "]";
    }
}
