// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.JWPONames;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

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

    /** index + 1 -> help text of every entry of resources/linux-names.txt: its indented lines joined by spaces. */
    private static TreeMap<Integer, String> linuxHelps() throws Exception {
        TreeMap<Integer, String> helps = new TreeMap<>();
        int entry = -1;
        for (String line : Files.readAllLines(Fixtures.sourceDir().resolve("resources/linux-names.txt"))) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!Character.isWhitespace(line.charAt(0))) {
                entry = Integer.parseInt(line.substring(0, line.indexOf(' ')));
                continue;
            }
            helps.merge(entry + 1, line.strip(), (a, b) -> a + " " + b);
        }
        return helps;
    }

    @Test
    void helpTextsOfTheLinuxTable() throws Exception {
        TreeMap<Integer, String> expected = linuxHelps();
        assertTrue(expected.size() > 50, "help texts in the file: " + expected.size());
        JWPONames names = JWPONames.load();
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), names.getHelp(e.getKey()), "help of index " + e.getKey());
        }
        assertNull(names.getHelp(Integer.MAX_VALUE));
        int count = JWPONames.getHelpCount();
        int length = JWPONames.getHelpLength();
        assertEquals(expected.size(), count);
        assertEquals(WPOError.BUFFER_TOO_SMALL, JWPONames.getHelps(new char[length - 1], new int[count]));
        assertEquals(WPOError.NULL_ARGUMENT, JWPONames.getHelps(null, new int[count]));
        assertEquals(0, JWPONames.getHelps(new char[length], new int[count]));
    }

    @Test
    void countersAreFoundByObjectAndName() {
        JWPONames names = JWPONames.load();
        assertEquals(Fixtures.ID_PROCESS, names.findCounter(Fixtures.PROCESS, "ID Process"));
        assertEquals(Fixtures.ID_PROCESS, names.findCounter(Fixtures.PROCESS, "id process"), "case-insensitive");
        assertEquals(Fixtures.PERCENT_PROCESSOR_TIME, names.findCounter(Fixtures.PROCESSOR, "% Processor Time"));
        assertEquals(Fixtures.ID_THREAD, names.findCounter(Fixtures.THREAD, "ID Thread"));
        assertEquals(-1, names.findCounter(Fixtures.PROCESSOR, "ID Thread"), "a counter of another object");
        assertEquals(WPOError.NOT_FOUND,
                assertThrows(WPOException.class, () -> names.findCounter(777_777, "ID Process")).code());
    }

    @Test
    void reloadReadsTheTableAgain() throws Exception {
        JWPONames before = JWPONames.load();
        JWPONames after = JWPONames.reload();
        assertEquals(before.size(), after.size(), "nothing was published in between");
        for (int i = 0; i < before.size(); i++) {
            assertEquals(before.indexAt(i), after.indexAt(i));
            assertEquals(before.nameAt(i), after.nameAt(i));
        }
        assertEquals(Fixtures.linuxNames().get(Fixtures.PROCESS), before.getName(Fixtures.PROCESS),
                "a table loaded before a reload stays whole");
    }
}
