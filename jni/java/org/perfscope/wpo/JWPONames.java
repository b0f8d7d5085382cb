// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.Arrays;
import java.util.Locale;

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

    private final int[] indices;   // ascending
    private final String[] names;  // names[i] is the name of indices[i]

    private JWPONames(int[] indices, String[] names) {
        this.indices = indices;
        this.names = names;
    }

    /**
     * Loads the table through the three native methods.
     *
     * @return the table as the library has it now
     * @throws WPOException when a native method fails
     */
    public static JWPONames load() {
        int count = WPOError.check(getCount(), "getCount");
        int length = WPOError.check(getByteLength(), "getByteLength");
        char[] chars = new char[length];
        int[] indices = new int[count];
        WPOError.check(getNames(chars, indices), "getNames");
        return new JWPONames(indices, NulStrings.split(chars, count));
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
}
