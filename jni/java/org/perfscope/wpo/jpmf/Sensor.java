// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.ValueType;

/** A sensor: one counter of one performance object (docs/java.md §4.1). */
public interface Sensor {
    /** {@code win32.winperf/Object/Counter}, each part escaped ('%' %25, '/' %2F, '#' %23). */
    String name();

    /** Counter or gauge. */
    SensorType type();

    /** INTEGER, LONG or DOUBLE (the thesis added DOUBLE to JPMF, docs/java.md §4.1). */
    ValueType valueType();
}
