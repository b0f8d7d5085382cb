// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.jpmf;

import org.perfscope.wpo.WPOLibrary;

/**
 * JPMF sensor names (docs/snapshots-and-cache.md §6), built and parsed by the engine's own code
 * (engine/naming/sensor_name.h), so Java and the desktop app name sensors identically:
 * {@code win32.winperf/Object/Counter} and {@code win32.winperf/Object/Counter#Instance}, with '%', '/' and '#' in a
 * part escaped as %25, %2F and %23.
 */
public final class SensorNames {
    static {
        WPOLibrary.load();
    }

    private SensorNames() {
    }

    /** The sensor name; {@code instance} null for a single sensor. Throws WPOException for empty parts. */
    public static native String format(String object, String counter, String instance);

    /**
     * {object, counter} or {object, counter, instance}, unescaped. Throws WPOException (INVALID_ARGUMENT) naming the
     * part and offset that are wrong.
     */
    public static native String[] parse(String name);
}
