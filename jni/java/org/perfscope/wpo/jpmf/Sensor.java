// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/**
 * A sensor: one counter of one performance object (docs/java.md §4.1).
 *
 * <p>Thread-safety: implementations are immutable and safe to share between threads.
 */
public interface Sensor {
    /**
     * The sensor's name.
     *
     * @return {@code win32.winperf/Object/Counter}, each part escaped ('%' %25, '/' %2F, '#' %23)
     */
    String name();

    /**
     * JPMF's classification.
     *
     * @return counter or gauge
     */
    SensorType type();

    /**
     * The type of the sensor's values.
     *
     * @return INTEGER, LONG or DOUBLE (the thesis added DOUBLE to JPMF, docs/java.md §4.1)
     */
    ValueType valueType();
}
