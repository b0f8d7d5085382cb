// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import java.util.List;

/**
 * A sensor with instances ("Process"): one value per instance, named {@code sensor#instance}. Process instances
 * are named by PID (so a name survives other processes of the same image starting or exiting), every other
 * instance by its unique display name. The list is the instances present when the data source was created.
 *
 * <p>Thread-safety: implementations are immutable and safe to share between threads.
 */
public interface StaticSensor extends Sensor {
    /**
     * The sensor's instances.
     *
     * @return instance names (unescaped)
     */
    List<String> instances();
}
