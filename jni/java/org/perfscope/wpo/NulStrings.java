// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import java.util.ArrayList;
import java.util.List;

/**
 * The native methods that return names fill a caller's char array with NUL-terminated strings; the ones that return
 * a list end it with an empty string (two NULs) and answer {@link WPOError#BUFFER_TOO_SMALL} until the array fits.
 *
 * <p>Thread-safety: stateless, safe from any thread.
 */
final class NulStrings {
    /** One native call filling {@code chars}: the characters used or a negative code. */
    interface Fill {
        int into(char[] chars);
    }

    private static final int FIRST_SIZE = 4096;

    private NulStrings() {
    }

    /** Calls {@code fill} with an array doubled until it fits, then splits the list; throws naming {@code what}. */
    static List<String> fetchList(Fill fill, String what) {
        char[] chars = new char[FIRST_SIZE];
        int used;
        while ((used = fill.into(chars)) == WPOError.BUFFER_TOO_SMALL) {
            chars = new char[chars.length * 2];
        }
        WPOError.check(used, what);
        return splitList(chars);
    }

    /** The strings before the empty one that ends the list. */
    static List<String> splitList(char[] chars) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (chars[at] != 0) {
            int end = end(chars, at);
            out.add(new String(chars, at, end - at));
            at = end + 1;
        }
        return out;
    }

    /** Exactly {@code count} strings, empty ones included. */
    static String[] split(char[] chars, int count) {
        String[] out = new String[count];
        int at = 0;
        for (int i = 0; i < count; i++) {
            int end = end(chars, at);
            out[i] = new String(chars, at, end - at);
            at = end + 1;
        }
        return out;
    }

    private static int end(char[] chars, int at) {
        int end = at;
        while (chars[end] != 0) {
            end++;
        }
        return end;
    }
}
