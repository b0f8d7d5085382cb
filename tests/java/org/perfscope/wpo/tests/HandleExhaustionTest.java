// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfscope.wpo.Sampler;
import org.perfscope.wpo.WPOError;
import org.perfscope.wpo.WPOException;

/**
 * Samplers opened and never closed: while they are reachable the native handles run out with a clear error; once
 * they are unreachable, running out asks the GC for them and the open succeeds.
 */
class HandleExhaustionTest {
    private static final String PATH = "\\Memory\\Available Bytes";
    private static final int NO_LIMIT_FOUND = 1 << 22;

    @Test
    void unclosedUnreachableSamplersAreReclaimedWhenHandlesRunOut() {
        // Held: the GC cannot help, so the table's size shows as the one failure.
        List<Sampler> held = new ArrayList<>();
        WPOException full = null;
        while (held.size() < NO_LIMIT_FOUND) {
            try {
                held.add(Sampler.open(PATH));
            } catch (WPOException e) {
                full = e;
                break;
            }
        }
        assertNotNull(full, "no handle limit below " + NO_LIMIT_FOUND);
        assertEquals(WPOError.TOO_MANY_HANDLES, full.code());
        assertTrue(full.getMessage().contains("too many"), full.getMessage());
        int limit = held.size();
        assertTrue(limit > 1000, "limit " + limit);

        // Dropped without close: past the limit once more, every open succeeds.
        held = null;
        int opened = 0;
        for (int i = 0; i < limit + 1000; i++) {
            Sampler sampler = Sampler.open(PATH);
            assertEquals(1, sampler.columns().size());
            opened++;
        }
        assertEquals(limit + 1000, opened);

        // And a closed sampler never counts against the next ones.
        for (int i = 0; i < 10; i++) {
            try (Sampler sampler = Sampler.open(PATH)) {
                sampler.sample();
                assertTrue(sampler.value(0) > 0);
            }
        }
    }
}
