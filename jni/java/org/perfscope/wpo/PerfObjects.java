// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.ArrayList;
import java.util.List;

/**
 * Browsing for the plain API: the objects the machine serves, an object's counters and its instances, by name
 * (what {@code perfscope-cli list} shows). Each call creates a short-lived snapshot; use {@link Sampler} to measure.
 */
public final class PerfObjects {
    private static volatile JWPONames names;

    private PerfObjects() {
    }

    /** The name table, loaded once. */
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

    /** Names of the objects of the "Global" and "Costly" queries. */
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

    /** Counter names of an object, in definition order; throws {@link WPOException} for an unknown object. */
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

    /** Unique display names of an object's instances ("java:1234"); empty for an object without instances. */
    public static List<String> instances(String object) {
        int index = objectIndex(object);
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo(index, 0))) {
            return NulStrings.fetchList(
                    chars -> JWPOSnapshot.getSnapshotPerfObjectInstanceDisplayNames(s.handle(), index, chars), object);
        }
    }

    /** The title index of an object name; throws {@link WPOException} (NOT_FOUND) for an unknown one. */
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
