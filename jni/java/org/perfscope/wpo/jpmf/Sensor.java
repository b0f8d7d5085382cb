// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/** A sensor: one counter of one performance object (docs/java.md §4.1). */
public interface Sensor {
    /**
     * The sensor's name as JPMF writes it ({@code win32.winperf/Process/% Processor Time}); see {@link SensorNames}
     * for the few characters that are escaped.
     *
     * @return the name, without an instance part
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

    /**
     * The counter's help text.
     *
     * @return the text the name table holds for it, or an empty string
     */
    String help();
}
