// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.WPOLibrary;

/**
 * JPMF sensor names (docs/snapshots-and-cache.md §6), built and parsed by the engine's own code
 * (engine/naming/sensor_name.h), so Java and the desktop app name sensors identically:
 * {@code win32.winperf/Object/Counter} and {@code win32.winperf/Object/Counter#Instance}, with '%', '/' and '#' in a
 * part escaped as %25, %2F and %23.
 *
 * <p>Thread-safety: stateless, safe from any thread.
 */
public final class SensorNames {
    static {
        WPOLibrary.load();
    }

    private SensorNames() {
    }

    /**
     * Builds a sensor name.
     *
     * @param object the object's name ("Process")
     * @param counter the counter's name ("% Processor Time")
     * @param instance the instance's name, or null for a single sensor
     * @return the sensor name, each part escaped
     * @throws org.perfscope.wpo.WPOException for a null or empty object or counter
     */
    public static native String format(String object, String counter, String instance);

    /**
     * Splits a sensor name into its parts.
     *
     * @param name a sensor name, {@code win32.winperf/Object/Counter[#Instance]}
     * @return {object, counter} or {object, counter, instance}, unescaped
     * @throws org.perfscope.wpo.WPOException ({@link org.perfscope.wpo.WPOError#INVALID_ARGUMENT}) naming the part
     *     and offset that are wrong
     */
    public static native String[] parse(String name);
}
