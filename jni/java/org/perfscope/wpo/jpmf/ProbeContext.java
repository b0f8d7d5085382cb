// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

/**
 * Measures a fixed set of sensors in JPMF's three stages (docs/java.md §4.1), mapped one to one onto a native
 * snapshot: {@link #prepare()} = prepareSnapshot, {@link #sample()} = sampleSnapshot (no allocation, one source
 * query at most), {@link #decode()} = decodeSnapshot plus storing the values into the value handles (no
 * allocation in a steady cycle: only a cycle that reports an anomaly maps the values to the handles again).
 *
 * <p>A probe context is driven by one thread at a time, as JPMF's measurement context does; it is not
 * synchronized. Use one context per thread to measure from several threads.
 */
public interface ProbeContext extends AutoCloseable {
    /**
     * The first stage.
     *
     * @throws org.perfscope.wpo.WPOException when the stage fails (a closed context, a stage out of order)
     */
    void prepare();

    /**
     * The second stage: takes the raw data.
     *
     * @return true when the sample saw a measurement anomaly (the thesis's -6: the instance count changed, a
     *         buffer grew, an object is missing)
     * @throws org.perfscope.wpo.WPOException when the stage fails
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
