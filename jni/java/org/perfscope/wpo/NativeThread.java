// SPDX-License-Identifier: Apache-2.0
package org.perfscope.wpo;

/**
 * The operating system's id of the calling thread: {@code gettid()} on Linux, {@code GetCurrentThreadId()} on
 * Windows. That is the "ID Thread" counter of the Thread object (232), so a Java thread finds its own instance.
 *
 * <p>Thread-safety: stateless, safe from any thread (each thread gets its own id).
 */
public final class NativeThread {
    static {
        WPOLibrary.load();
    }

    private NativeThread() {
    }

    /**
     * The native id of the thread that calls this.
     *
     * @return the calling thread's operating-system id
     */
    public static native long currentThreadId();
}
