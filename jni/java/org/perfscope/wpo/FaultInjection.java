// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * Tests only, not part of the API: makes the next native call of the calling thread throw a C++ exception inside
 * the library, to check that it reaches Java as {@link OutOfMemoryError} or {@link WPOException} (or a failure
 * code) and never as a crashed JVM; and runs a machine's fetch on a thread the JVM does not know. Package-private;
 * nothing in the library calls it.
 *
 * <p>Thread-safety: a fault is armed for the calling thread only.
 */
final class FaultInjection {
    static {
        WPOLibrary.load();
    }

    /** The calling thread's next native call throws {@code std::bad_alloc}. */
    static final int BAD_ALLOC = 1;
    /** The calling thread's next native call throws {@code std::runtime_error}. */
    static final int RUNTIME_ERROR = 2;

    private FaultInjection() {
    }

    /** Arms {@link #BAD_ALLOC} or {@link #RUNTIME_ERROR} for the calling thread's next native call; 0 disarms. */
    static void arm(int fault) {
        arm0(fault);
    }

    private static native void arm0(int fault);

    /**
     * Reloads a machine's counter names on a new native thread, one the JVM does not know, as a collection on a
     * library's own thread would fetch them.
     *
     * @param machine the machine
     * @return 0 or a code
     */
    static int reloadNamesOnNewThread(Machine machine) {
        return reloadNamesOnNewThread0(machine.samplerOwner());
    }

    /**
     * Natively.
     *
     * @param owner the sampler owner number of the machine
     * @return 0 or a code
     */
    private static native int reloadNamesOnNewThread0(int owner);
}
