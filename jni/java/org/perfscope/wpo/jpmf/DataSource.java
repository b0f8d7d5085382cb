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
    /** The first part of every sensor name ("win32.winperf"). */
    String name();

    /** Every sensor the source offers. */
    List<Sensor> sensors();

    /** The sensor of that name ({@code datasource/group/sensor}), or null. */
    Sensor sensor(String name);

    /**
     * A probe context measuring the given sensor or sensor-instance names
     * ({@code datasource/group/sensor} or {@code datasource/group/sensor#instance}).
     */
    ProbeContext createProbeContext(Collection<String> sensorNames);
}
