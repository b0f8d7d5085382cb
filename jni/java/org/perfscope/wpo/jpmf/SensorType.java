// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * JPMF's classification of a sensor (docs/java.md §4.1).
 *
 * <p>Thread-safety: immutable, safe from any thread.
 */
public enum SensorType {
    /** Accumulates; its value is a rate or difference over two samples. */
    COUNTER,
    /** Read as is. */
    GAUGE
}
