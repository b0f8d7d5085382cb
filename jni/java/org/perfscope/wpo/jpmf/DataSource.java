// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import java.util.Collection;
import java.util.List;

/**
 * A JPMF data source (docs/java.md §4.1): it exposes sensors by name and creates probe contexts
 * that measure them. Perfscope's own interface, mirroring JPMF's (which has no public jar); docs/java.md says how
 * to adapt it to a real JPMF. Implementations are found through {@link java.util.ServiceLoader}.
 */
public interface DataSource {
    /**
     * The data source's name.
     *
     * @return the first part of every sensor name ("win32.winperf")
     */
    String name();

    /**
     * Every sensor the source offers.
     *
     * @return the sensors, an unmodifiable list
     */
    List<Sensor> sensors();

    /**
     * A sensor by name.
     *
     * @param name a sensor name, {@code datasource/group/sensor}
     * @return the sensor of that name, or null
     */
    Sensor sensor(String name);

    /**
     * A probe context measuring the given sensor or sensor-instance names
     * ({@code datasource/group/sensor} or {@code datasource/group/sensor#instance}).
     *
     * @param sensorNames the sensors and sensor instances to measure
     * @return a new probe context; the caller closes it
     * @throws org.perfscope.wpo.WPOException for a name the source does not offer or that does not parse, or when
     *     the native snapshot cannot be created
     */
    ProbeContext createProbeContext(Collection<String> sensorNames);
}
