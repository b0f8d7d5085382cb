// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * Measures a fixed set of sensors in JPMF's three stages (docs/java.md §4.1), mapped one to one onto a native
 * snapshot: {@link #prepare()} = prepareSnapshot, {@link #sample()} = sampleSnapshot (no allocation, one source
 * query at most), {@link #decode()} = decodeSnapshot plus storing the values into the value handles.
 *
 * <p>Thread-safety: not safe for concurrent use; one thread runs a cycle (prepare, sample, decode) and reads the
 * value handles, or the caller synchronises.
 */
public interface ProbeContext extends AutoCloseable {
    /**
     * Stage one: gets ready to sample.
     *
     * @throws org.perfscope.wpo.WPOException when the native snapshot fails or is closed
     */
    void prepare();

    /**
     * Stage two: takes the sample.
     *
     * @return true when the sample saw a measurement anomaly (the thesis's -6); values stay right
     * @throws org.perfscope.wpo.WPOException when the native snapshot fails or is closed
     */
    boolean sample();

    /**
     * Stage three: decodes the sample into the value handles.
     *
     * @throws org.perfscope.wpo.WPOException when the native snapshot fails or is closed
     */
    void decode();

    /**
     * The value handle of a measured sensor.
     *
     * @param sensorName a sensor or sensor-instance name given to {@link DataSource#createProbeContext}
     * @return its value handle, or null when the context does not measure it
     */
    ValueHandle value(String sensorName);

    /** Releases the native snapshot; closing twice does nothing. */
    @Override
    void close();
}
