// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfscope.wpo.jpmf.SensorNames;

/**
 * C++ exceptions thrown inside native calls reach Java converted (OutOfMemoryError, WPOException or a failure code),
 * and the JVM and the library keep working. In the library's package: FaultInjection is package-private.
 */
class FaultInjectionTest {
    private static final String MEMORY = "\\Memory\\Available Bytes";

    @AfterEach
    void disarm() {
        FaultInjection.arm(0);
    }

    /** The library still answers: a sampler opens, samples a positive figure and closes; a snapshot cycles. */
    private static void libraryStillWorks() {
        try (Sampler sampler = Sampler.open(MEMORY)) {
            sampler.sample();
            assertTrue(sampler.value(0) > 0, "Available Bytes " + sampler.value(0));
        }
        int h = JWPOSnapshot.createSnapshot(JWPOSnapshot.TYPE_GLOBAL, null);
        assertTrue(h > 0, "createSnapshot " + h);
        assertEquals(0, JWPOSnapshot.prepareSnapshot(h));
        assertEquals(0, JWPOSnapshot.destroySnapshot(h));
    }

    @Test
    void badAllocInAThrowingMethodIsOutOfMemoryError() {
        FaultInjection.arm(FaultInjection.BAD_ALLOC);
        OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> Sampler.open(MEMORY));
        assertTrue(e.getMessage().contains("native memory"), e.getMessage());
        libraryStillWorks();
    }

    @Test
    void badAllocInACodeMethodIsOutOfMemoryError() {
        FaultInjection.arm(FaultInjection.BAD_ALLOC);
        assertThrows(OutOfMemoryError.class, () -> JWPOSnapshot.createSnapshot(JWPOSnapshot.TYPE_GLOBAL, null));
        libraryStillWorks();
    }

    @Test
    void otherExceptionInAThrowingMethodIsWpoException() {
        FaultInjection.arm(FaultInjection.RUNTIME_ERROR);
        WPOException e = assertThrows(WPOException.class, () -> SensorNames.format("Memory", "Available Bytes", null));
        assertEquals(WPOError.FAILURE, e.code());
        assertTrue(e.getMessage().contains("fault injected"), e.getMessage());
        assertEquals(List.of("Memory", "Available Bytes"),
                List.of(SensorNames.parse(SensorNames.format("Memory", "Available Bytes", null))));
        libraryStillWorks();
    }

    @Test
    void otherExceptionInACodeMethodIsTheFailureCode() {
        FaultInjection.arm(FaultInjection.RUNTIME_ERROR);
        assertEquals(WPOError.FAILURE, JWPONames.getCount());
        assertTrue(JWPONames.getCount() > 0);
        libraryStillWorks();
    }

    @Test
    void aFaultIsOneShotAndStaysOnItsThread() throws Exception {
        FaultInjection.arm(FaultInjection.RUNTIME_ERROR);
        Throwable[] failed = new Throwable[1];
        Thread other = new Thread(() -> {
            try {
                libraryStillWorks();
            } catch (Throwable t) {
                failed[0] = t;
            }
        });
        other.start();
        other.join();
        assertEquals(null, failed[0], "another thread is not armed");
        assertEquals(WPOError.FAILURE, JWPONames.getCount());
        libraryStillWorks();
    }
}
