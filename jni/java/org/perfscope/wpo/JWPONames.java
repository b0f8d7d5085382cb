// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Arrays;
import java.util.Locale;

/**
 * The name table (the thesis's WPONames, docs/java.md §2): the library hands over the whole table once through
 * {@link #getNames}, and every translation afterwards is answered in Java without crossing JNI.
 */
public final class JWPONames {
    static {
        WPOLibrary.load();
    }

    /** Number of entries in the table, or a negative code. */
    public static native int getCount();

    /** Characters of all names, each NUL-terminated, plus one final NUL; or a negative code. */
    public static native int getByteLength();

    /**
     * Copies every name into {@code aNames} (NUL-separated, ended by two NULs) and its index into
     * {@code aIndices}, in the same order. 0 on success, a negative code otherwise (null or too small arrays).
     */
    public static native int getNames(char[] aNames, int[] aIndices);

    private final int[] indices;   // ascending
    private final String[] names;  // names[i] is the name of indices[i]

    private JWPONames(int[] indices, String[] names) {
        this.indices = indices;
        this.names = names;
    }

    /** Loads the table through the three native methods. */
    public static JWPONames load() {
        int count = WPOError.check(getCount(), "getCount");
        int length = WPOError.check(getByteLength(), "getByteLength");
        char[] chars = new char[length];
        int[] indices = new int[count];
        WPOError.check(getNames(chars, indices), "getNames");
        return new JWPONames(indices, NulStrings.split(chars, count));
    }

    /** Number of names. */
    public int size() {
        return indices.length;
    }

    /** The index of the i-th entry, ascending. */
    public int indexAt(int i) {
        return indices[i];
    }

    /** The name of the i-th entry. */
    public String nameAt(int i) {
        return names[i];
    }

    /** The name of a title index, or null when the table has none. */
    public String getName(int index) {
        int i = Arrays.binarySearch(indices, index);
        return i >= 0 ? names[i] : null;
    }

    /**
     * The index of an object name (case-insensitive), the lowest index with that name as the engine's
     * NameTable::find_object does; -1 when there is none. Index 1 (the table's header) is never returned.
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
}
