// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.WPOLibrary;

/**
 * JPMF sensor names (docs/java.md §4.2), built and parsed by the engine's own code (engine/naming/sensor_name.h):
 * {@code win32.winperf/Object/Counter} and {@code win32.winperf/Object/Counter#Instance}, written as JPMF's users
 * write them ({@code win32.winperf/Process/% Processor Time#1234}). The object ends at the first '/', the instance
 * starts at the first '#', so only these are escaped: '/' in the object as %2F, '#' in the object or counter as
 * %23, and a '%' followed by two hex digits as %25. Parsing decodes any %HH, so the fully escaped names of earlier
 * releases ({@code %25 Processor Time}) still name the same sensors.
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
