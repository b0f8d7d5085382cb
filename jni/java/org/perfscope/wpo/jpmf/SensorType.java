// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * JPMF's classification of a sensor (docs/java.md §4.1).
 *
 * <p>Thread-safety: immutable, safe from any thread.
 */
public enum SensorType {
    /**
     * Consecutive readings never decrease (apart from overflow): a cumulative count or time. A consumer may take
     * differences of two readings.
     */
    COUNTER,
    /** A reading for its moment with no such promise: a level, a rate or a percentage over the last interval. */
    GAUGE
}
