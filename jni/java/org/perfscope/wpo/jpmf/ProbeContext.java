// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * Measures a fixed set of sensors in JPMF's three stages (docs/java.md §4.1), mapped one to one onto a native
 * snapshot: {@link #prepare()} = prepareSnapshot, {@link #sample()} = sampleSnapshot (no allocation, one source
 * query at most), {@link #decode()} = decodeSnapshot plus storing the values into the value handles.
 */
public interface ProbeContext extends AutoCloseable {
    void prepare();

    /** True when the sample saw a measurement anomaly (the thesis's -6); values stay right. */
    boolean sample();

    void decode();

    /** The value handle of a measured sensor (instance) name, or null. */
    ValueHandle value(String sensorName);

    @Override
    void close();
}
