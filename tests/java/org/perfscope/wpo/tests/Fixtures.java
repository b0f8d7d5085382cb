// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;

import org.perfscope.wpo.CalcValue;
import org.perfscope.wpo.JWPOSnapshot;
import org.perfscope.wpo.WPOError;

/** Shared helpers: the Linux name table read straight from resources/linux-names.txt, value lookups. */
final class Fixtures {
    static final int PROCESS = 230;
    static final int THREAD = 232;
    static final int PROCESSOR = 238;
    static final int MEMORY = 4;
    static final int PERCENT_PROCESSOR_TIME = 6;
    static final int ID_PROCESS = 784;
    static final int ID_THREAD = 804;

    private Fixtures() {
    }

    static Path sourceDir() {
        return Path.of(System.getProperty("perfscope.source.dir", "."));
    }

    /** index -> name of every entry of resources/linux-names.txt, parsed by its documented format. */
    static TreeMap<Integer, String> linuxNames() throws IOException {
        TreeMap<Integer, String> names = new TreeMap<>();
        for (String line : Files.readAllLines(sourceDir().resolve("resources/linux-names.txt"))) {
            if (line.isEmpty() || line.startsWith("#") || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            int space = line.indexOf(' ');
            names.put(Integer.parseInt(line.substring(0, space)), line.substring(space + 1).strip());
        }
        return names;
    }

    /** Runs one cycle and fetches the values through the CalcValue[] interface (docs/java.md §2). */
    static CalcValue[] cycle(int handle) {
        WPOError.check(JWPOSnapshot.prepareSnapshot(handle), "prepare");
        int sampled = JWPOSnapshot.sampleSnapshot(handle);
        if (sampled != 0 && sampled != WPOError.ANOMALY) {
            throw new AssertionError("sampleSnapshot returned " + sampled);
        }
        WPOError.check(JWPOSnapshot.decodeSnapshot(handle), "decode");
        int n = JWPOSnapshot.getSnapshotItemCount(handle);
        if (n < 0) {
            throw new AssertionError("getSnapshotItemCount returned " + n);
        }
        CalcValue[] values = new CalcValue[n];
        for (int i = 0; i < n; i++) {
            values[i] = new CalcValue();
        }
        int got = JWPOSnapshot.getSnapshotItems(handle, values);
        if (got != n) {
            throw new AssertionError("getSnapshotItems returned " + got + ", expected " + n);
        }
        return values;
    }
}
