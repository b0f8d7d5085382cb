// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The name table (the thesis's WPONames, docs/java.md §2): the library hands over the whole table once through
 * {@link #getNames}, and every translation afterwards is answered in Java without crossing JNI.
 *
 * <p>Thread-safety: an instance is immutable and safe to share between threads; the static native methods are safe
 * from any thread.
 */
public final class JWPONames {
    static {
        WPOLibrary.load();
    }

    /**
     * Number of entries in the name table.
     *
     * @return the count, or a negative code ({@link WPOError})
     */
    public static native int getCount();

    /**
     * Length of the array {@link #getNames} needs.
     *
     * @return characters of all names, each NUL-terminated, plus one final NUL; or a negative code
     */
    public static native int getByteLength();

    /**
     * Copies every name into {@code aNames} (NUL-separated, ended by two NULs) and its index into
     * {@code aIndices}, in the same order.
     *
     * @param aNames at least {@link #getByteLength()} characters
     * @param aIndices at least {@link #getCount()} elements
     * @return 0 on success, a negative code otherwise (null or too small arrays)
     */
    public static native int getNames(char[] aNames, int[] aIndices);

    /**
     * The number of help texts.
     *
     * @return the number of help texts in the table, or a negative code
     */
    public static native int getHelpCount();

    /**
     * The length {@link #getHelps} needs.
     *
     * @return the characters of all help texts, each NUL-terminated, plus one final NUL; or a negative code
     */
    public static native int getHelpLength();

    /**
     * Copies every help text into {@code aTexts} (NUL-separated, ended by two NULs) and its index into
     * {@code aIndices}, in the same order, as {@link #getNames} does for names.
     *
     * @param aTexts receives the texts; at least {@link #getHelpLength()} characters
     * @param aIndices receives the indices; at least {@link #getHelpCount()} elements
     * @return 0 on success, a negative code otherwise (null or too small arrays)
     */
    public static native int getHelps(char[] aTexts, int[] aIndices);

    /**
     * Makes the library read the name table again from the system, so that the names of objects published since
     * the table was first read are in the next {@link #load()}. Tables loaded before stay as they are.
     *
     * @return 0, or a negative code
     */
    public static native int reloadNames();

    private final int[] indices;   // ascending
    private final String[] names;  // names[i] is the name of indices[i]
    private final int[] helpIndices;
    private final String[] helps;
    // object index -> its counters' name indices, in definition order (read from a snapshot on first use)
    private final Map<Integer, int[]> countersOf = new ConcurrentHashMap<>();

    private JWPONames(int[] indices, String[] names, int[] helpIndices, String[] helps) {
        this.indices = indices;
        this.names = names;
        this.helpIndices = helpIndices;
        this.helps = helps;
    }

    /**
     * Loads the table through the three native methods.
     *
     * @return the table as the library has it now
     * @throws WPOException when a native method fails
     */
    public static JWPONames load() {
        for (int attempt = 0;; attempt++) {
            int count = WPOError.check(getCount(), "getCount");
            int length = WPOError.check(getByteLength(), "getByteLength");
            char[] chars = new char[length];
            int[] indices = new int[count];
            int helpCount = WPOError.check(getHelpCount(), "getHelpCount");
            int helpLength = WPOError.check(getHelpLength(), "getHelpLength");
            char[] helpChars = new char[helpLength];
            int[] helpIndices = new int[helpCount];
            int names = getNames(chars, indices);
            int helps = getHelps(helpChars, helpIndices);
            // A reload by another thread between the calls changes the sizes: read again.
            boolean changed = names == WPOError.BUFFER_TOO_SMALL || helps == WPOError.BUFFER_TOO_SMALL
                    || count != getCount() || length != getByteLength() || helpCount != getHelpCount()
                    || helpLength != getHelpLength();
            if (changed && attempt < 8) {
                continue;
            }
            WPOError.check(names, "getNames");
            WPOError.check(helps, "getHelps");
            return new JWPONames(indices, NulStrings.split(chars, count), helpIndices,
                    NulStrings.split(helpChars, helpCount));
        }
    }

    /**
     * Number of names.
     *
     * @return the number of entries
     */
    public int size() {
        return indices.length;
    }

    /**
     * The index of the i-th entry, ascending.
     *
     * @param i a position, 0 to {@link #size()} - 1
     * @return the entry's name index
     * @throws ArrayIndexOutOfBoundsException when {@code i} is out of range
     */
    public int indexAt(int i) {
        return indices[i];
    }

    /**
     * The name of the i-th entry.
     *
     * @param i a position, 0 to {@link #size()} - 1
     * @return the entry's name
     * @throws ArrayIndexOutOfBoundsException when {@code i} is out of range
     */
    public String nameAt(int i) {
        return names[i];
    }

    /**
     * The name of a title index.
     *
     * @param index a name index (230)
     * @return its name ("Process"), or null when the table has none
     */
    public String getName(int index) {
        int i = Arrays.binarySearch(indices, index);
        return i >= 0 ? names[i] : null;
    }

    /**
     * The thesis's counter name translation: the name index of a counter of one object, found by its name
     * (case-insensitive). A counter name alone is ambiguous ("% Idle Time" is a counter of several objects under
     * different indices), so the object is part of the question. The object's counters are read from a snapshot
     * once and remembered.
     *
     * @param object the object's name index
     * @param counterName the counter's name
     * @return the counter's name index, or -1 when the object has no counter of that name
     * @throws WPOException when the object is not served (NOT_FOUND) or cannot be read
     */
    public int findCounter(int object, String counterName) {
        int[] counters = countersOf.computeIfAbsent(object, JWPONames::readCounters);
        String wanted = counterName.toLowerCase(Locale.ROOT);
        for (int counter : counters) {
            String name = getName(counter);
            if (name != null && name.toLowerCase(Locale.ROOT).equals(wanted)) {
                return counter;
            }
        }
        return -1;
    }

    private static int[] readCounters(int object) {
        try (JWPOSnapshot s = new JWPOSnapshot(JWPOSnapshot.TYPE_CUSTOM, new WPOSnapshotInputInfo(object, 0))) {
            int n = WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCountersCount(s.handle(), object), "counters");
            CounterRecord[] records = new CounterRecord[n];
            for (int i = 0; i < n; i++) {
                records[i] = new CounterRecord();
            }
            WPOError.check(JWPOSnapshot.getSnapshotPerfObjectCounters(s.handle(), object, records), "counters");
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                out[i] = records[i].counterIndex;
            }
            return out;
        }
    }

    /**
     * The index of an object name (case-insensitive), the lowest index with that name as the engine's
     * NameTable::find_object does. Index 1 (the table's header) is never returned.
     *
     * @param name an object name
     * @return its index, or -1 when there is none
     * @throws NullPointerException when {@code name} is null
     */
    public int findObject(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] != 1 && names[i].toLowerCase(Locale.ROOT).equals(wanted)) {
                return indices[i];
            }
        }
        return -1;
    }

    /**
     * Reads the table again from the system ({@link #reloadNames()}) and loads it. A table is a copy made at
     * {@link #load()}: objects whose publishers start later have no names in it until a reload.
     *
     * @return the new table, with the names of objects published since the last load
     * @throws WPOException when the library cannot read the table
     */
    public static JWPONames reload() {
        WPOError.check(reloadNames(), "reloadNames");
        return load();
    }

    /**
     * The help text of a name index (the {@link CounterRecord#counterDescription} of a counter, or an object's
     * name index + 1 as Windows numbers them), from the table {@link #getHelps} hands over.
     *
     * @param index a help index
     * @return the help text, or null when the table has none
     */
    public String getHelp(int index) {
        int i = Arrays.binarySearch(helpIndices, index);
        return i >= 0 ? helps[i] : null;
    }
}
