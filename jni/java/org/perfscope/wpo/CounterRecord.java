// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * One counter of a performance object (the thesis's {@code COUNTER_RECORD}, docs/java.md §2). Filled natively.
 *
 * <p>Thread-safety: a plain mutable holder, not safe for concurrent use without the caller's synchronisation.
 */
public final class CounterRecord {
    /** JPMF classification: the value accumulates (a rate over two samples). */
    public static final int KIND_COUNTER = 0;
    /** JPMF classification: the value is read as is. */
    public static final int KIND_GAUGE = 1;

    /** Name index of the counter's help text. */
    public int counterDescription;
    /** Name index of the counter. */
    public int counterIndex;
    /** Raw counter type of the definition (PERF_COUNTER_...). */
    public int counterType;
    /** {@link #KIND_COUNTER} or {@link #KIND_GAUGE}. */
    public int counterKind;
    /** Type of the decoded value. */
    public ValueType valueType = ValueType.DOUBLE;
    /** Ordinal of {@link #valueType} as transported through JNI. */
    public int valueTypeInt;
    /** Detail level of the definition (Perfscope addition). */
    public int detailLevel;
    /** Default scale of the definition (Perfscope addition). */
    public int defaultScale;

    @Override
    public String toString() {
        return "CounterRecord[index=" + counterIndex + ", help=" + counterDescription + ", type=0x"
                + Integer.toHexString(counterType) + ", kind=" + (counterKind == KIND_COUNTER ? "counter" : "gauge")
                + ", " + valueType + "]";
    }
}
