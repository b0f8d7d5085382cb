// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.ArrayList;
import java.util.List;

/**
 * Browsing for the plain API: the objects the machine serves, an object's counters and its instances, by name
 * (what {@code perfscope-cli list} shows). Each call creates a short-lived snapshot; use {@link Sampler} to measure.
 *
 * <p>Thread-safety: safe from any thread; each call uses a snapshot of its own and the name table is loaded once.
 */
public final class PerfObjects {
    private static volatile JWPONames names;

    private PerfObjects() {
    }

    /**
     * The name table, loaded once.
     *
     * @return the table of object and counter names, shared by every caller
     * @throws WPOException when the native library cannot read the names
     */
    public static JWPONames names() {
        JWPONames n = names;
        if (n == null) {
            synchronized (PerfObjects.class) {
                n = names;
                if (n == null) {
                    n = JWPONames.load();
                    names = n;
                }
            }
        }
        return n;
    }

    /**
     * Names of the objects of the "Global" and "Costly" queries.
     *
     * @return the object names, Global ones first, each once
     * @throws WPOException when the Global snapshot cannot be created or read
     */
    public static List<String> objects() {
        List<String> out = new ArrayList<>();
        for (int type : new int[] {JWPOSnapshot.TYPE_GLOBAL, JWPOSnapshot.TYPE_COSTLY}) {
            try (JWPOSnapshot s = new JWPOSnapshot(type)) {
                int[] indices = new int[WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCount(s.handle()), "count")];
                WPOError.check(JWPOSnapshot.getSnapshotPerfObjectNames(s.handle(), indices), "names");
                for (int index : indices) {
                    String name = nameOf(index);
                    if (!out.contains(name)) {
                        out.add(name);
                    }
                }
            } catch (WPOException e) {
                if (type == JWPOSnapshot.TYPE_GLOBAL) {
                    throw e;
                }
                // a machine without costly objects
            }
        }
        return out;
    }

    /**
     * Counter names of an object, in definition order.
     *
     * @param object an object name ("Process")
     * @return its counters' names
     * @throws WPOException for an unknown object ({@link WPOError#NOT_FOUND}) or when reading it fails
     */
    public static List<String> counters(String object) {
        int index = objectIndex(object);
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo(index, 0))) {
            int n = WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCountersCount(s.handle(), index), object);
            CounterRecord[] records = new CounterRecord[n];
            for (int i = 0; i < n; i++) {
                records[i] = new CounterRecord();
            }
            WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCounters(s.handle(), index, records), object);
            List<String> out = new ArrayList<>(n);
            for (CounterRecord r : records) {
                out.add(nameOf(r.counterIndex));
            }
            return out;
        }
    }

    /**
     * Unique display names of an object's instances.
     *
     * @param object an object name ("Process")
     * @return the instances' names ("java:1234"); empty for an object without instances
     * @throws WPOException for an unknown object ({@link WPOError#NOT_FOUND}) or when reading it fails
     */
    public static List<String> instances(String object) {
        int index = objectIndex(object);
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo(index, 0))) {
            return NulStrings.fetchList(
                    chars -> JWPOSnapshot.getSnapshotPerfObjectInstanceDisplayNames(s.handle(), index, chars), object);
        }
    }

    /**
     * The title index of an object name.
     *
     * @param object an object name ("Process")
     * @return its index in the name table (230 for Process)
     * @throws WPOException for an unknown object ({@link WPOError#NOT_FOUND})
     */
    public static int objectIndex(String object) {
        int index = names().findObject(object);
        if (index <= 0) {
            throw new WPOException(WPOError.NOT_FOUND, "not found: unknown object \"" + object + "\"");
        }
        return index;
    }

    private static String nameOf(int index) {
        String name = names().getName(index);
        return name != null ? name : String.valueOf(index);
    }
}
