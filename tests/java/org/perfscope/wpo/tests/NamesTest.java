// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPONames;

class NamesTest {
    @Test
    void rawTableHasTheLayoutTheThesisDescribes() {
        int count = JWPONames.getCount();
        int length = JWPONames.getByteLength();
        assertTrue(count > 0, "getCount " + count);
        char[] chars = new char[length];
        int[] indices = new int[count];
        assertEquals(0, JWPONames.getNames(chars, indices));
        // count strings, each NUL-terminated, then one more NUL ending the list at exactly `length`
        int strings = 0;
        int at = 0;
        while (chars[at] != 0) {
            while (chars[at] != 0) {
                at++;
            }
            at++;
            strings++;
        }
        assertEquals(count, strings);
        assertEquals(length, at + 1, "the final NUL is the last character");
        for (int i = 1; i < count; i++) {
            assertTrue(indices[i - 1] < indices[i], "indices ascend");
        }
    }

    @Test
    void everyEntryOfTheLinuxTableRoundTrips() throws Exception {
        TreeMap<Integer, String> expected = Fixtures.linuxNames();
        JWPONames names = JWPONames.load();
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), names.getName(e.getKey()), "name of index " + e.getKey());
        }
        // Besides the file's entries, the engine's table may hold only the header pair 1 -> last index.
        int extra = names.size() - expected.size();
        assertTrue(extra == 0 || (extra == 1 && names.getName(1) != null), "extra entries: " + extra);
        assertEquals(Fixtures.PROCESS, names.findObject("process"));
        assertEquals(Fixtures.THREAD, names.findObject("Thread"));
        assertEquals(-1, names.findObject("No Such Object"));
    }
}
