// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/** Lets the remote machine tests (another package) reach the library's package-private native-thread hook. */
public final class NativeThreadHook {
    private NativeThreadHook() {
    }

    /**
     * Reloads a machine's counter names on a new native thread, one the JVM does not know.
     *
     * @param machine the machine
     * @return 0 or a code
     */
    public static int reloadNamesOnNewThread(Machine machine) {
        return FaultInjection.reloadNamesOnNewThread(machine);
    }
}
