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
     * The first part of every sensor name.
     *
     * @return "win32.winperf" for Perfscope's source
     */
    String name();

    /**
     * Every sensor the source offers now.
     *
     * @return a copy of the sensor list
     */
    List<Sensor> sensors();

    /**
     * The sensor of that name ({@code datasource/group/sensor}); a name not known yet makes the source look for
     * objects that appeared since (a publisher that started).
     *
     * @param name a sensor name without instance part
     * @return the sensor, or null
     */
    Sensor sensor(String name);

    /**
     * A probe context measuring the given sensor or sensor-instance names
     * ({@code datasource/group/sensor} or {@code datasource/group/sensor#instance}).
     *
     * @param sensorNames the names to measure
     * @return a new probe context, to be closed by the caller
     * @throws org.perfscope.wpo.WPOException (NOT_FOUND) for an unknown sensor, (INVALID_ARGUMENT) for a name
     *         with an instance part missing or extra
     */
    ProbeContext createProbeContext(Collection<String> sensorNames);
}
