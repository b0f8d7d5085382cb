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
     * The third stage: computes the values and stores them into the value handles.
     *
     * @return true when the cycle is anomalous (-6): the sample said so, or decoding found the instances of a
     *         sampled object changed identity at an equal count, or counter definitions changed (that cycle is left
     *         empty: every handle is invalid until the next cycle)
     * @throws org.perfscope.wpo.WPOException when the stage fails
     */
    boolean decode();

    /**
     * The value handle of a measured sensor (instance) name, as it was given to the context.
     *
     * @param sensorName a name given at creation
     * @return its handle, or null for a name the context does not measure
     */
    ValueHandle value(String sensorName);

    /** Releases the native snapshot; closing twice is harmless. */
    @Override
    void close();
}
